import { booleanFilter, choiceFilter, dateRangeFilter, defineListQuery, idsFilter, rangeFilter, textFilter } from '@facet/contract/list-query';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { useAdminTestApp } from '../test/test-app.ts';
import { applyListQuery, rangeOverlaps, searchCondition } from './list-query.ts';

/**
 * A hand-written list (as diamonds, orders and products will be) built from the toolkit's pieces
 * without the generic crud service: the contract's query schema, then applyListQuery on its table.
 */
const gems = pgTable('test_gems', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  cut: text('cut', { enum: ['ideal', 'good'] }).notNull(),
  isLab: boolean('is_lab').notNull(),
  shapeId: integer('shape_id').notNull(),
  caratFrom: numeric('carat_from', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  caratTo: numeric('carat_to', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

const gemList = defineListQuery({
  sortable: ['name', 'listedAt'],
  filters: {
    cut: choiceFilter('Cut', { ideal: 'Ideal', good: 'Good' }),
    isLab: booleanFilter('Type', { trueValue: 'lab', falseValue: 'earth' }),
    shapeId: idsFilter('Shape', { resource: { name: 'diamond-shapes' }, labelField: 'name' }),
    carat: rangeFilter('Carat', { max: 999.999, decimals: 3 }),
    listed: dateRangeFilter('Listed'),
    name: textFilter('Name', { maxLength: 50 }),
    cutName: textFilter('Cut name', { maxLength: 50, match: 'equals' }),
    price: rangeFilter('Price', { max: 99, decimals: 3 }, { from: 'pricefrom', to: 'priceto' }),
  },
});

describe('list query pieces on a hand-written list', () => {
  const fx = useAdminTestApp();

  beforeAll(async () => {
    await fx.t.db.execute(sql`create table test_gems (
      id integer primary key, name text not null, cut text not null, is_lab boolean not null, shape_id integer not null,
      carat_from numeric(6,3) not null, carat_to numeric(6,3) not null, listed_at timestamptz not null, deleted_at timestamptz)`);
    await fx.t.db.insert(gems).values([
      { id: 1, name: 'Aurora', cut: 'ideal', isLab: false, shapeId: 1, caratFrom: 0.3, caratTo: 0.499, listedAt: new Date('2026-03-01T23:30:00Z') },
      { id: 2, name: 'borealis', cut: 'good', isLab: true, shapeId: 2, caratFrom: 0.5, caratTo: 0.699, listedAt: new Date('2026-07-01T23:30:00Z') },
      { id: 3, name: 'Comet', cut: 'ideal', isLab: true, shapeId: 1, caratFrom: 0.7, caratTo: 0.899, listedAt: new Date('2026-07-02T10:00:00Z') },
      { id: 4, name: 'Dawn 100%', cut: 'good', isLab: false, shapeId: 3, caratFrom: 1, caratTo: 1.499, listedAt: new Date('2026-08-01T10:00:00Z') },
      { id: 5, name: 'Eclipse', cut: 'ideal', isLab: false, shapeId: 1, caratFrom: 0.3, caratTo: 0.499, listedAt: new Date('2026-03-01T10:00:00Z'), deletedAt: new Date() },
    ]);
  });

  /** One page of the hand-written list, exactly as its route would run it. */
  async function listIds(params: Record<string, string>) {
    const query = gemList.schema.parse(params);
    const { where, orderBy, limit, offset } = applyListQuery(gems, query, {
      definition: gemList,
      // The typed map: every declared filter must have a target (leaving one out does not compile).
      filters: {
        cut: gems.cut,
        isLab: gems.isLab,
        shapeId: gems.shapeId,
        carat: rangeOverlaps(gems.caratFrom, gems.caratTo),
        listed: gems.listedAt,
        name: gems.name,
        cutName: gems.cut,
        price: gems.caratFrom,
      },
      search: [gems.name],
      sort: { name: sql`lower(${gems.name})`, listedAt: gems.listedAt },
      defaultSort: { field: 'listedAt', order: 'desc' },
      base: isNull(gems.deletedAt),
    });
    const rows = await fx.t.db.select({ id: gems.id }).from(gems).where(where).orderBy(...orderBy).limit(limit).offset(offset);
    return rows.map((row) => row.id);
  }

  it('lists live rows in the default order, pages and sorts', async () => {
    expect(await listIds({})).toEqual([4, 3, 2, 1]);
    expect(await listIds({ sort: 'name' })).toEqual([1, 2, 3, 4]);
    expect(await listIds({ sort: 'name', order: 'desc', pageSize: '3', page: '2' })).toEqual([1]);
  });

  it('applies each kind of filter through its target', async () => {
    expect(await listIds({ cut: 'good' })).toEqual([4, 2]);
    expect(await listIds({ isLab: 'lab', sort: 'name' })).toEqual([2, 3]);
    expect(await listIds({ shapeId: '1,3', sort: 'name' })).toEqual([1, 3, 4]);
    // Bands overlapping 0.6-0.75 ct: 0.500-0.699 and 0.700-0.899.
    expect(await listIds({ caratFrom: '0.6', caratTo: '0.75', sort: 'name' })).toEqual([2, 3]);
    expect(await listIds({ caratFrom: '0.499', caratTo: '0.499' })).toEqual([1]);
    expect(await listIds({ cut: 'ideal', isLab: 'earth' })).toEqual([1]);
    // Text: a substring, case-insensitive, % taken as text; equals: the whole value.
    expect(await listIds({ name: 'OREA', sort: 'name' })).toEqual([2]);
    expect(await listIds({ name: '%' })).toEqual([4]);
    expect(await listIds({ cutName: 'good' })).toEqual([4, 2]);
    expect(await listIds({ cutName: 'goo' })).toEqual([]);
    // A range under the spec's own parameter names.
    expect(await listIds({ pricefrom: '0.5', priceto: '0.7', sort: 'name' })).toEqual([2, 3]);
  });

  it('reads date ranges as whole days in the shop time zone', async () => {
    // 2026-07-01 23:30 UTC is 00:30 on 2 July in London (summer time); 2026-03-01 23:30 UTC is still 1 March.
    expect(await listIds({ listedFrom: '2026-03-01', listedTo: '2026-07-01' })).toEqual([1]);
    expect(await listIds({ listedFrom: '2026-07-02', listedTo: '2026-07-02', sort: 'name' })).toEqual([2, 3]);
    expect(await listIds({ listedFrom: '2026-07-03' })).toEqual([4]);
  });

  it('searches case-insensitively, with % and _ taken as text', async () => {
    expect(await listIds({ search: 'BOREAL' })).toEqual([2]);
    expect(await listIds({ search: '100%' })).toEqual([4]);
    expect(await listIds({ search: '%' })).toEqual([4]);
  });
});

/** Search is served by the trigram index (gin (lower(name) gin_trgm_ops)) of db/columns.ts searchIndexes. */
describe('list search uses the trigram index', () => {
  const fx = useAdminTestApp();

  beforeAll(async () => {
    await fx.t.db.execute(sql`
      insert into shipping_rates (name, rate, min_free_shipping_amount)
      select (array['Courier ', 'Parcel-', 'Post '])[1 + g % 3] || g, g % 50, 100 from generate_series(1, 20000) g`);
    await fx.t.db.execute(sql`analyze shipping_rates`);
  });

  const searchQuery = (term: string) =>
    fx.t.db.select({ id: shippingRates.id }).from(shippingRates).where(and(isNull(shippingRates.deletedAt), searchCondition([shippingRates.name], term)));

  async function planOf(term: string, options: { noSeqScan: boolean }) {
    return fx.t.db.transaction(async (tx) => {
      if (options.noSeqScan) await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${searchQuery(term)}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it('can answer a substring search from the index (PostgreSQL and PGlite alike)', async () => {
    expect(await planOf('ost 1999', { noSeqScan: true })).toMatch(/Bitmap Index Scan on shipping_rates_name_search/);
    expect((await searchQuery('ost 19994')).length).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('is chosen by the planner for a selective search on a big table', async () => {
    expect(await planOf('ost 1999', { noSeqScan: false })).toMatch(/Index Scan on shipping_rates_name_search/);
  });

  it('finds the same rows as a scan would', async () => {
    const viaSearch = (await searchQuery('cel-77')).map((row) => row.id).sort((a, b) => a - b);
    const all = await fx.t.db.select({ id: shippingRates.id, name: shippingRates.name }).from(shippingRates).where(eq(sql`1`, 1));
    const expected = all.filter((row) => row.name.toLowerCase().includes('cel-77')).map((row) => row.id).sort((a, b) => a - b);
    expect(viaSearch).toEqual(expected);
    expect(expected.length).toBeGreaterThan(1);
  });
});
