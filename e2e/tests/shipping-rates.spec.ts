import { MESSAGES } from '@facet/contract/messages';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';

const rate = (name: string) => ({ name, rate: 4.5, minFreeShippingAmount: 100, status: true });

describeListJourney({
  name: 'shipping rates',
  listPath: '/system/shippingrate',
  addButton: 'Add Shipping Rate',
  apiPath: '/api/shipping-rates',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: rate(`${run} Courier A`), rowText: `${run} Courier A` },
      { body: rate(`${run} Courier B`), rowText: `${run} Courier B` },
    ],
  }),
  // Newest first by default; the spec's sortable columns are Name and Create Date.
  sorts: [
    { column: 'Name', url: /sort=name&order=asc/, order: [0, 1] },
    { column: 'Name', url: /sort=name&order=desc/, order: [1, 0] },
    { column: 'Create Date', url: /sort=createdAt&order=asc/, order: [0, 1] },
  ],
  async fillNew(page, run) {
    await page.getByLabel('Name').fill(`  ${run} Special Delivery  `);
    // Minus and e are blocked in number fields (document 1 §5).
    await page.getByLabel('Rate').pressSequentially('-7.95e');
    await expect(page.getByLabel('Rate')).toHaveValue('7.95');
    await page.getByLabel('Min Order Amount').pressSequentially('500');
    return `${run} Special Delivery`;
  },
  async edit(page, run) {
    await expect(page.getByLabel('Rate')).toHaveValue('7.95');
    await page.getByLabel('Name').fill(`${run} Next Day`);
    await page.getByLabel('Rate').fill('9.95');
    return `${run} Next Day`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Name', 'Rate', 'Min Order Amount']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    // Valid in the browser, refused by the server: the demo data has this rate already.
    await page.getByLabel('Name').fill('DPD Saturday Delivery');
    await page.getByLabel('Rate').fill('14.95');
    await page.getByLabel('Min Order Amount').fill('1500');
    await submitForm(page);
    await expect(fieldError(page, 'Name')).toHaveText(MESSAGES.duplicate('Shipping rate'));
  },
});
