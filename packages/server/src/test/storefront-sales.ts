import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { ProductForSale } from '../modules/products/index.ts';
import { productsForSale, sampleProductIdsForSale } from '../modules/products/index.ts';
import { diamondsForSale, sampleDiamondIdsForSale } from '../modules/diamonds/index.ts';
import type { DiamondForSale } from '../modules/diamonds/index.ts';
import type { TestApp } from './test-app.ts';

/** A storefront API key with `scopes`, made by the admin behind `cookie`; answers a caller of the storefront API with it. */
export async function storefrontCaller(t: TestApp, cookie: string, scopes: StorefrontScope[]) {
  const created = await t.request(cookie, { method: 'POST', url: '/api/api-keys', payload: { name: `test ${scopes.join(' ')}`, scopes } });
  expect(created.statusCode, created.body).toBe(201);
  const { key } = created.json() as { key: string };
  return (options: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${key}`, ...options.headers } });
}

/** What the demo catalogue has for sale, for lines: a variant with sizes, one without, and stones. */
export async function goodsForSale(t: TestApp): Promise<{ sized: ProductForSale; unsized: ProductForSale; stones: DiamondForSale[] }> {
  const products = [...(await productsForSale(t.db, await sampleProductIdsForSale(t.db, 400))).values()];
  const stones = [...(await diamondsForSale(t.db, await sampleDiamondIdsForSale(t.db, 10))).values()];
  const sized = products.find((product) => product.sizes?.length && product.parentSku && product.options.length);
  const unsized = products.find((product) => !product.sizes?.length);
  if (!sized || !unsized || stones.length < 3) throw new Error('the demo catalogue has changed: no sized variant, unsized product or stones for sale');
  return { sized, unsized, stones };
}
