import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { ProductForSale } from '../modules/products/index.ts';
import { productsForSale, sampleProductIdsForSale } from '../modules/products/index.ts';
import { diamondsForSale, sampleDiamondIdsForSale } from '../modules/diamonds/index.ts';
import type { DiamondForSale } from '../modules/diamonds/index.ts';
import { eq, sql } from 'drizzle-orm';
import { productSizes } from '../modules/product-sizes/product-size.table.ts';
import { products as productsTable } from '../modules/products/product.table.ts';
import type { TestApp } from './test-app.ts';
import { createTestApp } from './test-app.ts';

/** A storefront API key with `scopes`, made by the admin behind `cookie`; answers a caller of the storefront API with it. */
export async function storefrontCaller(t: TestApp, cookie: string, scopes: StorefrontScope[]) {
  const created = await t.request(cookie, { method: 'POST', url: '/api/api-keys', payload: { name: `test ${scopes.join(' ')}`, scopes } });
  expect(created.statusCode, created.body).toBe(201);
  const { key } = created.json() as { key: string };
  return (options: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${key}`, ...options.headers } });
}

/**
 * What the demo catalogue has for sale, for lines: a variant whose size is chosen apart (a pendant's
 * necklace length), a variant made in a size (a ring's ring size), a piece without sizes, and stones.
 */
export async function goodsForSale(t: TestApp): Promise<{ sized: ProductForSale; sizedByOption: ProductForSale; unsized: ProductForSale; stones: DiamondForSale[] }> {
  const products = [...(await productsForSale(t.db, await sampleProductIdsForSale(t.db, 2000))).values()];
  const stones = [...(await diamondsForSale(t.db, await sampleDiamondIdsForSale(t.db, 10))).values()];
  const sizedByOption = products.find((product) => product.optionSize !== null && product.sizes.length);
  const [unsized, another] = products.filter((product) => !product.sizes.length && product.optionSize === null && product.parentSku);
  if (!sizedByOption || !unsized || !another || stones.length < 3) throw new Error('the demo catalogue has changed: no sized variant, unsized variants or stones for sale');
  // The demo's sized pieces are all made in their sizes; a piece whose size is chosen apart is another's earrings given a size type.
  const [variant] = await t.db.select({ parentId: productsTable.parentProductId }).from(productsTable).where(eq(productsTable.id, another.id));
  const [sizeType] = await t.db.select({ id: productSizes.id }).from(productSizes).where(sql`cardinality(${productSizes.femaleSizes}) > 0`).limit(1);
  await t.db.update(productsTable).set({ sizeTypeId: sizeType!.id }).where(eq(productsTable.id, variant!.parentId!));
  const sized = (await productsForSale(t.db, [another.id])).get(another.id)!;
  return { sized, sizedByOption, unsized, stones };
}

/**
 * An app on the demo data for the sales tests: signed in as admin, a storefront caller with `scopes`,
 * and the goods for sale. Close `t` after the tests.
 */
export async function salesTestApp(scopes: StorefrontScope[]) {
  const t = await createTestApp({ demoData: true });
  const admin = await t.login();
  return { t, admin, shop: await storefrontCaller(t, admin, scopes), goods: await goodsForSale(t) };
}
export type SalesTestApp = Awaited<ReturnType<typeof salesTestApp>>;
