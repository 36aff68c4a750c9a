import { MESSAGES } from '@facet/contract/messages';
import type { APIRequestContext, Request, Response } from '@playwright/test';
import { expect } from '@playwright/test';
import { installRenderCounter, readRenders, resetRenders } from '../render-counter.ts';
import { ADMIN, login, signInApi, test, uniqueName } from '../support.ts';

// Seeding and saving a 1,000-variant product on a busy 2-core machine takes its time.
test.describe.configure({ timeout: 240_000 });

interface FormAttribute {
  id: number;
  attributeCode: string;
  options: { id: number; value: string }[];
}

const VARIANTS = 1000;

/** A product with 1,000 variants (metal × ring size × bridal shape), created through the API in one request. */
async function seedLargeProduct(request: APIRequestContext, run: string) {
  await signInApi(request);
  const attributes = (await (await request.get('/api/products/form-attributes')).json()) as FormAttribute[];
  const byCode = (code: string) => attributes.find((attribute) => attribute.attributeCode === code)!;
  const [metal, size, shape] = [byCode('metal'), byCode('ringSize'), byCode('bridalshape')];
  const category = await request.post('/api/categories', { data: { name: `${run} Rings`, title: `${run} Rings`, slug: run.toLowerCase(), parentId: 1, status: true } });
  expect(category.status(), await category.text()).toBe(201);
  const set = await request.post('/api/attribute-sets', {
    data: { name: `${run} Large Set`, status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [metal.id, size.id, shape.id] }] },
  });
  expect(set.status(), await set.text()).toBe(201);
  const sku = `${run.toUpperCase()}-BIG`;
  const variants = metal.options
    .flatMap((m) => size.options.flatMap((s) => shape.options.map((sh) => [m, s, sh] as const)))
    .slice(0, VARIANTS)
    .map(([m, s, sh], index) => ({
      options: [
        { attributeId: metal.id, optionId: m.id },
        { attributeId: size.id, optionId: s.id },
        { attributeId: shape.id, optionId: sh.id },
      ],
      sku: `${sku}-${String(index).padStart(4, '0')}`,
      modelNumber: '',
      price: 1000 + index,
    }));
  expect(variants).toHaveLength(VARIANTS);
  const response = await request.post('/api/products', {
    data: {
      attributeSetId: ((await set.json()) as { id: number }).id,
      name: `${run} Eternity Ring`,
      sku,
      categoryIds: [((await category.json()) as { id: number }).id],
      price: 1000,
      weight: 3.5,
      variants,
      variationGroupByProperty: 'metal',
    },
    timeout: 120_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: { id: number } }).product.id;
}

/** How long a request took, from its start to its last byte. */
async function finishedIn(response: Response) {
  await response.finished();
  return response.request().timing().responseEnd;
}

test('a product with 1,000 variants opens, a price typed re-renders only its row, and the save is one request that persists', async ({ page, request }) => {
  const run = uniqueName('Big');
  const productId = await seedLargeProduct(request, run);

  await installRenderCounter(page);
  await login(page, ADMIN.username, ADMIN.password);

  let started = Date.now();
  const detailPath = `/api/products/${productId}`;
  const detail = page.waitForResponse((response) => new URL(response.url()).pathname === detailPath && response.request().method() === 'GET');
  await page.goto(`/products/edit/${productId}`);
  const readMs = await finishedIn(await detail);
  await expect(page.getByTestId('variant-summary')).toHaveText(`${VARIANTS} variants`, { timeout: 60_000 });
  await expect(page.getByTestId('variant-row').first()).toBeVisible();
  const openMs = Date.now() - started;

  // The table is windowed: a few dozen rows are mounted, not 1,000.
  const mountedRows = await page.getByTestId('variant-row').count();
  expect(mountedRows).toBeLessThan(60);

  const firstRow = page.getByTestId('variant-row').first();
  const price = firstRow.getByRole('spinbutton', { name: /^Price of / });
  const label = (await price.getAttribute('aria-label'))!;
  await price.click();
  await price.press('ControlOrMeta+a');
  await resetRenders(page);
  const typed = '4321.5';
  await page.keyboard.type(typed, { delay: 30 });
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(typed);
  const renders = await readRenders(page);
  const perKeystroke = renders.rendered / typed.length;
  console.log(`1,000 variants in the browser: ${renders.rendered} component renders for ${typed.length} keystrokes (${perKeystroke.toFixed(1)} each) of ${renders.mounted} mounted`);
  // Typing re-renders the row typed in (its inputs and buttons, about 40 components) and the
  // variant count, never the form or the table: a whole-form render would touch most of the
  // 2,000-odd components mounted.
  expect(perKeystroke).toBeLessThan(60);
  expect(perKeystroke).toBeLessThan(renders.mounted / 20);

  // The save: one request carrying the whole product.
  const writes: Request[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/') && sent.method() !== 'GET') writes.push(sent);
  });
  started = Date.now();
  const put = page.waitForResponse((response) => new URL(response.url()).pathname === detailPath && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Submit' }).click();
  const putMs = await finishedIn(await put);
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible({ timeout: 60_000 });
  const saveMs = Date.now() - started;
  await expect(page).toHaveURL(/\/products$/);
  expect(writes.map((sent) => `${sent.method()} ${new URL(sent.url()).pathname}`)).toEqual([`PUT /api/products/${productId}`]);

  // The price typed is stored for that one variant; the other 999 keep theirs.
  const saved = (await (await request.get(`/api/products/${productId}`)).json()) as { variants: { price: number }[] };
  expect(saved.variants).toHaveLength(VARIANTS);
  expect(saved.variants.filter((variant) => variant.price === 4321.5)).toHaveLength(1);
  expect(saved.variants.filter((variant) => variant.price >= 1000 && variant.price < 1000 + VARIANTS)).toHaveLength(VARIANTS - 1);

  console.log(`1,000 variants in the browser: open ${openMs} ms (the detail request ${Math.round(readMs)} ms), save ${saveMs} ms from click to toast (the PUT ${Math.round(putMs)} ms)`);
});
