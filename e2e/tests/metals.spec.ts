import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { expectFormShown, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, login, test } from '../support.ts';

const rowOf = (page: Page, metalType: string) => page.getByRole('row', { name: new RegExp(`^${metalType} `) });
const metalTypes = async (page: Page) => (await page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allTextContents()).map((t) => t.trim());

test.describe('metals screens (edit only)', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, ADMIN.username, ADMIN.password);
    await page.goto('/system/metal');
  });

  test('lists the seeded metals with no Add and no Delete, searches and sorts by metal type', async ({ page }) => {
    await expect.poll(() => metalTypes(page)).toEqual(['Platinum', 'Rose Gold', 'Silver', 'White Gold', 'Yellow Gold']);
    await expect(page.getByRole('button', { name: /Add/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('columnheader', { name: 'Metal Type' }).click();
    await expect(page).toHaveURL(/sort=metalType&order=desc/);
    await expect.poll(() => metalTypes(page)).toEqual(['Yellow Gold', 'White Gold', 'Silver', 'Rose Gold', 'Platinum']);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('gold');
    await expect(page).toHaveURL(/search=gold/);
    await expect.poll(() => metalTypes(page)).toEqual(['Yellow Gold', 'White Gold', 'Rose Gold']);
  });

  test('refuses a form without a price or labour charge, with the spec messages, and saves nothing', async ({ page }) => {
    await rowOf(page, 'Silver').getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/system\/metal\/edit\/\d+$/);
    // Until the lazily loaded form is up, 'Metal Type' is still the list's column header.
    await expectFormShown(page);
    await page.getByLabel('Metal Type').fill('');
    await page.getByLabel('Metal Price').fill('');
    await page.getByLabel('Labour Charge').fill('');
    await submitForm(page);
    for (const label of ['Metal Type', 'Metal Price', 'Labour Charge']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    // Valid in the browser, refused by the server: another metal has this name.
    await page.getByLabel('Metal Type').fill('platinum');
    await page.getByLabel('Metal Price').fill('1.3');
    await page.getByLabel('Labour Charge').fill('6.5');
    await submitForm(page);
    await expect(fieldError(page, 'Metal Type')).toHaveText(MESSAGES.duplicate('Metal type'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, 'Silver')).toContainText('£1.25');
  });

  test('a new price per gram reaches the rates of the metal\'s qualities', async ({ page }) => {
    await rowOf(page, 'Rose Gold').getByRole('button', { name: 'Edit' }).click();
    await expectFormShown(page);
    await page.getByLabel('Metal Price').fill('100');
    await submitForm(page);
    await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
    await expect(rowOf(page, 'Rose Gold')).toContainText('£100.00');
    // 18ct is 75% fine: 100 × 75 / 100.
    await page.goto('/system/metalquality?search=rose');
    // The row whose selection checkbox names the quality.
    const roseGold = page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: 'Select 18ct Rose Gold', exact: true }) });
    await expect(roseGold).toContainText('£75.00');
  });
});
