import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { chooseOption, signInApi } from './support.ts';

/** Product journeys' data, built through the API. */

export interface FormAttribute {
  id: number;
  attributeCode: string;
  options: { id: number; value: string }[];
}

/**
 * A category and an attribute set whose attributes make variants (metal × ring size, reference data on
 * every database), with `extraAttributeIds` placed in it too (attributes the Attributes section fills).
 */
export async function seedRingSet(request: APIRequestContext, run: string, extraAttributeIds: number[] = []) {
  await signInApi(request);
  const attributes = (await (await request.get('/api/products/form-attributes')).json()) as FormAttribute[];
  const byCode = (code: string) => attributes.find((attribute) => attribute.attributeCode === code)!;
  const category = await request.post('/api/categories', { data: { name: `${run} Rings`, title: `${run} Rings`, slug: run.toLowerCase(), parentId: 1, status: true } });
  expect(category.status(), await category.text()).toBe(201);
  const set = await request.post('/api/attribute-sets', {
    data: { name: `${run} Ring Set`, status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [byCode('metal').id, byCode('ringSize').id, ...extraAttributeIds] }] },
  });
  expect(set.status(), await set.text()).toBe(201);
}

/** One image in the product's media library (the library is keyed by the model number). */
export async function uploadLibraryImage(request: APIRequestContext, sku: string, name = 'yellow-gold.png', background = { r: 212, g: 175, b: 55 }) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer();
  const response = await request.post(`/api/product-media?sku=${sku}&kind=image`, { multipart: { file: { name, mimeType: 'image/png', buffer: png } } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; url: string };
}

/** The smallest file the server takes for a WebM video: an EBML header with DocType webm, a segment, padding. */
const WEBM_HEAD = '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff';

export async function uploadLibraryVideo(request: APIRequestContext, sku: string, name = 'turntable.webm') {
  const head = Buffer.from(WEBM_HEAD, 'hex');
  const buffer = Buffer.concat([head, Buffer.alloc(4096 - head.length)]);
  const response = await request.post(`/api/product-media?sku=${sku}&kind=video`, { multipart: { file: { name, mimeType: 'video/webm', buffer } } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; url: string };
}

/** The product form's required main fields, for a product in `seedRingSet`'s set and category. */
export async function fillMainFields(page: Page, run: string, product: { name: string; sku: string; price: string }) {
  await chooseOption(page, 'Attribute Set', `${run} Ring Set`);
  await page.getByLabel('Name', { exact: true }).fill(product.name);
  await page.getByLabel('Model Number', { exact: true }).fill(product.sku);
  const categories = page.getByLabel('Categories', { exact: true });
  await categories.click();
  await categories.fill(`${run} Rings`);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: `${run} Rings` }).first().click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Price', { exact: true }).fill(product.price);
}
