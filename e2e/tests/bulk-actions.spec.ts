import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, login, signInApi, test, uniqueName } from '../support.ts';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

test('shipping rates: filter, select all matching, set them Inactive as a job, see it finish and the rows change', async ({ page, request }) => {
  // A job between two screens: longer than the default budget on a loaded machine.
  test.slow();
  await signInApi(request);
  const run = uniqueName('bulk');
  // Eight cheap rates (the filter's) over two pages of five, and three dear ones the filter leaves out.
  const rates = [...Array.from({ length: 8 }, (_, i) => ({ name: `${run} cheap ${i}`, rate: 4 })), ...Array.from({ length: 3 }, (_, i) => ({ name: `${run} dear ${i}`, rate: 30 }))];
  for (const rate of rates) {
    const response = await request.post('/api/shipping-rates', { data: { ...rate, minFreeShippingAmount: 100, status: true } });
    expect(response.status(), await response.text()).toBe(201);
  }

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`/system/shippingrate?search=${run}&pageSize=5`);
  // The first screen loads the app's code: on a busy machine that alone can take a while.
  await expect(page.getByText('Total 11 records')).toBeVisible({ timeout: 30_000 });
  // The Filters panel: rates up to £10.
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Filters' });
  await panel.getByLabel('Rate to').fill('10');
  await panel.getByLabel('Rate to').press('Enter');
  await expect(page).toHaveURL(/rateTo=10/);
  await expect(page.getByText('Total 8 records')).toBeVisible();

  // Tick the page (five rows), then widen to everything the filter selects.
  await expect(rows(page)).toHaveCount(5);
  // Each row's checkbox names its rate, not its position.
  await expect(rows(page).getByRole('checkbox', { name: new RegExp(`^Select ${run} cheap \\d$`) })).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar(page)).toContainText('5 selected');
  await bar(page).getByRole('button', { name: 'Select all 8 matching' }).click();
  await expect(bar(page)).toContainText('All 8 matching selected');
  await page.screenshot({ path: 'test-results/bulk-actions-selected.png', fullPage: true });

  await bar(page).getByRole('button', { name: 'Set status' }).click();
  await page.getByRole('menuitem', { name: 'Inactive' }).click();
  // The dialog names the count; it stays busy until the job is queued (the first job of a run starts the job engine).
  const dialog = page.getByRole('dialog').filter({ hasText: MESSAGES.bulkStatusConfirm('8', 'shipping rates', 'Inactive') });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(MESSAGES.jobStarted)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // The job's progress in place, to Succeeded; then the list shows the new status without a reload.
  await expect(page.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('8 of 8')).toBeVisible();
  await expect(rows(page).getByRole('switch', { checked: true })).toHaveCount(0);
  await expect(rows(page).getByRole('switch', { checked: false })).toHaveCount(5);
  await page.screenshot({ path: 'test-results/bulk-actions-done.png', fullPage: true });

  // Only the filtered rates changed.
  const all = (await (await request.get(`/api/shipping-rates?search=${run}&pageSize=20`)).json()) as { items: { name: string; status: boolean }[] };
  expect(all.items.filter((rate) => !rate.status).map((rate) => rate.name).sort()).toEqual(rates.slice(0, 8).map((rate) => rate.name).sort());

  // The Job Centre shows the run, who started it and what it did.
  await page.getByRole('link', { name: 'Open the Job Centre' }).click();
  await expect(page).toHaveURL(/\/system\/jobs$/);
  const row = page.getByRole('row').filter({ hasText: 'Bulk change of shipping rates' }).first();
  await expect(row).toContainText('Succeeded');
  // The result as stored (jsonb orders its keys by length).
  await expect(row).toContainText('action: Set status to Inactive, changed: 8, matched: 8, selected: 8');
  await expect(row).toContainText(ADMIN.username);
  await page.screenshot({ path: 'test-results/bulk-actions-job-centre.png', fullPage: true });
});

