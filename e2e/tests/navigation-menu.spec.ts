import { MESSAGES } from '@facet/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, countRequests, login, pickOption, signInApi, test, uniqueName } from '../support.ts';

function fieldError(page: Page, label: string) {
  return page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain');
}

async function createItem(request: APIRequestContext, title: string) {
  const response = await request.post('/api/navigation-menu', {
    data: { title, description: 'Created by a browser test', menuType: 'blank', sortOrder: 0, status: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

async function parentOf(request: APIRequestContext, id: number) {
  return ((await (await request.get(`/api/navigation-menu/${id}`)).json()) as { parentId: number | null }).parentId;
}

/**
 * Drags a tree row onto another, a little to the right so antd's tree takes it as a child (it reads
 * the level from the horizontal distance moved).
 */
async function dragUnder(page: Page, childId: number, parentId: number) {
  const from = (await page.getByTestId(`menu-node-${childId}`).boundingBox())!;
  const to = (await page.getByTestId(`menu-node-${parentId}`).boundingBox())!;
  await page.mouse.move(from.x + 40, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 45, to.y + to.height / 2 + 4, { steps: 8 });
  await page.mouse.move(to.x + 90, to.y + to.height / 2 + 4, { steps: 8 });
  await page.mouse.up();
}

test('the menu tree: drag an item under another, Save Menu only after a rearrangement, saved in one request', async ({ page }) => {
  await signInApi(page.request);
  const parent = await createItem(page.request, uniqueName('Parent'));
  const child = await createItem(page.request, uniqueName('Child'));

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/system/navigation-menu');
  const saveMenu = page.getByRole('button', { name: 'Save Menu' });
  await expect(page.getByTestId(`menu-node-${child.id}`)).toBeVisible();
  await expect(saveMenu).toBeDisabled();

  await dragUnder(page, child.id, parent.id);
  await expect(saveMenu).toBeEnabled();
  expect(await parentOf(page.request, child.id)).toBeNull();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/navigation-menu/order') && r.request().method() === 'PUT');
  await saveMenu.click();
  expect((await saved).status()).toBe(204);
  await expect(page.getByText(MESSAGES.navigationMenuUpdated)).toBeVisible();
  await expect(saveMenu).toBeDisabled();
  expect(await parentOf(page.request, child.id)).toBe(parent.id);
});

test('the menu item form: custom link rules, add, edit with New Menu, and a disabled item listed apart', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('System').click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Navigation Menu' }).click();
  await expect(page).toHaveURL(/\/system\/navigation-menu$/);
  await expect(page.getByRole('button', { name: 'New Menu' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Title')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Description')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Menu Type')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Sort Order')).toHaveText(MESSAGES.required);

  const title = uniqueName('Bespoke');
  await page.getByLabel('Title').fill('t'.repeat(51));
  await expect(fieldError(page, 'Title')).toHaveText(MESSAGES.maxLength(50));
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Design your own ring with our goldsmiths.');
  await pickOption(page, 'Menu Type', 'Custom Link');
  await page.getByRole('textbox', { name: 'Custom Link' }).fill('bespoke rings');
  await page.getByLabel('Sort Order').fill('7');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Custom Link')).toHaveText(MESSAGES.invalidUrl);

  await page.getByRole('textbox', { name: 'Custom Link' }).fill('https://www.facet-jewellery.co.uk/bespoke');
  await page.getByRole('switch').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.navigationMenuAdded)).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');

  // Saved as inactive: listed under Disabled Menus, not in the tree.
  const disabledRow = page.getByRole('row', { name: new RegExp(title) });
  await expect(disabledRow).toContainText('Inactive');
  await disabledRow.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/system\/navigation-menu\/edit\/\d+$/);
  await expect(page.getByRole('button', { name: 'New Menu' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Custom Link' })).toHaveValue('https://www.facet-jewellery.co.uk/bespoke');
  await page.getByRole('switch').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.navigationMenuUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/system\/navigation-menu$/);
  await expect(page.locator('.ant-tree').getByText(title)).toBeVisible();
});

test('a custom link that is not a URL is reported on the first submit, beside the other fields, and nothing is sent', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/system/navigation-menu');
  const posted = countRequests(page, 'POST', '/api/navigation-menu');
  await pickOption(page, 'Menu Type', 'Custom Link');
  await page.getByRole('textbox', { name: 'Custom Link' }).fill('bespoke rings');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Title')).toHaveText(MESSAGES.required);
  await expect(fieldError(page, 'Custom Link')).toHaveText(MESSAGES.invalidUrl);
  await page.screenshot({ path: '/tmp/navigation-menu-link.png' });
  expect(posted()).toBe(0);

  // A refused image blocks the form too; Cancel starts afresh, with nothing of it left behind.
  await page.getByTestId('image-upload-navigation-menu-image').setInputFiles({ name: 'menu.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(fieldError(page, 'Image')).toHaveText(MESSAGES.fileFormatNotSupported);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(MESSAGES.fileFormatNotSupported)).toHaveCount(0);
  const title = uniqueName('Blank');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A heading without a link.');
  await pickOption(page, 'Menu Type', 'Blank');
  await page.getByLabel('Sort Order').fill('0');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.navigationMenuAdded)).toBeVisible();
  expect(posted()).toBe(1);
});

test('Generate Sitemap builds it on the server, says so in a toast and a dialog, and /sitemap.xml serves it', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/system/navigation-menu');
  const generated = page.waitForResponse((r) => r.url().endsWith('/api/navigation-menu/sitemap'));
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  expect((await generated).status()).toBe(201);
  // The toast first: it leaves after a few seconds, the dialog stays until OK.
  await expect(page.locator('.ant-message').getByText(MESSAGES.sitemapGenerated)).toBeVisible();
  const dialog = page.getByRole('dialog').filter({ hasText: MESSAGES.sitemapGenerated });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();

  const xml = await (await page.request.get('/sitemap.xml')).text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toMatch(/<loc>[^<]+\/about-us<\/loc>\s*<lastmod>[\d-]+<\/lastmod>\s*<priority>0\.8<\/priority>/);
});
