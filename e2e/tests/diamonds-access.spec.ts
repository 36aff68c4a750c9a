import type { Page } from '@playwright/test';
import { expect as baseExpect } from '@playwright/test';
import { columnOf, createRole, createUser, login, selectOption, sidebar, signInApi, test, TEST_PASSWORD, uniqueName } from '../support.ts';

/**
 * A member of staff who holds only the `diamonds` permission (a diamond desk): the Diamonds menu and
 * its screens work, the Shape filter offers the shop's shapes (readable through `alsoReadBy`, not
 * editable), and every other area is out of sight: no menu entry, and its address sends them to the
 * dashboard (the shell's answer to a page the user may not open, DESIGN §5).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const panel = (page: Page) => page.getByRole('form', { name: 'Filters' });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('a user holding only `diamonds` filters by shape, opens a stone, and sees no other area', async ({ page, request }) => {
  test.slow();
  await signInApi(request);
  const username = uniqueName('diamonddesk');
  await createUser(request, username, [await createRole(request, uniqueName('Diamond Desk '), ['diamonds'])]);

  await login(page, username, TEST_PASSWORD);
  const menu = sidebar(page);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByText('Diamonds', { exact: true }).first()).toBeVisible();
  for (const area of ['Products', 'Categories', 'Content Management', 'Cache Management', 'Attribute', 'User Management', 'System']) {
    await expect(menu.getByText(area, { exact: true }), area).toHaveCount(0);
  }

  await menu.getByText('Diamonds', { exact: true }).first().click();
  for (const entry of ['Diamonds', 'Gemstones', 'Pull Diamond', 'Sold Diamond']) await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Diamonds', exact: true }).click();
  await expect(page).toHaveURL(/\/diamonds$/);
  await expect(rows(page)).toHaveCount(20);

  // The Shape filter's choices are the shop's shapes, read with `diamonds` alone.
  await selectOption(panel(page).getByLabel('Shape', { exact: true }), 'Oval', { search: true });
  await page.keyboard.press('Escape');
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/diamonds\?(.*&)?shape=\d+/);
  const names = rows(page).locator(await columnOf(page, 'Name'));
  await expect(names.first()).toContainText(/ct Oval .*Natural Diamond/);
  for (const name of await names.allTextContents()) expect(name).toMatch(/ct Oval .*Natural Diamond/);
  await page.screenshot({ path: 'test-results/diamonds-only-list.png', fullPage: true });

  // A stone: its rows and its price working.
  const row = rows(page).filter({ hasNotText: 'Sold Out' }).first();
  const sku = (await row.locator(await columnOf(page, 'SKU')).textContent()) ?? '';
  await row.getByRole('button', { name: `View ${sku}` }).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Price working' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('row', { name: new RegExp(`Shape\\s*Oval`) })).toBeVisible();
  await expect(modal.getByText(/^Price: £[\d,]+$/)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Mark as sold' })).toBeVisible();
  await page.screenshot({ path: 'test-results/diamonds-only-detail.png' });
  await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Other areas, typed into the address bar: the dashboard instead; their API refuses.
  for (const path of ['/system/service/settings', '/system/service', '/system/nivoda-logs', '/system/diamondshape', '/system/diamondshape/add', '/products', '/users']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  }
  expect((await page.request.get('/api/nivoda-settings')).status()).toBe(403);
  expect((await page.request.put('/api/diamonds/exchange-rate', { data: { rate: '0.5', date: '2026-11-20' } })).status()).toBe(403);
  const shapes = await page.request.get('/api/diamond-shapes');
  expect(shapes.status()).toBe(200);
  expect((await page.request.post('/api/diamond-shapes', { data: { name: uniqueName('Shape') } })).status()).toBe(403);
});
