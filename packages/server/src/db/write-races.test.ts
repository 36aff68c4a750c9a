import { MESSAGES } from '@facet/contract/messages';
import type { CategoryTreeNode } from '@facet/contract/modules/categories/category.schema';
import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../modules/products/product.table.ts';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { useAdminTestApp } from '../test/test-app.ts';

/**
 * Writes that race each other. PGlite runs one statement at a time and hides these races, so they
 * run on PostgreSQL only (CI sets TEST_DATABASE_URL).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('racing writes on PostgreSQL', () => {
  const fx = useAdminTestApp();
  const ROUNDS = 12;

  it('two creates of the same unique name at once: one 201, the other 409 on the field (the index decides, never a 500)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Racing Courier ${round}`;
      const send = () => fx.t.request(fx.admin, { method: 'POST', url: '/api/shipping-rates', payload: { name, rate: 1, minFreeShippingAmount: 10 } });
      const responses = await Promise.all([send(), send()]);
      expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const refused = responses.find((r) => r.statusCode === 409)!.json().error;
      const message = MESSAGES.duplicate('Shipping rate');
      expect(refused).toMatchObject({ code: 'CONFLICT', message, issues: [{ path: ['name'], message }] });
      const [live] = await fx.t.db
        .select({ n: count() })
        .from(shippingRates)
        .where(and(eq(sql`lower(${shippingRates.name})`, name.toLowerCase()), isNull(shippingRates.deletedAt)));
      expect(live!.n).toBe(1);
    }
  });

  it('two creates of a product with the same SKU at once: one 201, the other 409 under the SKU field', async () => {
    const list = (url: string) => fx.t.request(fx.admin, { method: 'GET', url });
    const [set] = (await list('/api/attribute-sets?pageSize=1')).json().items as { id: number }[];
    const setId =
      set?.id ??
      (await fx.t.request(fx.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: 'Racing set', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } })).json().id;
    const category = (await fx.t.request(fx.admin, { method: 'POST', url: '/api/categories', payload: { name: 'race', title: 'race', slug: 'race-products' } })).json();
    for (let round = 0; round < ROUNDS; round++) {
      const sku = `RACE-${round}`;
      const send = () => fx.t.request(fx.admin, { method: 'POST', url: '/api/products', payload: { attributeSetId: setId, name: 'Racing ring', sku, categoryIds: [category.id] } });
      const responses = await Promise.all([send(), send()]);
      expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const refused = responses.find((r) => r.statusCode === 409)!.json().error;
      expect(refused).toMatchObject({ code: 'CONFLICT', message: MESSAGES.skuExists, issues: [{ path: ['sku'], message: MESSAGES.skuExists }] });
      const [live] = await fx.t.db.select({ n: count() }).from(products).where(and(eq(sql`lower(${products.sku})`, sku.toLowerCase()), isNull(products.deletedAt)));
      expect(live!.n).toBe(1);
    }
  });

  it('crossed moves (A under B and B under A at once): one succeeds, the other is refused as a cycle; no deadlock, no cycle', async () => {
    const create = async (slug: string) => {
      const response = await fx.t.request(fx.admin, { method: 'POST', url: '/api/categories', payload: { name: slug, title: slug, slug } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number; name: string; title: string; slug: string; version: number };
    };
    const moveUnder = (category: Awaited<ReturnType<typeof create>>, parentId: number) =>
      fx.t.request(fx.admin, {
        method: 'PUT',
        url: `/api/categories/${category.id}`,
        payload: { name: category.name, title: category.title, slug: category.slug, parentId, version: category.version },
      });

    for (let round = 0; round < ROUNDS; round++) {
      const a = await create(`swap-a-${round}`);
      const b = await create(`swap-b-${round}`);
      const responses = await Promise.all([moveUnder(a, b.id), moveUnder(b, a.id)]);
      expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join('\n')).toEqual([200, 400]);
      const refused = responses.find((r) => r.statusCode === 400)!.json().error;
      expect(refused.issues).toEqual([{ path: ['parentId'], message: MESSAGES.categoryCycle }]);

      const tree = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/categories/tree' })).json() as CategoryTreeNode[];
      const parentOf = new Map(tree.map((node) => [node.id, node.parentId]));
      for (const start of [a.id, b.id]) {
        const seen = new Set<number>();
        let current: number | null | undefined = start;
        while (current != null && current !== ROOT_CATEGORY_ID) {
          expect(seen.has(current), `cycle through ${current}`).toBe(false);
          seen.add(current);
          current = parentOf.get(current);
        }
        expect(current).toBe(ROOT_CATEGORY_ID);
      }
    }
  });
});
