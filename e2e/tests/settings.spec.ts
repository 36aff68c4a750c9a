import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';

const setting = (run: string, suffix: string) => ({ title: `${run} ${suffix}`, key: `${run}_${suffix.toLowerCase()}`, value: `${suffix} value` });

describeListJourney({
  name: 'settings',
  listPath: '/system/settings',
  addButton: 'Add Setting',
  apiPath: '/api/settings',
  hasStatus: false,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: setting(run, 'Alpha'), rowText: `${run} Alpha` },
      { body: setting(run, 'Beta'), rowText: `${run} Beta` },
    ],
  }),
  sorts: [
    { column: 'Title', url: /sort=title&order=asc/, order: [0, 1] },
    { column: 'Title', url: /sort=title&order=desc/, order: [1, 0] },
    { column: 'Key', url: /sort=key&order=asc/, order: [0, 1] },
  ],
  async fillNew(page, run) {
    await page.getByLabel('Title').fill(`${run} Returns Window`);
    await page.getByLabel('Key').fill(`${run}_returns_days`);
    await page.getByLabel('Value').fill('30');
    return `${run} Returns Window`;
  },
  async edit(page, run) {
    await expect(page.getByLabel('Value')).toHaveValue('30');
    await page.getByLabel('Title').fill(`${run} Returns Period`);
    await page.getByLabel('Value').fill('60');
    return `${run} Returns Period`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Title', 'Key', 'Value']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    // Valid in the browser, refused by the server: the demo data has this key.
    await page.getByLabel('Title').fill('Shop Name');
    await page.getByLabel('Key').fill('STORE_NAME');
    await page.getByLabel('Value').fill('Facet');
    await submitForm(page);
    await expect(fieldError(page, 'Key')).toHaveText(MESSAGES.duplicate('Key'));
  },
});
