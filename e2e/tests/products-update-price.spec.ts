import { PRICE_UPDATE_MESSAGES } from '@facet/contract/modules/product-prices/product-price.schema';
import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, login, signInApi, test, uniqueName } from '../support.ts';

/**
 * Update Price (document 2 §2 /products/updateprice, §8): from the products list, a sheet naming an
 * unknown SKU is refused with 'Invalid SKU(s) in Sheet : ...' and Copy SKUs puts them on the
 * clipboard; a good sheet then runs as a job to 'Price updated sucessfully', and the run is listed
 * with its prices before and after.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

async function sheetOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function priceOf(request: APIRequestContext, sku: string): Promise<number> {
  const response = await request.get(`/api/products?sku=${sku}`);
  const items = ((await response.json()) as { items: { sku: string; id: number }[] }).items;
  const product = await request.get(`/api/products/${items.find((item) => item.sku === sku)!.id}`);
  return ((await product.json()) as { price: number }).price;
}

test('update price: an unknown SKU is refused with Copy SKUs, then a good sheet updates every price', async ({ page, request, context }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInApi(request);
  const run = uniqueName('up');
  const set = await request.post('/api/attribute-sets', { data: { name: `${run} Set`, status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } });
  expect(set.status()).toBe(201);
  const category = await request.post('/api/categories', { data: { name: `Cat ${run}`, title: `Cat ${run}`, slug: `cat-${run}` } });
  expect(category.status()).toBe(201);
  const skus = [`${run}-A`, `${run}-B`];
  for (const sku of skus) {
    const response = await request.post('/api/products', { data: { attributeSetId: (await set.json()).id, name: `Ring ${sku}`, sku, categoryIds: [(await category.json()).id], price: 100 } });
    expect(response.status(), await response.text()).toBe(201);
  }

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Update Price' }).click();
  await expect(page).toHaveURL(/\/products\/updateprice$/);
  await expect(page.getByRole('heading', { name: 'Update Price' })).toBeVisible();

  // A sheet with an unknown SKU: the spec's message, and Copy SKUs copies it.
  const unknown = `${run}-NOPE`;
  await page.locator('input[type=file]').setInputFiles({ name: 'prices.xlsx', mimeType: 'application/octet-stream', buffer: await sheetOf([['sku', 'price'], [skus[0]!, 150], [unknown, 5]]) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(PRICE_UPDATE_MESSAGES.invalidSkus([unknown]))).toBeVisible();
  await page.getByRole('button', { name: 'Copy SKUs' }).click();
  await expect(page.getByText(PRICE_UPDATE_MESSAGES.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(unknown);
  // All or nothing: the known SKU of the refused sheet kept its price.
  expect(await priceOf(request, skus[0]!)).toBe(100);

  // A good sheet: the job runs, the spec's toast, the prices change.
  await page.locator('input[type=file]').setInputFiles({ name: 'good-prices.xlsx', mimeType: 'application/octet-stream', buffer: await sheetOf([['sku', 'price'], [skus[0]!, 150], [skus[1]!, 275.5]]) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(PRICE_UPDATE_MESSAGES.updated)).toBeVisible();
  expect(await priceOf(request, skus[0]!)).toBe(150);
  expect(await priceOf(request, skus[1]!)).toBe(275.5);

  // The run is listed as applied; its prices before and after open under it.
  const runs = page.getByRole('region', { name: 'Price updates' });
  const row = runs.locator('tr.ant-table-row').filter({ hasText: 'good-prices.xlsx' }).first();
  await expect(row).toContainText('Applied');
  await row.getByRole('button', { name: /expand row/i }).click();
  const items = page.getByRole('region', { name: /^Prices of update/ });
  await expect(items.locator('tr.ant-table-row').filter({ hasText: skus[1]! })).toContainText('£275.50');
});
