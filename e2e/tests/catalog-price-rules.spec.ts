import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, login, openMenuEntry, test, uniqueName } from '../support.ts';

// A long form: on a loaded machine its saves take more than the default minute.
test.describe.configure({ timeout: 180_000 });

const HOUR_MS = 3_600_000;
/** A time `hours` from now, on the minute (the form's pickers go to the minute). */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR_MS) / 60_000) * 60_000);
const rule = (name: string, hoursAhead: number) => ({
  name,
  description: 'Journey rule',
  discountType: 'percentage',
  percentage: 10,
  startDate: inHours(hoursAhead).toISOString(),
  endDate: inHours(hoursAhead + 24).toISOString(),
});

/** As the picker shows a time: month/day/year and 12-hour time, in the browser's zone (this machine's). */
function typedTime(when: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = when.getHours() % 12 === 0 ? 12 : when.getHours() % 12;
  return `${pad(when.getMonth() + 1)}/${pad(when.getDate())}/${when.getFullYear()} ${pad(hours)}:${pad(when.getMinutes())} ${when.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** Types a time into the date-time picker labelled `label` and confirms it with the panel's OK. */
async function fillTime(page: Page, label: string, when: Date) {
  const input = page.getByLabel(label, { exact: true });
  const typed = typedTime(when);
  await input.click();
  await expect(async () => {
    await input.fill(typed);
    await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click({ timeout: 3_000 });
    await expect(input).toHaveValue(typed, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

describeListJourney({
  name: 'catalog price rules',
  listPath: '/marketing/catalog-price-rule',
  addButton: 'Add Catalog Price Rule',
  apiPath: '/api/catalog-price-rules',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: rule(`${run} A`, 48), rowText: `${run} A` },
      { body: rule(`${run} B`, 24), rowText: `${run} B` },
    ],
  }),
  // Newest first by default; Name and Start Date sort on the server.
  sorts: [
    { column: 'Name', url: /sort=name&order=asc/, order: [0, 1] },
    { column: 'Name', url: /sort=name&order=desc/, order: [1, 0] },
    { column: 'Start Date', url: /sort=startDate&order=asc/, order: [1, 0] },
  ],
  async fillNew(page, run) {
    await page.getByLabel('Rule Name').fill(`${run} Sale`);
    await page.getByLabel('Description').fill('Ten percent off');
    await expect(page.getByRole('radio', { name: 'Percentage' })).toBeChecked();
    await page.getByLabel('Discount Percentage', { exact: true }).fill('10');
    await fillTime(page, 'Start Date', inHours(24));
    await fillTime(page, 'End Date', inHours(48));
    return `${run} Sale`;
  },
  async edit(page, run) {
    await expect(page.getByLabel('Discount Percentage', { exact: true })).toHaveValue('10.00');
    await page.getByLabel('Rule Name').fill(`${run} Sale II`);
    await page.getByText('Fixed Amount', { exact: true }).click();
    await page.getByLabel('Discount Amount', { exact: true }).fill('25');
    return `${run} Sale II`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Rule Name', 'Description', 'Discount Percentage', 'Start Date', 'End Date']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    await page.getByLabel('Discount Percentage', { exact: true }).fill('100');
    await expect(fieldError(page, 'Discount Percentage')).toHaveText('Percentage must be at most 99.');
    // The minus key is blocked.
    await page.getByLabel('Discount Percentage', { exact: true }).fill('');
    await page.getByLabel('Discount Percentage', { exact: true }).press('-');
    await expect(page.getByLabel('Discount Percentage', { exact: true })).toHaveValue('');
  },
});

test.describe('catalog price rules at work', () => {
  test('an end inside the hour is refused with the spec’s message; a valid rule is listed and priced on its product’s form', async ({ page }, testInfo) => {
    const name = uniqueName('Rings week');
    await login(page, ADMIN.username, ADMIN.password);
    await openMenuEntry(page, 'Marketing', 'Catalog Price Rule', /\/marketing\/catalog-price-rule$/);
    // The demo's rule runs now on Bracelets; its other waits for Christmas.
    await expect(page.getByRole('row', { name: /Bracelet Month/ }).getByText('Running now')).toBeVisible();
    await expect(page.getByRole('row', { name: /Christmas Necklaces/ }).getByText('Scheduled')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('catalog-price-rule-list.png'), fullPage: true });

    await page.getByRole('button', { name: 'Add Catalog Price Rule' }).click();
    await page.getByLabel('Rule Name').fill(name);
    await page.getByLabel('Description').fill('Half off one ring, this week');
    await page.getByLabel('Discount Percentage', { exact: true }).fill('50');
    const start = inHours(-1);
    await fillTime(page, 'Start Date', start);
    await fillTime(page, 'End Date', new Date(start.getTime() + 30 * 60_000));
    await submitForm(page);
    await expect(fieldError(page, 'End Date')).toHaveText(MESSAGES.minimumRuleDuration);
    await fillTime(page, 'End Date', new Date(start.getTime() - 60_000));
    await expect(fieldError(page, 'End Date')).toHaveText(MESSAGES.endDateAfterStartDate);
    await fillTime(page, 'End Date', inHours(24 * 7));
    await expect(fieldError(page, 'End Date')).toHaveCount(0);

    // Products: searched from 3 characters; choosing one hides the categories.
    const products = page.getByLabel('Products', { exact: true });
    await expect(page.getByLabel('Categories', { exact: true })).toBeVisible();
    await products.click();
    await page.keyboard.type('Solitaire');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await expect(option).toBeVisible();
    const productLabel = (await option.textContent())!;
    await option.click();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Categories', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('catalog-price-rule-form.png'), fullPage: true });
    await submitForm(page);
    await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/marketing\/catalog-price-rule(\?|$)/);

    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('50%');
    await expect(row.getByText('Running now')).toBeVisible();

    // The product's form names the rule and the price it gives.
    const listed = await page.request.get('/api/catalog-price-rules', { params: { search: name } });
    const [saved] = ((await listed.json()) as { items: { id: number }[] }).items;
    const record = (await (await page.request.get(`/api/catalog-price-rules/${saved!.id}`)).json()) as { chosen: { products: { id: number; label: string }[] } };
    expect(record.chosen.products.map((product) => product.label)).toEqual([productLabel]);
    await page.goto(`/products/edit/${record.chosen.products[0]!.id}`);
    const panel = page.getByTestId('section-Catalog Price Rule');
    await expect(panel.getByRole('link', { name }).first()).toBeVisible();
    await expect(panel).toContainText('50% off');
    await expect(panel.getByTestId('price-rule-price')).toContainText('regular');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('product-form-price-rule.png') });
  });
});
