import { MESSAGES } from '@facet/contract/messages';
import type { ProductAttributeRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, login, pickOption, test } from '../support.ts';

/** Attribute codes are letters only: the run's digits written as letters. */
const codeOf = (run: string) => run.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

const attribute = (name: string, code: string) => ({
  attributeName: name,
  attributeCode: code,
  inputType: 'dropdown',
  status: true,
  options: [{ value: 'Polished' }, { value: 'Brushed' }],
});

/** The message under the option row's field (rows are found by their value input's label). */
const optionError = (page: Page, index: number) => page.getByTestId('attribute-option').nth(index).locator('.ant-form-item-explain').first();

describeListJourney({
  name: 'product attributes',
  listPath: '/attribute/productattribute',
  addButton: 'Add Attribute',
  apiPath: '/api/product-attributes',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: attribute(`${run} Finish`, `${codeOf(run)}finish`), rowText: `${run} Finish` },
      { body: attribute(`${run} Texture`, `${codeOf(run)}texture`), rowText: `${run} Texture` },
    ],
  }),
  sorts: [{ column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] }],
  async fillNew(page, run) {
    await page.getByLabel('Attribute Name').fill(`${run} Plating`);
    await page.getByLabel('Attribute Code').fill(`${codeOf(run)}plating`);
    await pickOption(page, 'Input Type', 'Radio');
    await page.getByRole('button', { name: 'Add Option' }).click();
    await page.getByRole('button', { name: 'Add Option' }).click();
    await page.getByLabel('Option 1 value').fill('Rhodium');
    await page.getByLabel('Option 2 value').fill('Yellow Gold Vermeil');
    // Radio options carry a swatch image, uploaded at once.
    const swatch = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#d4d4d8' } }).png().toBuffer();
    await page.getByTestId('image-upload-attribute-option-image').first().setInputFiles({ name: 'rhodium.png', mimeType: 'image/png', buffer: swatch });
    await expect(page.getByRole('button', { name: 'Replace image' })).toBeVisible();
    return `${run} Plating`;
  },
  async edit(page, run) {
    // The code is read-only when editing.
    await expect(page.getByLabel('Attribute Code')).toBeDisabled();
    await expect(page.getByLabel('Option 2 value')).toHaveValue('Yellow Gold Vermeil');
    await page.getByRole('button', { name: 'Remove option 2' }).click();
    await page.getByRole('button', { name: 'Add Option' }).click();
    await page.getByLabel('Option 2 value').fill('Rose Gold Vermeil');
    await page.getByLabel('Attribute Name').fill(`${run} Plating Finish`);
    return `${run} Plating Finish`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Attribute Name', 'Attribute Code', 'Input Type']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    await page.getByLabel('Attribute Name').fill('Finish & Plating');
    await page.getByLabel('Attribute Code').fill('finish_2');
    await expect(fieldError(page, 'Attribute Name')).toHaveText(MESSAGES.lettersDigitsSpaces);
    await expect(fieldError(page, 'Attribute Code')).toHaveText(MESSAGES.lettersOnly);
    await page.getByLabel('Attribute Name').fill('Finish');
    await page.getByLabel('Attribute Code').fill('finishAttr');
    await pickOption(page, 'Input Type', 'Dropdown');
    await page.getByRole('button', { name: 'Add Option' }).click();
    await page.getByRole('button', { name: 'Add Option' }).click();
    await page.getByLabel('Option 1 value').fill('Matte');
    await submitForm(page);
    await expect(optionError(page, 1)).toHaveText(MESSAGES.required);
    await page.getByLabel('Option 2 value').fill('MATTE');
    await submitForm(page);
    await expect(optionError(page, 1)).toHaveText(MESSAGES.duplicate('Option'));
    // Valid in the browser, refused by the server: the code is the seeded Metal attribute's.
    await page.getByLabel('Option 2 value').fill('Satin');
    await page.getByLabel('Attribute Code').fill('METAL');
    await submitForm(page);
    await expect(fieldError(page, 'Attribute Code')).toHaveText(MESSAGES.duplicate('Attribute code'));
  },
});

test('attributes in use: Metal_quality cannot be deleted, nor its options used by metal qualities removed', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/attribute/productattribute?search=Metal_quality');
  const row = page.getByRole('row', { name: /Metal Quality/ });
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await row.getByRole('button', { name: 'Delete' }).hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(MESSAGES.systemAttribute);

  const found = await (await page.request.get('/api/product-attributes?search=Metal_quality')).json();
  const metalQuality = found.items[0] as ProductAttributeRecord;
  await page.goto(`/attribute/productattribute/edit/${metalQuality.id}`);
  // 18ct names demo metal qualities (third option).
  await expect(page.getByLabel('Option 3 value')).toHaveValue('18ct');
  await expect(page.getByRole('button', { name: 'Remove option 3' })).toBeDisabled();
});
