import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';

/**
 * product_price_order against the products table: the live rows' ids and prices that one holds and
 * the other not (a row missing, a row too many, a price that differs). Empty when they agree; the
 * triggers on products keep them so after every write, whichever service wrote.
 */
export async function priceOrderDifferences(db: Db): Promise<{ id: number; live: string | null; ordered: string | null }[]> {
  const result = (await db.execute(sql`
    select coalesce(p.id, o.product_id) as id, p.price as live, o.price as ordered
    from (select id, price from products where deleted_at is null) p
    full join product_price_order o on o.product_id = p.id
    where p.id is null or o.product_id is null or o.price <> p.price
    order by 1`)) as unknown as { rows: { id: number; live: string | null; ordered: string | null }[] };
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Fails naming the rows where product_price_order and the live products disagree. */
export async function expectPriceOrderInSync(db: Db, when: string): Promise<void> {
  expect(await priceOrderDifferences(db), `product_price_order after ${when}`).toEqual([]);
}
