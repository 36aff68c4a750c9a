import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, login, test } from '../support.ts';

describeListJourney({
  name: 'customer groups',
  listPath: '/system/customer-group',
  addButton: 'Add Customer Group',
  apiPath: '/api/customer-groups',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: { name: `${run} Trade`, status: true }, rowText: `${run} Trade` },
      { body: { name: `${run} Wholesale`, status: true }, rowText: `${run} Wholesale` },
    ],
  }),
  sorts: [{ column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] }],
  async fillNew(page, run) {
    await page.getByLabel('Name').fill(`${run} Jewellers Guild`);
    return `${run} Jewellers Guild`;
  },
  async edit(page, run) {
    await page.getByLabel('Name').fill(`${run} Trade Partners`);
    return `${run} Trade Partners`;
  },
  async rejectForm(page) {
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.required);
    await page.getByLabel('Name').fill('Trade & Co');
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.lettersDigitsSpaces);
    await page.getByLabel('Name').fill('general');
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.duplicate('Group name'));
  },
});

test('the default group General has no actions: a dash, its status as text, and its form is read-only', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/system/customer-group?search=general');
  const row = page.getByRole('row', { name: /General/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(row.getByRole('cell', { name: '-', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();

  const groups = await (await page.request.get('/api/customer-groups?search=general')).json();
  await page.goto(`/system/customer-group/edit/${groups.items[0].id}`);
  await expect(page.getByText(MESSAGES.defaultGroupLocked)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
});
