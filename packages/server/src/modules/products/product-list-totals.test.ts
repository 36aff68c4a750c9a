import type { ProductListRow } from '@facet/contract/modules/products/product.schema';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPPED_TEXT_TOTAL } from '../../db/list-totals.ts';
import { useAdminTestApp } from '../../test/test-app.ts';

/**
 * The products list's total is the toolkit's (db/list-totals.ts): a model number or name substring
 * counts up to CAPPED_TEXT_TOTAL and says "more than 1000", a page past the cap counts as far as
 * itself so the pager offers the next, and a page that is not full gives the exact end.
 */
describe('the products list counts a substring as the toolkit does', () => {
  const fx = useAdminTestApp();
  /** Products whose names hold 'Bulk Ring', more than the text cap, and a few that hold 'Bulk Pendant'. */
  const RINGS = CAPPED_TEXT_TOTAL + 234;
  const PENDANTS = 30;

  beforeAll(async () => {
    const set = await fx.t.request(fx.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: 'Totals Set', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } });
    expect(set.statusCode, set.body).toBe(201);
    // Rows written at once (a save per product would take minutes): the list reads only the table.
    await fx.t.db.execute(sql`
      insert into products (attribute_set_id, name, sku, model_number, price)
      select ${set.json().id}, case when g <= ${RINGS} then 'Bulk Ring ' else 'Bulk Pendant ' end || g, 'BULK-' || g, 'BULK-' || g, 100 + g % 50
      from generate_series(1, ${RINGS + PENDANTS}) g`);
  });

  const list = async (query: string) => {
    const response = await fx.t.request(fx.admin, { method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: ProductListRow[]; total: number; totalIsCapped?: boolean; page: number; pageSize: number };
  };

  it('stops a name or model number substring at the text cap, saying so', async () => {
    expect(await list('name=bulk ring')).toMatchObject({ total: CAPPED_TEXT_TOTAL, totalIsCapped: true });
    expect(await list('sku=bulk-')).toMatchObject({ total: CAPPED_TEXT_TOTAL, totalIsCapped: true });
    // Under the cap the count is exact, and not flagged.
    const pendants = await list('name=bulk pendant');
    expect(pendants.total).toBe(PENDANTS);
    expect(pendants.totalIsCapped).toBeUndefined();
  });

  it('counts a page past the text cap as far as itself, and the last page to the exact end', async () => {
    const page = CAPPED_TEXT_TOTAL / 20 + 2;
    const deep = await list(`name=bulk ring&page=${page}&pageSize=20`);
    expect(deep.items).toHaveLength(20);
    expect(deep).toMatchObject({ total: page * 20, totalIsCapped: true });
    // The last page is not full: its end is the exact total.
    const lastPage = Math.ceil(RINGS / 20);
    const last = await list(`name=bulk ring&page=${lastPage}&pageSize=20`);
    expect(last.items).toHaveLength(RINGS - (lastPage - 1) * 20);
    expect(last.total).toBe(RINGS);
    expect(last.totalIsCapped).toBeUndefined();
  });
});
