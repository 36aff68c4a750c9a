import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, login, selectOption, signInApi, test, uniqueName } from '../support.ts';

/**
 * A filtered list keeps its filters in the URL: opening a record and coming back by Cancel, Back,
 * a reload or a save shows the same filtered rows with the panel filled as it was.
 */
const LIST = '/system/shippingrate';
const FILTERED_URL = /\/system\/shippingrate\?(?=.*search=)(?=.*rateFrom=7)(?=.*rateTo=8)(?=.*status=active)/;

const panel = (page: Page) => page.getByRole('form', { name: 'Filters' });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function expectOnlyRow(page: Page, text: string) {
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(text);
}

async function expectPanelFilled(page: Page) {
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByLabel('Rate from')).toHaveValue('7.00');
  await expect(panel(page).getByLabel('Rate to')).toHaveValue('8.00');
  await expect(panel(page).locator('.ant-form-item').filter({ hasText: 'Status' }).locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText('Active');
}

test('shipping rates: filters apply on Enter, survive Cancel, Back, reload and a save, and Reset clears them', async ({ page, request }) => {
  // One journey through five returns to the list: longer than the default budget on a loaded machine.
  test.slow();
  await signInApi(request);
  const run = uniqueName('f');
  const rates = [
    { name: `${run} Economy`, rate: 3, status: true },
    { name: `${run} Express`, rate: 7.5, status: true },
    { name: `${run} Courier`, rate: 7.75, status: false },
  ];
  for (const rate of rates) {
    const response = await request.post('/api/shipping-rates', { data: { ...rate, minFreeShippingAmount: 100 } });
    expect(response.status(), await response.text()).toBe(201);
  }

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(`${LIST}?search=${run}`);
  await expect(rows(page)).toHaveCount(3);

  // The panel opens from the Filters button; Enter in a field applies.
  await page.getByRole('button', { name: 'Filters' }).click();
  await selectOption(panel(page).getByLabel('Status'), 'Active');
  await panel(page).getByLabel('Rate from').fill('7');
  await panel(page).getByLabel('Rate to').fill('8');
  await panel(page).getByLabel('Rate to').press('Enter');
  await expect(page).toHaveURL(FILTERED_URL);
  await expectOnlyRow(page, `${run} Express`);
  await page.screenshot({ path: 'test-results/list-filters-panel.png', fullPage: true });

  // Edit, then Cancel: the same filtered list.
  await rows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(FILTERED_URL);
  await expectOnlyRow(page, `${run} Express`);
  await expectPanelFilled(page);

  // Edit, then Back.
  await rows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(FILTERED_URL);
  await expectOnlyRow(page, `${run} Express`);

  // The browser's own Back, and a reload.
  await rows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(FILTERED_URL);
  await page.reload();
  await expectOnlyRow(page, `${run} Express`);
  await expectPanelFilled(page);

  // A save returns to the filtered list too.
  await rows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByLabel('Name').fill(`${run} Express Plus`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
  await expect(page).toHaveURL(FILTERED_URL);
  await expectOnlyRow(page, `${run} Express Plus`);

  // A range from past its to is refused in the panel with the server's message, and not applied.
  const urlBefore = page.url();
  await panel(page).getByLabel('Rate from').fill('9');
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(panel(page).getByText(MESSAGES.filterRange('Rate'))).toBeVisible();
  expect(page.url()).toBe(urlBefore);

  // Reset clears every filter (the search stays) and shows all three again.
  await panel(page).getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?search=${run}$`));
  await expect(rows(page)).toHaveCount(3);
  await expect(panel(page).getByLabel('Rate from')).toHaveValue('');

  // The browser's Back to the filtered view fills the panel with the filters in force again.
  await page.goBack();
  await expect(page).toHaveURL(FILTERED_URL);
  await expectOnlyRow(page, `${run} Express Plus`);
  await expectPanelFilled(page);
});
