import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countCustomers } from '../customers/index.ts';
import { countDiamonds } from '../diamonds/index.ts';
import { countProducts } from '../products/index.ts';

/** The counters the cards read (dashboard_counters.key). */
export const COUNTERS = {
  orders: 'orders',
  diamondsNatural: 'diamonds_natural',
  diamondsLab: 'diamonds_lab',
  products: 'products',
  customers: 'customers',
} as const;

/** How many of the latest order lines the rollup keeps (the tab shows fewer). */
export const LAST_LINES_KEPT = 50;

/**
 * What an order's lines add to Best Sellers: pieces (not stones) per product, a variant counted under
 * its product's SKU (the line's parent SKU), a product without variants under its own SKU; the name
 * and image of the product's latest line.
 */
const bestSellerRows = (linesWhere: ReturnType<typeof sql>) => sql`
  select distinct on (key) key, name, image, quantity from (
    select coalesce(nullif(l.parent_sku, ''), l.sku) as key, l.name, l.image, l.order_id, l.id,
      sum(l.qty) over (partition by coalesce(nullif(l.parent_sku, ''), l.sku))::bigint as quantity
    from order_lines l where not l.is_diamond and ${linesWhere}
  ) x order by key, order_id desc, id desc`;

async function setCounter(db: Db, key: string, value: number) {
  await db.execute(sql`
    insert into dashboard_counters (key, value, updated_at) values (${key}, ${value}, now())
    on conflict (key) do update set value = excluded.value, updated_at = case when dashboard_counters.value = excluded.value then dashboard_counters.updated_at else now() end`);
}

/**
 * Adds a placed order to the rollups: Online Orders, the day's orders and takings, Best Sellers and
 * Last Orders, in one transaction. Once per order (`dashboard_counted_orders`): a redelivered event,
 * or an order a rebuild already counted, adds nothing.
 */
export async function countPlacedOrder(db: Db, orderNumber: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = (await tx.execute(sql`
      with o as (select id, created_at, total from orders where order_number = ${orderNumber}),
      counted as (insert into dashboard_counted_orders (order_id) select id from o on conflict do nothing returning order_id)
      select o.id, o.created_at, o.total from o join counted on counted.order_id = o.id`)) as unknown as { rows: { id: number }[] };
    const order = found.rows[0];
    if (!order) return;
    const orderId = Number(order.id);
    await tx.execute(sql`
      insert into dashboard_counters (key, value, updated_at) values (${COUNTERS.orders}, 1, now())
      on conflict (key) do update set value = dashboard_counters.value + 1, updated_at = now()`);
    await tx.execute(sql`
      insert into dashboard_daily_sales (day, orders, revenue)
      select (created_at at time zone 'UTC')::date, 1, total from orders where id = ${orderId}
      on conflict (day) do update set orders = dashboard_daily_sales.orders + 1, revenue = dashboard_daily_sales.revenue + excluded.revenue`);
    await tx.execute(sql`
      insert into dashboard_best_sellers (parent_sku, name, image, quantity)
      ${bestSellerRows(sql`l.order_id = ${orderId}`)}
      on conflict (parent_sku) do update set quantity = dashboard_best_sellers.quantity + excluded.quantity, name = excluded.name, image = excluded.image`);
    await tx.execute(sql`
      insert into dashboard_last_order_lines (line_id, order_number, image, name, customer_name, currency_symbol, total, created_at)
      select l.id, o.order_number, l.image, l.name, o.name, o.currency_symbol, l.total, o.created_at
      from order_lines l join orders o on o.id = l.order_id where o.id = ${orderId}
      on conflict do nothing`);
    await tx.execute(sql`
      delete from dashboard_last_order_lines where line_id in (
        select line_id from dashboard_last_order_lines order by created_at desc, line_id desc offset ${LAST_LINES_KEPT})`);
  });
}

export const refreshProductCount = async (db: Db) => setCounter(db, COUNTERS.products, await countProducts(db));
export const refreshCustomerCount = async (db: Db) => setCounter(db, COUNTERS.customers, await countCustomers(db));
export async function refreshDiamondCounts(db: Db) {
  const counts = await countDiamonds(db);
  await setCounter(db, COUNTERS.diamondsNatural, counts.natural);
  await setCounter(db, COUNTERS.diamondsLab, counts.lab);
}

/**
 * Computes every rollup again from the tables, in one transaction: for the demo data and the bench's
 * volume (written without events), and to repair. Orders are counted under the same once-per-order
 * marks the subscriber keeps, so an order's event delivered after a rebuild adds nothing.
 */
export async function rebuildDashboard(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table dashboard_counted_orders in exclusive mode`);
    await tx.execute(sql`delete from dashboard_counted_orders`);
    await tx.execute(sql`delete from dashboard_daily_sales`);
    await tx.execute(sql`delete from dashboard_best_sellers`);
    await tx.execute(sql`delete from dashboard_last_order_lines`);
    await tx.execute(sql`insert into dashboard_counted_orders (order_id) select id from orders`);
    await tx.execute(sql`
      insert into dashboard_counters (key, value, updated_at) select ${COUNTERS.orders}, count(*), now() from orders
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    await tx.execute(sql`
      insert into dashboard_daily_sales (day, orders, revenue)
      select (created_at at time zone 'UTC')::date, count(*), sum(total) from orders group by 1`);
    await tx.execute(sql`
      insert into dashboard_best_sellers (parent_sku, name, image, quantity)
      select key, (array_agg(name order by order_id desc, id desc))[1], (array_agg(image order by order_id desc, id desc))[1], sum(qty)::bigint
      from (select coalesce(nullif(parent_sku, ''), sku) as key, name, image, order_id, id, qty from order_lines where not is_diamond) l group by key`);
    await tx.execute(sql`
      insert into dashboard_last_order_lines (line_id, order_number, image, name, customer_name, currency_symbol, total, created_at)
      select l.id, o.order_number, l.image, l.name, o.name, o.currency_symbol, l.total, o.created_at
      from (select * from orders order by created_at desc, id desc limit ${LAST_LINES_KEPT}) o join order_lines l on l.order_id = o.id
      order by o.created_at desc, l.id desc limit ${LAST_LINES_KEPT}`);
  });
  await refreshProductCount(db);
  await refreshCustomerCount(db);
  await refreshDiamondCounts(db);
}

/** Builds the rollups from the tables when they were never built (no Online Orders counter yet): a database from before them. */
export async function buildDashboardOnce(db: Db): Promise<void> {
  const built = (await db.execute(sql`select 1 from dashboard_counters where key = ${COUNTERS.orders}`)) as unknown as { rows: unknown[] };
  if (built.rows.length === 0) await rebuildDashboard(db);
}
