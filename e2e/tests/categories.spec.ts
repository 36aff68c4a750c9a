import { MESSAGES } from '@facet/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { describeListJourney, fieldError, submitForm } from '../list-journey.ts';
import { ADMIN, countRequests, login, signInApi, test, uniqueName } from '../support.ts';

/** A real 4x4 PNG: what a staff member would upload as a banner. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4uUgdjhiI4wAAl7IZISQkAugAAAAASUVORK5CYII=', 'base64');

const category = (name: string, slug: string) => ({ name, title: `${name} title`, slug });

describeListJourney({
  name: 'categories',
  listPath: '/categories',
  addButton: 'Add Category',
  apiPath: '/api/categories',
  hasStatus: true,
  listData: async (run) => ({
    searchTerm: run,
    records: [
      { body: category(`Alpha ${run}`, `alpha-${run}`), rowText: `Alpha ${run}` },
      { body: category(`Beta ${run}`, `beta-${run}`), rowText: `Beta ${run}` },
    ],
  }),
  // Newest first by default; the spec's sortable columns are the name and the created date.
  sorts: [
    { column: 'Name', url: /sort=name&order=asc/, order: [0, 1] },
    { column: 'Name', url: /sort=name&order=desc/, order: [1, 0] },
    { column: 'Created Date', url: /sort=createdAt&order=asc/, order: [0, 1] },
  ],
  async fillNew(page, run) {
    // Name and title are capitalised and trimmed, inner spaces of the slug become dashes.
    await page.getByLabel('Name', { exact: true }).fill(`  cocktail rings ${run} `);
    await page.getByLabel('Title', { exact: true }).fill('cocktail rings');
    await page.getByLabel('Slug', { exact: true }).fill(`cocktail rings ${run}`);
    return `Cocktail rings ${run}`;
  },
  async edit(page, run) {
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(`cocktail-rings-${run}`);
    await page.getByLabel('Name', { exact: true }).fill(`Statement Rings ${run}`);
    return `Statement Rings ${run}`;
  },
  async rejectForm(page) {
    await submitForm(page);
    for (const label of ['Name', 'Title', 'Slug']) await expect(fieldError(page, label)).toHaveText(MESSAGES.required);
    await page.getByLabel('Slug', { exact: true }).fill('s'.repeat(51));
    await expect(fieldError(page, 'Slug')).toHaveText(MESSAGES.maxLength(50));
    // Valid in the browser, refused by the server: the demo tree has this slug.
    await page.getByLabel('Name', { exact: true }).fill('Rings Again');
    await page.getByLabel('Title', { exact: true }).fill('Rings Again');
    await page.getByLabel('Slug', { exact: true }).fill('rings');
    await submitForm(page);
    await expect(fieldError(page, 'Slug')).toHaveText(MESSAGES.duplicate('Slug'));
  },
});

/** The form item of a field inside a list entry: the `index`th field labelled `label`. */
const entryField = (page: Page, label: string, index = 0) => page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) }).nth(index);
const imageField = (page: Page, label: string) => page.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label').getByText(label, { exact: true }) });

async function attributeIds(request: APIRequestContext, names: string[]): Promise<number[]> {
  const list = (await (await request.get('/api/product-attributes', { params: { pageSize: 100 } })).json()) as { items: { id: number; attributeName: string }[] };
  return names.map((name) => list.items.find((attribute) => attribute.attributeName === name)!.id);
}

