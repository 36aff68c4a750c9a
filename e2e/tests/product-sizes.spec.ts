import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, confirmDialog, login, test, uniqueName } from '../support.ts';

/** Types sizes into a tag list: each Enter adds one. */
async function addSizes(page: Page, label: string, sizes: string[]) {
  for (const size of sizes) {
    await page.getByLabel(label, { exact: true }).fill(size);
    await page.getByLabel(label, { exact: true }).press('Enter');
  }
}

describeListJourney({
  name: 'product sizes',
  listPath: '/system/productsize',
  addButton: 'Add Product Size',
  apiPath: '/api/product-sizes',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: { type: `${run} Anklet Length`, unisexSizes: ['9"', '10"'], status: true }, rowText: `${run} Anklet Length` },
      { body: { type: `${run} Bangle Size`, femaleSizes: ['S', 'M'], status: true }, rowText: `${run} Bangle Size` },
    ],
  }),
  sorts: [
    { column: 'Type', url: /sort=type&order=asc/, order: [0, 1] },
    { column: 'Type', url: /sort=type&order=desc/, order: [1, 0] },
  ],
  async fillNew(page, run) {
    await page.getByLabel('Size Type').fill(`${run} Ring Size`);
    await addSizes(page, 'Male Sizes', ['R', 'S', 'T']);
    await addSizes(page, 'Female Sizes', ['J', 'K']);
    // Enter added the tags and did not submit the form.
    await expect(page).toHaveURL(/\/add$/);
    return `${run} Ring Size`;
  },
  async edit(page, run) {
    for (const size of ['R', 'S', 'T', 'J', 'K']) await expect(page.getByLabel(`Remove ${size}`, { exact: true })).toBeVisible();
    // The x removes a size only once confirmed.
    await page.getByLabel('Remove S', { exact: true }).click();
    await confirmDialog(page, 'Remove size S?', 'Remove');
    await expect(page.getByLabel('Remove S', { exact: true })).toHaveCount(0);
    await addSizes(page, 'Unisex Sizes', ['N']);
    await page.getByLabel('Size Type').fill(`${run} Ring Sizes UK`);
    return `${run} Ring Sizes UK`;
  },
  async rejectForm(page) {
    await submitForm(page);
    await expect(fieldError(page, 'Size Type')).toHaveText(MESSAGES.required);
    await page.getByLabel('Size Type').fill('Toe Ring Size');
    await addSizes(page, 'Female Sizes', ['Small', 'small']);
    await expect(fieldError(page, 'Female Sizes')).toHaveText(MESSAGES.duplicate('Size'));
    await page.getByLabel('Remove small', { exact: true }).click();
    await confirmDialog(page, 'Remove size small?', 'Remove');
    // Valid in the browser, refused by the server: the demo data has this size type.
    await page.getByLabel('Size Type').fill('ring size');
    await submitForm(page);
    await expect(fieldError(page, 'Size Type')).toHaveText(MESSAGES.duplicate('Size type'));
  },
});

test('product sizes: the list is exported to Excel with its search', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  const run = uniqueName('x');
  const created = await page.request.post('/api/product-sizes', { data: { type: `${run} Chain Length`, maleSizes: ['22"'], status: true } });
  expect(created.status()).toBe(201);
  await page.goto(`/system/productsize?search=${run}`);
  await expect(page.getByRole('row', { name: new RegExp(`${run} Chain Length`) })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await download).suggestedFilename()).toBe('product-sizes.xlsx');
});
