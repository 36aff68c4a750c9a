import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { chooseOption } from '../support.ts';

describeListJourney({
  name: 'diamond shapes',
  listPath: '/system/diamondshape',
  addButton: 'Add Diamond Shape',
  apiPath: '/api/diamond-shapes',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: { name: `${run} Rose Cut`, status: true }, rowText: `${run} Rose Cut` },
      { body: { name: `${run} Briolette`, status: true }, rowText: `${run} Briolette` },
    ],
  }),
  sorts: [{ column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] }],
  async fillNew(page, run) {
    await page.getByLabel('Name').fill(`${run} Old Mine`);
    await chooseOption(page, 'Shape Category', 'Round');
    return `${run} Old Mine`;
  },
  async edit(page, run) {
    await expect(page.getByText('Round', { exact: true })).toBeVisible();
    await page.getByLabel('Name').fill(`${run} Old European`);
    return `${run} Old European`;
  },
  async rejectForm(page) {
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.required);
    await page.getByLabel('Name').fill('Old-Mine!');
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.lettersDigitsSpaces);
    await page.getByLabel('Name').fill('a'.repeat(101));
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.maxLength(100));
    await page.getByLabel('Name').fill('Round');
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.duplicate('Diamond shape'));
  },
});
