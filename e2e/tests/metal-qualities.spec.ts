import { MESSAGES } from '@facet/contract/messages';
import type { MetalQualityChoices } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import type { ProductAttributeRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { pickOption } from '../support.ts';

/**
 * Metal qualities are named by options of the attribute Metal_quality, one quality per option and
 * metal: each test adds options of its own (through the attribute API) so its rows are its own.
 */
async function addQualityOptions(request: APIRequestContext, values: string[]): Promise<Map<string, number>> {
  const found = await (await request.get('/api/product-attributes?search=Metal_quality')).json();
  const attribute = found.items.find((a: ProductAttributeRecord) => a.attributeCode === 'Metal_quality') as ProductAttributeRecord;
  const saved = await request.put(`/api/product-attributes/${attribute.id}`, {
    data: { ...attribute, options: [...attribute.options, ...values.map((value) => ({ value, sortOrder: 99 }))] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const choices = (await (await request.get('/api/metal-qualities/choices')).json()) as MetalQualityChoices;
  return new Map(choices.qualityOptions.map((option) => [option.value, option.id]));
}

async function metalId(request: APIRequestContext, metalType: string): Promise<number> {
  const choices = (await (await request.get('/api/metal-qualities/choices')).json()) as MetalQualityChoices;
  return choices.metals.find((metal) => metal.metalType === metalType)!.id;
}

describeListJourney({
  name: 'metal qualities',
  listPath: '/system/metalquality',
  addButton: 'Add Metal Quality',
  apiPath: '/api/metal-qualities',
  hasStatus: true,
  async listData(run, request) {
    const options = await addQualityOptions(request, [`${run} A`, `${run} B`]);
    const silver = await metalId(request, 'Silver');
    const quality = (value: string) => ({ metalQualityOptionId: options.get(value), metalId: silver, fineness: 92.5, labourCharges: 6.5, status: true });
    return {
      searchTerm: run,
      records: [
        { body: quality(`${run} A`), rowText: `${run} A` },
        { body: quality(`${run} B`), rowText: `${run} B` },
      ],
    };
  },
  sorts: [{ column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] }],
  async fillNew(page, run) {
    await addQualityOptions(page.request, [`${run} ct`]);
    // The form read its choices on opening; it reads them again with the new option.
    await page.reload();
    await pickOption(page, 'Metal Quality', `${run} ct`);
    await pickOption(page, 'Metal', 'Platinum');
    // Choosing the metal fills Gold Price and Labour Charge from it; the rate follows the fineness.
    await expect(page.getByLabel('Gold Price')).toHaveValue('38.40');
    await expect(page.getByLabel('Labour Charge')).toHaveValue('28.00');
    await page.getByLabel('Fineness(%)').fill('95');
    await expect(page.getByLabel('Rate')).toHaveValue('36.48');
    return `${run} ct`;
  },
  async edit(page, run) {
    await expect(page.getByLabel('Rate')).toHaveValue('36.48');
    await page.getByLabel('Fineness(%)').fill('90');
    await expect(page.getByLabel('Rate')).toHaveValue('34.56');
    await page.getByLabel('Labour Charge').fill('30');
    return `${run} ct`;
  },
  async rejectForm(page) {
    await page.getByLabel('Fineness(%)').fill('');
    await submitForm(page);
    for (const label of ['Metal Quality', 'Metal', 'Fineness(%)', 'Labour Charge']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    // Valid in the browser, refused by the server: the demo data has 18ct Yellow Gold.
    await pickOption(page, 'Metal Quality', '18ct');
    await pickOption(page, 'Metal', 'Yellow Gold');
    await page.getByLabel('Fineness(%)').fill('75');
    await submitForm(page);
    await expect(fieldError(page, 'Metal Quality')).toHaveText(MESSAGES.metalQualityExists);
  },
});
