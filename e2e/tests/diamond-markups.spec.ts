import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { chooseOption } from '../support.ts';

const band = (fromCarat: number, toCarat: number, shapeCategoryId: number) => ({
  fromCarat,
  toCarat,
  markupType: 'percentage',
  markup: 20,
  fixCost: 25,
  isLabDiamond: false,
  shapeCategoryId,
});

async function fillBand(page: Page, fields: { shape: string; from: string; to: string; type: string; markup: string; cost: string }) {
  await chooseOption(page, 'Shape', fields.shape);
  await page.getByLabel('Carat From').fill(fields.from);
  await page.getByLabel('Carat To').fill(fields.to);
  await page.getByLabel(fields.type).check();
  await page.getByLabel('Markup', { exact: true }).fill(fields.markup);
  await page.getByLabel('Cost').fill(fields.cost);
}

/** Markups have no search box: a stone's carat in both ends of the Carat filter finds the bands holding it. */
async function findByCarat(page: Page, carat: string) {
  // The panel's boxes, not the sortable 'Carat From' column header of the table.
  const panel = page.getByRole('form', { name: 'Filters' });
  await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Filters' }).click();
  await panel.getByLabel('Carat from', { exact: true }).fill(carat);
  await panel.getByLabel('Carat to', { exact: true }).fill(carat);
  await panel.getByLabel('Carat to', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`caratFrom=${Number(carat)}&caratTo=${Number(carat)}`));
}

// The demo data holds Earth mined Round bands 0.300 - 0.499 and 0.500 - 0.699; these journeys use carats far above them.
describeListJourney({
  name: 'diamond markups',
  listPath: '/system/diamondmarkup',
  addButton: 'Add Diamond Markup',
  apiPath: '/api/diamond-markups',
  hasStatus: false,
  async listData(_run, request) {
    const categories = (await (await request.get('/api/shape-categories')).json()) as { items: { id: number; name: string }[] };
    const roundId = categories.items.find((c) => c.name === 'Round')!.id;
    const fancyId = categories.items.find((c) => c.name === 'Fancy')!.id;
    // Two shape categories, so the bands may overlap: 60.25 ct lies in both.
    return {
      searchTerm: '60.25',
      records: [
        { body: band(60.1, 60.3, roundId), rowText: '60.100' },
        { body: band(60.2, 60.4, fancyId), rowText: '60.200' },
      ],
    };
  },
  find: findByCarat,
  // Smallest carat first by default.
  sorts: [
    { column: 'Carat From', url: /sort=fromCarat&order=desc/, order: [1, 0] },
    { column: 'Carat To', url: /sort=toCarat&order=asc/, order: [0, 1] },
  ],
  async fillNew(page) {
    await page.locator('form').getByText('Lab grown').click();
    // Minus is blocked in number fields (document 1 §5).
    await page.getByLabel('Carat From').pressSequentially('-70.1');
    await expect(page.getByLabel('Carat From')).toHaveValue('70.1');
    await fillBand(page, { shape: 'Fancy', from: '70.1', to: '70.499', type: 'Percentage', markup: '45', cost: '30' });
    return '70.100';
  },
  async edit(page) {
    await expect(page.getByLabel('Carat From')).toHaveValue('70.100');
    await page.getByLabel('Carat To').fill('70.599');
    await page.getByLabel('Amount').check();
    await page.getByLabel('Markup', { exact: true }).fill('250');
    return '70.599';
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Shape', 'Carat From', 'Carat To', 'Markup Type', 'Markup', 'Cost']) {
      await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    }
    await fillBand(page, { shape: 'Round', from: '1', to: '0.5', type: 'Percentage', markup: '30', cost: '25' });
    await submitForm(page);
    await expect(fieldError(page, 'Carat To')).toHaveText(MESSAGES.caratToAfterFrom);
    // Valid in the browser, refused by the server: it overlaps a demo band of the same origin and shape category.
    await page.getByLabel('Carat From').fill('0.4');
    await page.getByLabel('Carat To').fill('0.6');
    await submitForm(page);
    await expect(fieldError(page, 'Carat From')).toHaveText('Overlaps the band 0.300 - 0.499 ct (Earth mined, Round).');
  },
});