test.describe('category form', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, ADMIN.username, ADMIN.password);
  });

  test('creates a category under a parent with a FAQ, a link and a banner uploaded through the real upload', async ({ page }) => {
    const run = uniqueName('c');
    await page.goto('/categories/add');
    await page.getByLabel('Name', { exact: true }).fill(`Toi et Moi ${run}`);
    await page.getByLabel('Title', { exact: true }).fill('Toi et Moi Rings');
    await page.getByLabel('Slug', { exact: true }).fill(`toi-et-moi-${run}`);
    // The parent chooser is a searchable tree.
    await page.getByLabel('Parent Category').click();
    await page.getByLabel('Parent Category').fill('Engagement');
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: /^Engagement Rings$/ }).click();

    // A file that only claims to be a PNG is refused by the server with the spec's message; a real one is stored.
    const banner = imageField(page, 'Desktop Banner Image');
    await banner.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expect(banner.getByText(MESSAGES.fileFormatNotSupported)).toBeVisible();
    await banner.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(banner.locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\.png$/);
    await expect(banner.getByText(MESSAGES.fileFormatNotSupported)).toHaveCount(0);

    // An empty FAQ and a link that is not a URL are refused under their fields.
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await page.getByRole('button', { name: 'Add Link' }).click();
    await entryField(page, 'Link').locator('input').fill('not a link');
    await submitForm(page);
    await expect(entryField(page, 'Question').locator('.ant-form-item-explain')).toHaveText(MESSAGES.required);
    await expect(entryField(page, 'Answer').locator('.ant-form-item-explain')).toHaveText(MESSAGES.required);
    await expect(entryField(page, 'Link').locator('.ant-form-item-explain')).toHaveText(MESSAGES.invalidUrl);
    await expect(page).toHaveURL(/\/categories\/add$/);

    await entryField(page, 'Question').locator('input').fill('Which metals can I choose?');
    await entryField(page, 'Answer').locator('textarea').fill('Platinum, 18ct white, yellow or rose gold.');
    await entryField(page, 'Title', 1).locator('input').fill('Ring size guide');
    await entryField(page, 'Link').locator('input').fill('https://www.facet-jewellery.co.uk/ring-size-guide');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/categories') && r.request().method() === 'POST');
    await submitForm(page);
    const record = await (await created).json();
    expect(record).toMatchObject({
      faqs: [{ question: 'Which metals can I choose?', answer: 'Platinum, 18ct white, yellow or rose gold.' }],
      exploreMore: [{ title: 'Ring size guide', link: 'https://www.facet-jewellery.co.uk/ring-size-guide' }],
      parentName: 'Engagement Rings',
    });
    await expect(page.getByText(MESSAGES.recordAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);

    // The stored banner is the re-encoded copy, served as an image with nosniff.
    const served = await page.request.get(record.desktopBannerImage);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(run);
    const row = page.getByRole('row', { name: new RegExp(`Toi et Moi ${run}`) });
    await expect(row).toContainText('Engagement Rings');
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(entryField(page, 'Question').locator('input')).toHaveValue('Which metals can I choose?');
    await expect(imageField(page, 'Desktop Banner Image').locator('img')).toHaveAttribute('src', record.desktopBannerImage);
  });

  test('a refused image file blocks submit with its message under the field until a valid file or Remove clears it', async ({ page }) => {
    const run = uniqueName('i');
    await page.goto('/categories/add');
    await page.getByLabel('Name', { exact: true }).fill(`Eternity ${run}`);
    await page.getByLabel('Title', { exact: true }).fill('Eternity Rings');
    await page.getByLabel('Slug', { exact: true }).fill(`eternity-${run}`);
    const posted = countRequests(page, 'POST', '/api/categories');
    const fileInput = (label: string) => imageField(page, label).locator('input[type=file]');
    const message = (label: string) => imageField(page, label).locator('.ant-form-item-explain');

    // Refused in the browser (type, size) and by the server (bytes that only claim to be a PNG).
    await fileInput('Desktop Banner Image').setInputFiles({ name: 'banner.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await fileInput('Mobile Banner Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.alloc(2_097_153) });
    await fileInput('Offer Image 1').setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: Buffer.from('<html></html>') });
    await expect(message('Desktop Banner Image')).toHaveText(MESSAGES.fileFormatNotSupported);
    await expect(message('Mobile Banner Image')).toHaveText(MESSAGES.maxFileSize2mb);
    await expect(message('Offer Image 1')).toHaveText(MESSAGES.fileFormatNotSupported);

    await submitForm(page);
    await expect(message('Desktop Banner Image')).toHaveText(MESSAGES.fileFormatNotSupported);
    await page.screenshot({ path: '/tmp/category-image-refused.png', fullPage: true });
    await expect(page).toHaveURL(/\/categories\/add$/);
    expect(posted()).toBe(0);

    // A valid file replaces the refused one; Remove gives up the image.
    await fileInput('Desktop Banner Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(imageField(page, 'Desktop Banner Image').locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\.png$/);
    await expect(message('Desktop Banner Image')).toHaveCount(0);
    await imageField(page, 'Mobile Banner Image').getByRole('button', { name: 'Remove image' }).click();
    await expect(message('Mobile Banner Image')).toHaveCount(0);
    await imageField(page, 'Offer Image 1').getByRole('button', { name: 'Remove image' }).click();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/categories') && r.request().method() === 'POST');
    await submitForm(page);
    const record = await (await created).json();
    expect(record).toMatchObject({ desktopBannerImage: expect.stringMatching(/^\/media\//), mobileBannerImage: '', offerImage1: '' });
    await expect(page).toHaveURL(/\/categories$/);
  });

  test('offers neither the category itself nor its subcategories as its parent', async ({ page }) => {
    await page.goto('/categories?search=rings&sort=name&order=asc');
    // The row whose checkbox names it (the list's selection column names each row by its record).
    await page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: 'Select Rings', exact: true }) }).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Parent Category').click();
    const disabled = page.locator('.ant-select-tree-treenode-disabled');
    await expect(disabled.filter({ hasText: /^Rings$/ })).toHaveCount(1);
    await expect(disabled.filter({ hasText: /^Engagement Rings$/ })).toHaveCount(1);
    await expect(page.locator('.ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled)').filter({ hasText: /^Root Category$/ })).toHaveCount(1);
  });

  test('a new filter option order is saved at once on a saved category, and the form saves after it', async ({ page, request }) => {
    await signInApi(request);
    const run = uniqueName('f');
    const [metal, shape, chain] = await attributeIds(request, ['Metal', 'Bridal Shape', 'Chain Length']);
    const response = await request.post('/api/categories', {
      data: { ...category(`Filters ${run}`, `filters-${run}`), filterOptions: [{ attributeId: metal }, { attributeId: shape }, { attributeId: chain }] },
    });
    expect(response.status(), await response.text()).toBe(201);
    const saved = await response.json();
    await page.goto(`/categories/edit/${saved.id}`);
    const rows = page.getByTestId('filter-option');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toContainText('Chain Length');

    // Keyboard drag: lift the third row, move it up twice, drop it.
    await page.getByRole('button', { name: 'Move row 3' }).focus();
    await page.keyboard.press('Space');
    for (const _step of [1, 2]) {
      // Each step is measured before the next one is taken.
      await page.waitForTimeout(300);
      await page.keyboard.press('ArrowUp');
    }
    await page.waitForTimeout(300);
    const reordered = page.waitForResponse((r) => r.url().endsWith(`/api/categories/${saved.id}/filter-options/order`));
    await page.keyboard.press('Space');
    expect((await reordered).status()).toBe(200);
    await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
    const stored = await (await request.get(`/api/categories/${saved.id}`)).json();
    expect(stored.filterOptions.map((option: { attributeName: string }) => option.attributeName).join(', ')).toBe('Chain Length, Metal, Bridal Shape');

    // The form goes on with the version the reorder returned: no stale-version refusal.
    await page.getByLabel('Name', { exact: true }).fill(`Filtered ${run}`);
    await submitForm(page);
    await expect(page).toHaveURL(/\/categories$/);
    expect((await (await request.get(`/api/categories/${saved.id}`)).json()).name).toBe(`Filtered ${run}`);
  });
});
