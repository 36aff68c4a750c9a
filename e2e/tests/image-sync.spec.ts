import { IMAGE_SYNC_MESSAGES, IMAGE_SYNC_SETTING_KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { FAKE_DROPBOX_APP } from '../../packages/server/src/integrations/dropbox/fake-dropbox.ts';
import { ADMIN, login, openMenuEntry, test, uniqueName } from '../support.ts';

/** The shop's Dropbox app in Settings, as staff set it: the local Dropbox's (the demo's own app, or an earlier run's, is replaced). */
async function setUpDropboxApp(page: Page) {
  for (const [key, value] of [
    [IMAGE_SYNC_SETTING_KEYS.appKey, FAKE_DROPBOX_APP.appKey],
    [IMAGE_SYNC_SETTING_KEYS.appSecret, FAKE_DROPBOX_APP.appSecret],
  ] as const) {
    const found = (await (await page.request.get('/api/settings', { params: { search: key } })).json()) as { items: { id: number; key: string; title: string; version: number }[] };
    const row = found.items.find((item) => item.key === key);
    const saved = row
      ? await page.request.put(`/api/settings/${row.id}`, { data: { title: row.title, key, value, version: row.version } })
      : await page.request.post('/api/settings', { data: { title: key, key, value } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  // Each run connects afresh (an earlier run on the same database left it connected).
  const state = (await (await page.request.get('/api/image-sync')).json()) as { isConnected: boolean };
  if (state.isConnected) expect((await page.request.delete('/api/image-sync/connection')).ok()).toBe(true);
}

/** A file in the local Dropbox (the fake's own door: the journey runs in another process). */
async function putInDropbox(path: string, bytes: Buffer) {
  const response = await fetch(`${process.env.FAKE_DROPBOX_URL}/__fake/files?path=${encodeURIComponent(path)}`, { method: 'PUT', body: bytes.toString('base64') });
  expect(response.status).toBe(204);
}

const image = (format: 'png' | 'jpeg', background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })[format]().toBuffer();

test('the demo shows Dropbox connected and the report of its last sync', async ({ page }) => {
  // The demo's connection, as `npm start` seeds it (the journey below replaces it with the local Dropbox's).
  await login(page, ADMIN.username, ADMIN.password);
  await openMenuEntry(page, 'System', 'Dropbox Image Sync', /\/dropboximagesync/);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Matched: 2')).toBeVisible();
  await expect(page.getByText('Unmatched: 1')).toBeVisible();
  await expect(page.getByText('Rejected: 2')).toBeVisible();
  await expect(page.getByText('Removed: 1')).toBeVisible();
  const report = page.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: 'OLD-RING-0042.jpg' })).toContainText(IMAGE_SYNC_MESSAGES.unmatched('OLD-RING-0042'));
  await expect(report.getByRole('row').filter({ hasText: 'Removed' })).toContainText(IMAGE_SYNC_MESSAGES.removed);
  await page.screenshot({ path: 'test-results/screens/image-sync-demo.png', fullPage: true });
});

test('connects Dropbox and syncs two images onto a product', async ({ page }) => {
  // Two full page loads (out to Dropbox and back) and a job: slow on a loaded machine.
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('dbx');
  const sku = `${run}-RING`.toUpperCase();
  const set = await page.request.post('/api/attribute-sets', { data: { name: `${run} Set`, status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } });
  expect(set.status()).toBe(201);
  const category = await page.request.post('/api/categories', { data: { name: `Cat ${run}`, title: `Cat ${run}`, slug: `cat-${run}` } });
  expect(category.status()).toBe(201);
  const product = await page.request.post('/api/products', { data: { attributeSetId: (await set.json()).id, name: `Ring ${run}`, sku, categoryIds: [(await category.json()).id], price: 100 } });
  expect(product.status(), await product.text()).toBe(201);
  await putInDropbox(`/Product Images/${sku}.png`, await image('png', { r: 212, g: 175, b: 55 }));
  await putInDropbox(`/Product Images/side views/${sku}_2.jpg`, await image('jpeg', { r: 180, g: 180, b: 190 }));
  await putInDropbox(`/Product Images/${sku}-UNKNOWN.png`, await image('png', { r: 10, g: 10, b: 10 }));
  await setUpDropboxApp(page);

  // Not connected: the page sends the browser to Dropbox (the fake approves at once) and Dropbox sends it back with ?code= and state.
  await openMenuEntry(page, 'System', 'Dropbox Image Sync', /\/dropboximagesync/);
  // Back without the code (it works once), connected ('Dropbox connected' is a toast of a few seconds: the tag stays).
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dropboximagesync$/);
  await expect(page.getByText('The file name is the SKU of a product or variant')).toBeVisible();

  await page.getByRole('button', { name: 'Sync now' }).click();
  // The report of the run lists this run's files (an earlier run on the same database may add its own: the folder is shared).
  const report = page.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: `${sku}.png` })).toContainText('Matched', { timeout: 30_000 });
  await expect(report.getByRole('row').filter({ hasText: `${sku}_2.jpg` })).toContainText('Matched');
  await expect(report.getByRole('row').filter({ hasText: `${sku}-UNKNOWN.png` })).toContainText(IMAGE_SYNC_MESSAGES.unmatched(`${sku}-UNKNOWN`));
  await expect(page.getByText(/^Matched: \d+$/)).toBeVisible();
  await expect(page.getByText(/^Unmatched: \d+$/)).toBeVisible();
  await expect(page.getByText('Last sync', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/image-sync.png', fullPage: true });

  // The two images are in the product's media library.
  const library = (await (await page.request.get('/api/product-media', { params: { sku, kind: 'image' } })).json()) as { items: { name: string }[] };
  expect(library.items.map((item) => item.name).sort()).toEqual([`${sku}.png`, `${sku}_2.jpg`]);
});

test('a refusal at Dropbox shows its reason instead of going back to Dropbox', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/dropboximagesync?error=access_denied&error_description=The+user+chose+not+to+give+your+app+access');
  await expect(page.getByText('Dropbox was not connected')).toBeVisible();
  await expect(page.getByText('Dropbox did not grant access: The user chose not to give your app access')).toBeVisible();
  await expect(page).toHaveURL(/\/dropboximagesync\?error=/);
});
