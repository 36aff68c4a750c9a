import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect as baseExpect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, login, signInApi, test } from '../support.ts';

/**
 * Import Excel (document 2 §2, §4): the example sheet checked (dry run), applied as a job with its
 * progress in place, then the ring found with its variants in /products; and a sheet with line
 * errors, which offers no Apply.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const result = (page: Page) => page.getByTestId('import-result');

async function openImport(page: Page) {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Import Excel' }).click();
  await expect(page).toHaveURL(/\/products\/importexcel$/);
  await expect(page.getByRole('heading', { name: 'Import Excel' })).toBeVisible();
}

test('import the example sheet: dry run, apply as a job, then the ring and its variants in /products', async ({ page, request }) => {
  test.slow();
  await openImport(page);

  // The example sheet downloads as a real .xlsx.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Example Sheet' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('product-import-example.xlsx');
  const example = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-e2e-')), 'example.xlsx');
  await download.saveAs(example);

  // A file of another type is refused before anything is sent.
  await page.getByTestId('import-file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from('sku,product_title\n') });
  await expect(page.getByText(MESSAGES.fileFormatNotSupported)).toBeVisible();

  await page.getByTestId('import-file').setInputFiles(example);
  await page.getByRole('button', { name: 'Check Data' }).click();
  await expect(result(page).getByText('2 to create, 0 to update, 0 unchanged')).toBeVisible();
  await expect(result(page).getByText('4 to create, 0 to update, 0 unchanged')).toBeVisible();
  // Neither product has images yet: the dialog lists them.
  const dialog = page.getByRole('dialog').filter({ hasText: MESSAGES.productImagesNotFound });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('RING-EX-100')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(MESSAGES.importDone)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar').first()).toBeVisible();

  // The job is in the Job Centre too.
  await signInApi(request);
  const jobs = (await (await request.get('/api/jobs?page=1&pageSize=10')).json()) as { items: { kind: string; status: string }[] };
  expect(jobs.items.find((job) => job.kind === 'products.import')?.status).toBe('succeeded');

  await page.getByRole('button', { name: 'Go to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Filters' });
  await panel.getByLabel('Name', { exact: true }).fill('Classic Solitaire Engagement Ring');
  await panel.getByLabel('Name', { exact: true }).press('Enter');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(5);
  for (const sku of ['RING-EX-100', 'RING-EX-100-YG-L', 'RING-EX-100-YG-N', 'RING-EX-100-PT-L', 'RING-EX-100-PT-N']) {
    await expect(rows.filter({ hasText: sku }).first()).toBeVisible();
  }
});

test('a sheet with line errors lists them as the spec words them, offers their download, and no Apply', async ({ page }) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['SKU', 'Parent SKU', 'Product Title', 'Attribute Set', 'Category', 'Price', 'Option1 Name', 'Option1 Value']);
  sheet.addRow(['', '', 'No SKU Ring', 'Rings', 'Rings', 100]);
  sheet.addRow(['E2E-ERR-1', 'E2E-NOPE', '', '', '', 'abc', 'metal', '']);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

  await openImport(page);
  await page.getByTestId('import-file').setInputFiles({ name: 'errors.xlsx', mimeType: 'application/octet-stream', buffer: bytes });
  await page.getByRole('button', { name: 'Check Data' }).click();
  await expect(result(page).getByText(`Line- 2: ${MESSAGES.importSkuRequired}`)).toBeVisible();
  await expect(result(page).getByText(`Line- 3: ${MESSAGES.importPriceInvalid}, ${MESSAGES.importOptionValueRequired(1)}, ${MESSAGES.importParentMissing('E2E-NOPE')}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Errors' }).click();
  expect((await downloading).suggestedFilename()).toBe('product-import-errors.xlsx');
});
