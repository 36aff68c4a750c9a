import { MESSAGES } from '@facet/contract/messages';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { expect } from '@playwright/test';

const quality = (stoneQuality: string) => ({ stoneQuality, clarity: 'SI', color: 'HI', status: true });

describeListJourney({
  name: 'diamond qualities',
  listPath: '/system/diamondquality',
  addButton: 'Add Diamond Quality',
  apiPath: '/api/diamond-qualities',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: quality(`${run}-SI-HI`), rowText: `${run}-SI-HI` },
      { body: quality(`${run}-SI-IJ`), rowText: `${run}-SI-IJ` },
    ],
  }),
  sorts: [{ column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] }],
  async fillNew(page, run) {
    await page.getByLabel('Diamond Quality').fill(`${run}-VS-GH`);
    await page.getByLabel('Clarity').fill('VS');
    await page.getByLabel('Color').fill('GH');
    return `${run}-VS-GH`;
  },
  async edit(page, run) {
    await page.getByLabel('Diamond Quality').fill(`${run}-VVS-EF`);
    await page.getByLabel('Clarity').fill('VVS');
    await page.getByLabel('Color').fill('EF');
    return `${run}-VVS-EF`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Diamond Quality', 'Clarity', 'Color']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    await page.getByLabel('Diamond Quality').fill('VS/GH');
    await page.getByLabel('Clarity').fill('VS1');
    await page.getByLabel('Color').fill('G H');
    await submitForm(page);
    await expect(fieldError(page, 'Diamond Quality')).toHaveText(MESSAGES.lettersDigitsDashes);
    await expect(fieldError(page, 'Clarity')).toHaveText(MESSAGES.lettersOnly);
    await expect(fieldError(page, 'Color')).toHaveText(MESSAGES.lettersOnly);
    await page.getByLabel('Diamond Quality').fill('V'.repeat(26));
    await page.getByLabel('Clarity').fill('S'.repeat(11));
    await expect(fieldError(page, 'Diamond Quality')).toHaveText(MESSAGES.maxLength(25));
    await expect(fieldError(page, 'Clarity')).toHaveText(MESSAGES.maxLength(10));
  },
});
