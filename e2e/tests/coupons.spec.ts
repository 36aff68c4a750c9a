import { MESSAGES } from '@facet/contract/messages';
import { COUPON_MESSAGES } from '@facet/contract/modules/coupons/coupon.schema';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, login, openMenuEntry, test, uniqueName } from '../support.ts';

// A long form: on a loaded machine its saves take more than the default minute.
test.describe.configure({ timeout: 180_000 });

const nextYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const coupon = (code: string) => ({
  code,
  description: 'Journey coupon',
  discountType: 'fixed_cart_discount',
  valueType: 'percentage',
  percentage: 10,
  expiryDate: nextYear(),
  minimumSpend: 100,
  maximumSpend: 5000,
});

/** Types a day into the antd date picker labelled `label` (shown month/day/year). */
async function fillDay(page: Page, label: string, isoDay: string) {
  const [year, month, day] = isoDay.split('-');
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(`${month}/${day}/${year}`);
  await input.press('Enter');
}

describeListJourney({
  name: 'coupons',
  listPath: '/coupons',
  addButton: 'Add Coupon',
  apiPath: '/api/coupons',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: coupon(`${run}-A`), rowText: `${run}-A` },
      { body: coupon(`${run}-B`), rowText: `${run}-B` },
    ],
  }),
  // Newest first by default; Name (the code) and Created Date sort on the server.
  sorts: [
    { column: 'Name', url: /sort=code&order=asc/, order: [0, 1] },
    { column: 'Name', url: /sort=code&order=desc/, order: [1, 0] },
    { column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] },
  ],
  // A percentage coupon, as staff make one: 15% off a cart of £50 to £2,000.
  async fillNew(page, run) {
    await page.getByLabel('Coupon Code').fill(`${run}-PCT`);
    await page.getByLabel('Description').fill('Fifteen percent off');
    await expect(page.getByRole('radio', { name: 'Percentage' })).toBeChecked();
    await page.getByLabel('Coupon Percentage').fill('15');
    await fillDay(page, 'Coupon Expiry Date', nextYear());
    await page.getByLabel('Minimum Spend').fill('50');
    await page.getByLabel('Maximum Spend').fill('2000');
    return `${run}-PCT`;
  },
  async edit(page, run) {
    await expect(page.getByLabel('Coupon Percentage')).toHaveValue('15.00');
    // The discount type of a saved coupon is shown, not changed.
    await expect(page.getByLabel('Discount Type')).toBeDisabled();
    await page.getByLabel('Coupon Code').fill(`${run}-PCT20`);
    await page.getByLabel('Coupon Percentage').fill('20');
    return `${run}-PCT20`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Coupon Code', 'Description', 'Coupon Percentage', 'Coupon Expiry Date', 'Minimum Spend', 'Maximum Spend']) {
      await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    }
    await page.getByLabel('Coupon Code').fill('NO SPACES');
    await page.getByLabel('Coupon Percentage').fill('100');
    await expect(fieldError(page, 'Coupon Code')).toHaveText(MESSAGES.lettersDigitsDashes);
    await expect(fieldError(page, 'Coupon Percentage')).toHaveText('Percentage must be at most 99.');
  },
});

test.describe('coupon kinds', () => {
  test('a fixed cart coupon: the spend window message, then saved with its amount and shown in Marketing > Coupons', async ({ page }) => {
    const code = `${uniqueName('cart')}-50`;
    await login(page, ADMIN.username, ADMIN.password);
    await openMenuEntry(page, 'Marketing', 'Coupons', /\/coupons$/);
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    await page.getByLabel('Coupon Code').fill(code);
    await page.getByLabel('Description').fill('£50 off carts from £500');
    await page.getByText('Amount', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Amount' })).toBeChecked();
    await page.getByLabel('Coupon Amount').fill('50');
    await fillDay(page, 'Coupon Expiry Date', nextYear());
    await page.getByLabel('Maximum Spend').fill('500');
    await page.getByLabel('Minimum Spend').fill('500');
    await submitForm(page);
    // Minimum spend at most maximum spend minus 1, in the spec's words with the maximum.
    await expect(fieldError(page, 'Minimum Spend')).toHaveText(COUPON_MESSAGES.minimumSpendTooHigh(500));
    await page.getByLabel('Maximum Spend').fill('5000');
    await page.getByLabel('Usage limit per coupon').fill('100');
    await submitForm(page);
    await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(code);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('0 / 100');
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Coupon Amount')).toHaveValue('50.00');
    await expect(page.getByLabel('Minimum Spend')).toHaveValue('500.00');
  });
});