test('products: filter by name, select all matching, set them Inactive as a job, follow it in the Job Centre, see the list change', async ({ page, request }) => {
  test.slow();
  await signInApi(request);
  const run = uniqueName('bp');
  const created = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(path, { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number };
  };
  const setId = (await created('/api/attribute-sets', { name: `${run} Set`, status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] })).id;
  const categoryId = (await created('/api/categories', { name: `Bulk ${run}`, title: `Bulk ${run}`, slug: `bulk-${run}` })).id;
  // 23 products the name filter selects: a page of 20 and 3 more; one other that it leaves out.
  for (let n = 1; n <= 23; n += 1) await created('/api/products', { attributeSetId: setId, name: `${run} Ring ${n}`, sku: `${run}-R${n}`, categoryIds: [categoryId], price: 100, status: true });
  await created('/api/products', { attributeSetId: setId, name: `Other ${run}`, sku: `${run}-O1`, categoryIds: [categoryId], price: 100, status: true });

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Filters' });
  await panel.getByLabel('Name', { exact: true }).fill(`${run} Ring`);
  await panel.getByLabel('Name', { exact: true }).press('Enter');
  await expect(page.getByText('Total 23 records')).toBeVisible({ timeout: 30_000 });
  await expect(rows(page)).toHaveCount(20);

  // The page's twenty, then everything the filter selects.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar(page)).toContainText('20 selected');
  await bar(page).getByRole('button', { name: 'Select all 23 matching' }).click();
  await expect(bar(page)).toContainText('All 23 matching selected');
  await page.screenshot({ path: 'test-results/bulk-products-selected.png' });
  await bar(page).getByRole('button', { name: 'Set status' }).click();
  await page.getByRole('menuitem', { name: 'Inactive' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: MESSAGES.bulkStatusConfirm('23', 'products', 'Inactive') });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(MESSAGES.jobStarted)).toBeVisible({ timeout: 30_000 });

  // Its progress in place to Succeeded, the spec's toast, and the switches off without a reload.
  await expect(page.getByText('23 of 23')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Succeeded')).toBeVisible();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await expect(rows(page).getByRole('switch', { checked: true })).toHaveCount(0);
  await expect(rows(page).getByRole('switch', { checked: false })).toHaveCount(20);
  await page.screenshot({ path: 'test-results/bulk-products-done.png', fullPage: true });

  // The Job Centre: who ran it and what it did.
  await page.getByRole('link', { name: 'Open the Job Centre' }).click();
  await expect(page).toHaveURL(/\/system\/jobs$/);
  const job = page.getByRole('row').filter({ hasText: 'Bulk change of products' }).first();
  await expect(job).toContainText('Succeeded');
  await expect(job).toContainText('action: Set status to Inactive, changed: 23, matched: 23, selected: 23');
  await page.screenshot({ path: 'test-results/bulk-products-job-centre.png', fullPage: true });

  // Back on the list, its Status filter finds them Inactive; the other product kept its status.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?/);
  expect(((await (await request.get(`/api/products?name=${run}%20Ring&status=0`)).json()) as { total: number }).total).toBe(23);
  expect(((await (await request.get(`/api/products?name=Other%20${run}&status=1`)).json()) as { total: number }).total).toBe(1);
});

test('diamonds: narrow the list, select all matching and export them as a job, then download the file', async ({ page }) => {
  test.slow();
  await login(page, ADMIN.username, ADMIN.password);
  // Earth mined (the list's default) of colour D: some hundreds of the demo's stones, over many pages.
  await page.goto('/diamonds?color=D');
  await expect(rows(page)).toHaveCount(20, { timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar(page)).toContainText('20 selected');
  // Export takes the list's filters: offered once everything matching is selected.
  await expect(bar(page).getByRole('button', { name: 'Export' })).toBeDisabled();
  await bar(page).getByRole('button', { name: /^Select all [\d,]+\+? matching$/ }).click();
  await expect(bar(page)).toContainText(/All [\d,]+\+? matching selected/);
  await bar(page).getByRole('button', { name: 'Export' }).click();
  await page.getByRole('dialog').filter({ hasText: /^Export [\d,]+\+? diamonds to Excel\?/ }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(MESSAGES.jobStarted)).toBeVisible({ timeout: 30_000 });
  const link = page.getByRole('link', { name: 'Download Diamonds.xlsx' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/bulk-diamonds-export.png', fullPage: true });
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('Diamonds.xlsx');
});
