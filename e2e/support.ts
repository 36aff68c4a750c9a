import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Helpers shared by every journey. Each test builds its own data through these. */

/** Every journey's `test`: Playwright's, with axe checking each screen the journey opens (accessibility.ts). */
export { test } from './accessibility.ts';

export const ADMIN = { username: 'admin', password: 'admin-pass1' } as const;
/** Passwords of users the tests create: 8 to 12 characters, as the spec allows. */
export const TEST_PASSWORD = 'Test-pass1';

let counter = 0;

/** A name no other test (or earlier run on the same data) uses; letters and digits only, as names allow. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/**
 * The `td:nth-child` selector of the list's column headed `header`, found by its header: a list
 * with bulk actions starts with its selection column, so positions are not fixed.
 */
export async function columnOf(page: Page, header: string): Promise<string> {
  const headers = page.locator('.ant-table-thead th');
  await expect(headers.filter({ hasText: header }).first()).toBeVisible();
  const index = (await headers.allTextContents()).findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`the list has no column ${header}`);
  return `td:nth-child(${index + 1})`;
}

/** Signs in through the login page (username or email) and waits for the dashboard. */
export async function login(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  // On a loaded machine the sign-in (argon2) and the shell may each take longer than the default 10 s.
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByTestId('profile-name')).toBeVisible({ timeout: 30_000 });
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The sidebar's links and group titles, in order. */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/**
 * Opens `entry` of the sidebar's `section` submenu, expanding the submenu first when it is closed, and
 * waits for the page at `url`. The submenu opens with an animation, and the menu opens the current
 * page's section itself as it settles after sign-in: a click that lands in between navigates nowhere
 * (a CI run stayed on the dashboard), so the step is tried again until the page opens.
 */
export async function openMenuEntry(page: Page, section: string, entry: string, url: RegExp) {
  const link = sidebar(page).getByRole('link', { name: entry, exact: true });
  await expect(async () => {
    if (!(await link.isVisible())) await sidebar(page).getByText(section, { exact: true }).click();
    await link.click({ timeout: 5_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks the option `option` of a searchable antd Select found by its exact form label, typing it first. */
export async function chooseOption(page: Page, label: string, option: string) {
  await selectOption(page.getByLabel(label, { exact: true }), option, { search: true });
}

/** Clicks OK/Yes in the antd confirmation dialog titled `title`. */
export async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** Signs the API request context in as admin, so the test can create its data directly. */
export async function signInApi(request: APIRequestContext, username: string = ADMIN.username, password: string = ADMIN.password) {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { catalogue: { id: number; key: string }[] };
}

/** Creates a role holding exactly the given permission keys (the caller must be signed in as admin). */
export async function createRole(request: APIRequestContext, name: string, permissionKeys: string[]): Promise<number> {
  const me = (await (await request.get('/api/auth/me')).json()) as { catalogue: { id: number; key: string }[] };
  const permissionIds = permissionKeys.map((key) => {
    const entry = me.catalogue.find((p) => p.key === key);
    if (!entry) throw new Error(`No permission with key ${key}`);
    return entry.id;
  });
  const response = await request.post('/api/roles', { data: { name, permissionIds } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Creates an active user with the given roles and TEST_PASSWORD. */
export async function createUser(request: APIRequestContext, name: string, roleIds: number[]): Promise<number> {
  const response = await request.post('/api/users', {
    data: { name, email: `${name.toLowerCase()}@example.test`, status: true, roleIds, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Picks the option `option` of an antd Select found by its exact form label ('Metal' beside 'Metal
 * Quality'), from its own list.
 */
export async function pickOption(page: Page, label: string, option: string) {
  await selectOption(page.getByLabel(label, { exact: true }), option);
}

/**
 * Picks the option whose text is `option`, or begins with it as whole words ('Round' for 'Round
 * (Round)', never 'Platinum' for '950 Platinum' nor 'Active' for 'Inactive'), in this antd Select
 * (typing it first when `search`), and waits until the select shows it. On a busy machine a click
 * can land while the dropdown is still opening or closing and be lost, so it tries again until the
 * choice shows. It never clicks an option already chosen: in a multiple select that would take it
 * away again.
 */
export async function selectOption(select: Locator, option: string, { search = false } = {}) {
  const page = select.page();
  const text = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
  const root = select.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // A chosen value (a single select's value, a multiple select's tag) carries its text as its title.
  const isChosen = () =>
    root.evaluate((element, source) => [...element.querySelectorAll('[title]')].some((chosen) => new RegExp(source).test(chosen.getAttribute('title') ?? '')), text.source);
  await expect(async () => {
    if (await isChosen()) return;
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    if (search) await select.fill(option);
    // This select's own list (found through aria-controls), not any dropdown of the page: one that
    // is still closing may hold a similar label.
    const listId = await select.getAttribute('aria-controls');
    const list = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
    await list.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 5_000 });
    await expect.poll(isChosen, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** Counts the requests the page sends with this method to this API path from now on (a refused form sends none). */
export function countRequests(page: Page, method: string, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/**
 * Holds every request to this API path until the returned function is called, so a test can look
 * at a screen while its data is still on the way.
 */
export async function holdRequests(page: Page, pathname: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
