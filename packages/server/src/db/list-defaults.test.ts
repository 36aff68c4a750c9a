import { randomBytes } from 'node:crypto';
import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { getTableColumns, sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createCustomerService } from '../modules/customers/customer.service.ts';
import { customers } from '../modules/customers/customer.table.ts';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { useAdminTestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';
import { listIndex, searchIndexes } from './columns.ts';
import { createCrudService } from './crud-service.ts';
import { CAPPED_TEXT_TOTAL, CAPPED_TOTAL, EXACT_TOTALS_MAX_ROWS } from './list-totals.ts';
import { hasSortIndex } from './sort-indexes.ts';

/**
 * What every generic list gets without declaring it (ARCHITECTURE, "A list that stays fast"): a total
 * counted exactly while its table is small and up to the cap beyond, an index under every order it
 * offers, and a query that reads only the columns its rows answer.
 */
describe('lists fast by default', () => {
  const fx = useAdminTestApp();
  const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  async function addCustomers(count: number) {
    // The statistics are this test's to set (below): autovacuum's analyze must not redo them meanwhile.
    await fx.t.db.execute(sql`alter table customers set (autovacuum_enabled = false)`);
    await fx.t.db.execute(sql`
      insert into customers (first_name, last_name, email, contact_number, group_id, password_hash, created_at)
      select (array['Oliver','Amelia','George','Isla','Harry','Ava'])[1 + g % 6], (array['Smith','Jones','Taylor','Brown','Patel','Wright','Evans'])[1 + g % 7],
             'customer' || g || '@' || (array['btinternet.com','gmail.com','outlook.com','yahoo.co.uk','icloud.com','sky.com'])[1 + g % 6],
             '07700 900' || lpad((g % 1000)::text, 3, '0'), (select min(id) from customer_groups), 'argon2id-hash-' || g, now() - (g || ' minutes')::interval
      from generate_series((select coalesce(max(id), 0) + 1 from customers), (select coalesce(max(id), 0) from customers) + ${count}) g`);
    await fx.t.db.execute(sql`analyze customers`);
  }

  /**
   * A customers' list page read as a database role that may read every column of customers but the
   * password hash: a query that selects it is refused ("permission denied"), so the page proves the
   * list never reads it.
   */
  async function listWithoutPasswordHash(query: Record<string, unknown>) {
    const role = `list_reader_${randomBytes(4).toString('hex')}`;
    const readable = Object.values(getTableColumns(customers))
      .map((column) => column.name)
      .filter((name) => name !== 'password_hash');
    await fx.t.db.execute(sql.raw(`create role ${role}`));
    try {
      await fx.t.db.execute(sql.raw(`grant select (${readable.join(', ')}) on customers to ${role}`));
      await fx.t.db.execute(sql.raw(`grant select on customer_groups to ${role}`));
      // A service made now, so it reads the table's size afresh.
      const service = createCustomerService(fx.t.db);
      return await fx.t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${role}`));
        return service.list({ page: 1, pageSize: 20, ...query }, tx);
      });
    } finally {
      await fx.t.db.execute(sql.raw(`drop owned by ${role}`));
      await fx.t.db.execute(sql.raw(`drop role ${role}`));
    }
  }

  it('counts a small table exactly, reading only the columns the list answers', async () => {
    await addCustomers(300);
    const page = await listWithoutPasswordHash({ sort: 'name' });
    expect(page.total).toBe(300);
    expect(page.totalIsCapped).toBeUndefined();
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).not.toHaveProperty('passwordHash');
    // The plain first page (a prepared statement of its own) reads no more.
    expect((await listWithoutPasswordHash({})).total).toBe(300);
  });

  it('counts up to the cap once the planner puts the table past the threshold, and exactly under the cap', async () => {
    await addCustomers(CAPPED_TOTAL + 500 - 300);
    // The planner's statistics as a table of twice the threshold's size would have them (rows per
    // page): loading that many rows here would take a minute; the decision reads only the estimate.
    await fx.t.db.execute(sql`update pg_class set reltuples = ${EXACT_TOTALS_MAX_ROWS * 2} where oid = 'customers'::regclass`);
    const page = await listWithoutPasswordHash({});
    expect(page.total).toBe(CAPPED_TOTAL);
    expect(page.totalIsCapped).toBe(true);
    expect(page.items.map((row) => row.id)).toEqual(
      (await rowsOf<{ id: number }>(fx.t.db, sql`select id from customers where deleted_at is null order by created_at desc, id desc limit 20`)).map((row) => row.id),
    );
    // A page that is not full ends the list: its end is the exact total, whatever was expected.
    const last = await listWithoutPasswordHash({ page: 263, pageSize: 40 });
    expect(last.items).toHaveLength(20);
    expect(last.total).toBe(CAPPED_TOTAL + 500);
    expect(last.totalIsCapped).toBeUndefined();
    // A filter that keeps fewer rows than the cap is still counted exactly.
    const filtered = await listWithoutPasswordHash({ email: 'customer4242' });
    const [expected] = await rowsOf<{ total: number }>(fx.t.db, sql`select count(*)::int as total from customers where deleted_at is null and email like '%customer4242%'`);
    expect(filtered.total).toBe(expected!.total);
    expect(filtered.totalIsCapped).toBeUndefined();
    // A text filter matching more than the text cap (a part of every address) says "more than 1000".
    const many = await listWithoutPasswordHash({ email: 'customer' });
    expect(many).toMatchObject({ total: CAPPED_TEXT_TOTAL, totalIsCapped: true });
  }, 120_000);

  it('sorts customers by name from an index, not by sorting every row', async () => {
    for (const direction of ['asc', 'desc']) {
      const plan = (await rowsOf<Record<string, string>>(
        fx.t.db,
        sql.raw(`explain select id from customers where deleted_at is null order by lower(name) ${direction}, id ${direction} limit 20`),
      ))
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toMatch(/Index Scan (Backward )?using customers_name on customers/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('refuses at start-up a sortable field that no index leads', () => {
    expect(() => createCrudService(fx.t.db, { ...shippingRateResource, sortable: ['name', 'rate'] }, shippingRates)).toThrow(
      /shipping-rates: sortable field rate has no index for its order/,
    );
  });
});

describe('which index serves a list order', () => {
  const things = pgTable(
    'things',
    {
      id: integer('id').primaryKey(),
      name: text('name').notNull(),
      code: text('code').notNull(),
      email: text('email').notNull(),
      rank: integer('rank').notNull(),
      createdAt: timestamp('created_at').notNull(),
      deletedAt: timestamp('deleted_at'),
    },
    (t) => [
      listIndex('things_created', t, t.createdAt),
      listIndex('things_name', t, sql`lower(${t.name})`),
      uniqueIndex('things_email_live').on(sql`lower(${t.email})`).where(sql`deleted_at is null`),
      // Not served: no id after a value many rows share; a condition the list does not say; a trigram index.
      index('things_rank').on(t.rank).where(sql`deleted_at is null`),
      index('things_code_live').on(t.code, t.id).where(sql`rank > 0`),
      ...searchIndexes('things', t.code),
    ],
  );

  it('takes a btree led by the sort expression then the id, or unique on it, over live rows', () => {
    expect(hasSortIndex(things, 'created_at')).toBe(true);
    expect(hasSortIndex(things, 'lower(name)')).toBe(true);
    expect(hasSortIndex(things, 'lower(email)')).toBe(true);
    expect(hasSortIndex(things, 'id')).toBe(true);
    expect(hasSortIndex(things, 'name')).toBe(false);
    expect(hasSortIndex(things, 'rank')).toBe(false);
    expect(hasSortIndex(things, 'code')).toBe(false);
    expect(hasSortIndex(things, 'lower(code)')).toBe(false);
  });
});
