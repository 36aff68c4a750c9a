import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { useAdminTestApp } from '../test/test-app.ts';
import { createCrudService } from './crud-service.ts';
import { CAPPED_TEXT_TOTAL, CAPPED_TOTAL } from './list-totals.ts';

/** The toolkit's list and export paths over more rows than one batch or one cap. */
describe('toolkit lists and exports at size', () => {
  const fx = useAdminTestApp();
  const ROWS = CAPPED_TOTAL + 1234;

  beforeAll(async () => {
    // Mixed case names, and one creation time for every row: the order must be total (sort value, then id).
    await fx.t.db.execute(sql`
      insert into shipping_rates (name, rate, min_free_shipping_amount, status)
      select (array['Courier ', 'courier-', 'Post '])[1 + g % 3] || g, g % 50, 100, g % 4 <> 0
      from generate_series(1, ${ROWS}) g`);
  });

  const serviceWith = (totals: 'exact' | 'capped') => createCrudService(fx.t.db, { ...shippingRateResource, totals, unique: [] }, shippingRates);

  it('counts exactly by default, and stops at the cap for a big table, saying so', async () => {
    const exact = await serviceWith('exact').list({ page: 2, pageSize: 20 });
    expect(exact.total).toBe(ROWS);
    expect(exact.totalIsCapped).toBeUndefined();
    const capped = await serviceWith('capped').list({ page: 2, pageSize: 20 });
    expect(capped.total).toBe(CAPPED_TOTAL);
    expect(capped.totalIsCapped).toBe(true);
    expect(capped.items.map((r) => r.id)).toEqual(exact.items.map((r) => r.id));
    // Under the cap the count is exact, and not flagged.
    const few = await serviceWith('capped').list({ page: 1, pageSize: 20, search: 'post 69' });
    expect(few.totalIsCapped).toBeUndefined();
    expect(few.total).toBe((await serviceWith('exact').list({ page: 1, pageSize: 20, search: 'post 69' })).total);
  });

  it('stops a substring search’s count at the text cap (a trigram match reads each row it counts), and only a substring’s', async () => {
    const exact = await serviceWith('exact').list({ page: 1, pageSize: 20, search: 'courier' });
    expect(exact.total).toBeGreaterThan(CAPPED_TEXT_TOTAL);
    const capped = await serviceWith('capped').list({ page: 1, pageSize: 20, search: 'courier' });
    expect(capped).toMatchObject({ total: CAPPED_TEXT_TOTAL, totalIsCapped: true });
    expect(capped.items.map((r) => r.id)).toEqual(exact.items.map((r) => r.id));
    // Past the text cap but under the other: a filter on a value (the status) is still counted exactly.
    const active = await serviceWith('capped').list({ page: 1, pageSize: 20, status: 'active' });
    expect(active.total).toBeGreaterThan(CAPPED_TEXT_TOTAL);
    expect(active.totalIsCapped).toBeUndefined();
    expect(active.total).toBe((await serviceWith('exact').list({ page: 1, pageSize: 20, status: 'active' })).total);
    // A page past the text cap counts as far as itself.
    const deep = await serviceWith('capped').list({ page: CAPPED_TEXT_TOTAL / 20 + 2, pageSize: 20, search: 'courier' });
    expect(deep).toMatchObject({ total: (CAPPED_TEXT_TOTAL / 20 + 2) * 20, totalIsCapped: true });
  });

  it('counts a page past the cap as far as itself, so the pager still reaches the next one', async () => {
    const page = CAPPED_TOTAL / 20 + 2;
    const deep = await serviceWith('capped').list({ page, pageSize: 20 });
    expect(deep.total).toBe(page * 20);
    expect(deep.totalIsCapped).toBe(true);
    expect(deep.items.map((r) => r.id)).toEqual((await serviceWith('exact').list({ page, pageSize: 20 })).items.map((r) => r.id));
  });

  it('lets an export stop early while its next batch is being read', async () => {
    const service = serviceWith('exact');
    let seen = 0;
    for await (const row of service.iterate({ page: 1, pageSize: 20, sort: 'name', order: 'asc' })) {
      expect(row.id).toBeGreaterThan(0);
      if (++seen === 1500) break;
    }
    expect(seen).toBe(1500);
    // The batch read ahead settles on its own; the service goes on answering.
    expect((await service.list({ page: 1, pageSize: 20 })).total).toBe(ROWS);
  });

  it('answers the total past the last page too', async () => {
    const beyond = await serviceWith('exact').list({ page: 10_000, pageSize: 20 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(ROWS);
  });

  for (const [sort, order] of [['name', 'asc'], ['name', 'desc'], ['createdAt', 'desc']] as const) {
    it(`exports every matching row once, in the list's order (${sort} ${order}), across keyset batches`, async () => {
      const service = serviceWith('exact');
      const query = { page: 1, pageSize: 100, sort, order, status: 'active' as const };
      const exported: { id: number; name: string }[] = [];
      for await (const row of service.iterate(query)) exported.push(row);
      const listed: number[] = [];
      for (let page = 1; listed.length < exported.length || page === 1; page++) {
        const { items } = await service.list({ ...query, page });
        if (!items.length) break;
        listed.push(...items.map((r) => r.id));
      }
      expect(exported.length).toBe((await service.list(query)).total);
      expect(new Set(exported.map((r) => r.id)).size).toBe(exported.length);
      expect(exported.map((r) => r.id)).toEqual(listed);
      if (sort === 'name') {
        const names = exported.map((r) => r.name.toLowerCase());
        const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(names).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    });
  }
});
