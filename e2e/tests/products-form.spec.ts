import { MESSAGES } from '@facet/contract/messages';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { fillMainFields, seedRingSet, uploadLibraryImage } from '../product-fixtures.ts';
import { ADMIN, chooseOption, login, selectOption, signInApi, test, uniqueName } from '../support.ts';

// The form is long and the machine busy: room for the whole journey.
test.describe.configure({ timeout: 180_000 });

const row = (page: Page, options: string) => page.getByTestId('variant-row').filter({ hasText: options });

test('an empty submit lists every missing field in the red box at the top', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products/add');
  await page.getByRole('button', { name: 'Submit' }).click();
  const box = page.getByTestId('product-errors');
  await expect(box).toContainText(MESSAGES.productHasErrors);
  for (const field of ['Attribute Set', 'Name', 'Model Number', 'Categories']) await expect(box).toContainText(`${field}: ${MESSAGES.required}`);
  await expect(box).toBeInViewport();
  // Nothing was sent.
  await expect(page).toHaveURL(/\/products\/add$/);
});

test('a ring with metal × size variants: group by metal, remove and undo, images by option, save, reopen', async ({ page, request }) => {
  const run = uniqueName('Pf');
  const sku = `${run.toUpperCase()}-R`;
  await seedRingSet(request, run);
  await uploadLibraryImage(request, sku);

  await login(page, ADMIN.username, ADMIN.password);
  // The list hands its query string over; Cancel and the save come back to it.
  await page.goto(`/products/add?page=2&name=${run}`);
  await fillMainFields(page, run, { name: `${run} Solitaire Ring`, sku, price: '950' });
  await page.getByLabel('Weight', { exact: true }).fill('0.25');

  for (const metal of ['18ct Yellow Gold', 'Platinum']) await chooseOption(page, 'Metal options', metal);
  await page.keyboard.press('Escape');
  for (const size of ['J', 'K', 'L']) await chooseOption(page, 'Ring Size options', size);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generate' }).click();

  await expect(page.getByTestId('variant-row')).toHaveCount(6);
  await expect(page.getByLabel('Group By')).toBeVisible();
  await expect(page.getByTestId('variant-group')).toHaveText([/Metal: 18ct Yellow Gold\s*\(3 variants\)/, /Metal: Platinum\s*\(3 variants\)/]);
  // System SKUs: the main SKU, a dash and 4 characters.
  await expect(row(page, '18ct Yellow Gold / J').getByLabel('SKU of 18ct Yellow Gold / J')).toHaveValue(new RegExp(`^${sku}-[A-Z0-9]{4}$`));
  await expect(row(page, 'Platinum / K').getByLabel('Price of Platinum / K')).toHaveValue('950.00');

  // Remove with Undo, before saving.
  await page.getByRole('button', { name: 'Remove 18ct Yellow Gold / K' }).click();
  await expect(page.getByTestId('variant-summary')).toHaveText(/^5 variants, 1 removed/);
  await page.getByRole('button', { name: 'Undo remove 18ct Yellow Gold / K' }).click();
  await expect(page.getByTestId('variant-summary')).toHaveText('6 variants');
  await page.getByRole('button', { name: 'Remove Platinum / L' }).click();
  await expect(page.getByTestId('variant-summary')).toHaveText(/^5 variants, 1 removed/);
  await page.getByLabel('Price of Platinum / K').fill('1450');

  // Select Media from a yellow gold variant, then Apply Image To? every yellow gold variant.
  await page.getByRole('button', { name: 'Images of 18ct Yellow Gold / J' }).click();
  const media = page.getByRole('dialog', { name: 'Select Media' });
  await media.getByTestId('select-media-image').getByRole('checkbox').check();
  await media.getByRole('button', { name: 'Submit' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply Image To?' });
  await apply.getByText('By Specific Option').click();
  await apply.getByRole('button', { name: 'Submit' }).click();
  await expect(apply.getByText(MESSAGES.required)).toBeVisible();
  await selectOption(apply.getByLabel('Option', { exact: true }), 'Metal: 18ct Yellow Gold');
  await apply.getByRole('button', { name: 'Submit' }).click();
  await expect(apply).toBeHidden();
  await expect(page.getByTestId('variant-image')).toHaveCount(3);
  await expect(row(page, 'Platinum / J').getByTestId('variant-image')).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=2&name=${run}$`));

  // Reopen: the variants as saved, grouped by metal, the removed one gone.
  const found = (await (await request.get(`/api/products/search?term=${run}`)).json()) as { id: number; label: string }[];
  expect(found.map((product) => product.label)).toEqual([`${run} Solitaire Ring - ${sku}`]);
  await page.goto(`/products/edit/${found[0]!.id}`);
  await expect(page.getByTestId('variant-row')).toHaveCount(5);
  await expect(page.getByTestId('variant-summary')).toHaveText('5 variants');
  await expect(page.getByTestId('variant-group')).toHaveText([/Metal: 18ct Yellow Gold\s*\(3 variants\)/, /Metal: Platinum\s*\(2 variants\)/]);
  await expect(row(page, 'Platinum / L')).toHaveCount(0);
  await expect(page.getByLabel('Price of Platinum / K')).toHaveValue('1450.00');
  await expect(page.getByTestId('variant-image')).toHaveCount(3);

  // A child SKU equal to the main SKU is refused with the spec's message, in the box and under the field.
  await page.getByLabel('SKU of Platinum / J').fill(sku);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('product-errors')).toContainText(MESSAGES.childSkuSameAsMain);
  await expect(row(page, 'Platinum / J')).toContainText(MESSAGES.childSkuSameAsMain);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("a required attribute is marked and asked for, a configurable product keeps a variant, and the plain-text description is saved", async ({ page, request }) => {
  const run = uniqueName('Pq');
  const sku = `${run.toUpperCase()}-Q`;
  await signInApi(request);
  // Attribute codes are letters only.
  const code = `hallmark${run.replace(/[^A-Za-z]/g, '')}`;
  const attribute = await request.post('/api/product-attributes', { data: { attributeName: `Hallmark ${run}`, attributeCode: code, inputType: 'text', isRequired: true, status: true } });
  expect(attribute.status(), await attribute.text()).toBe(201);
  const hallmark = `Hallmark ${run}`;
  await seedRingSet(request, run, [((await attribute.json()) as { id: number }).id]);

  await login(page, ADMIN.username, ADMIN.password);
  await page.goto('/products/add');
  await fillMainFields(page, run, { name: `${run} Band`, sku, price: '600' });
  await page.getByLabel('Product Description', { exact: true }).fill('Hallmarked in London, polished by hand.');
  await chooseOption(page, 'Metal options', 'Platinum');
  await page.keyboard.press('Escape');
  await chooseOption(page, 'Ring Size options', 'J');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('variant-row')).toHaveCount(1);

  // The Required flag: marked, and refused before anything is sent, in the box and under the attribute.
  const item = page.getByTestId(`attribute-${code}`);
  await expect(item.locator('.ant-form-item-required')).toHaveText(hallmark);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('product-errors')).toContainText(`Attributes › ${hallmark}: ${MESSAGES.required}`);
  await expect(item).toContainText(MESSAGES.required);
  await page.getByLabel(hallmark, { exact: true }).fill('950 Platinum');
  await expect(item).not.toContainText(MESSAGES.required);

  // Every variant removed: the product would have no variation left to sell.
  await page.getByRole('button', { name: 'Remove Platinum / J' }).click();
  await expect(page.getByTestId('variations-not-found')).toHaveText(MESSAGES.productVariationsNotFound);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('product-errors')).toContainText(`Configurations: ${MESSAGES.productVariationsNotFound}`);
  await page.getByRole('button', { name: 'Undo remove Platinum / J' }).click();
  await expect(page.getByTestId('variations-not-found')).toHaveCount(0);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
  const found = (await (await request.get(`/api/products/search?term=${run}`)).json()) as { id: number }[];
  await page.goto(`/products/edit/${found[0]!.id}`);
  await expect(page.getByLabel('Product Description', { exact: true })).toHaveValue('Hallmarked in London, polished by hand.');
  await expect(page.getByLabel(hallmark, { exact: true })).toHaveValue('950 Platinum');
});
