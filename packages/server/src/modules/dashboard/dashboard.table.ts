import { bigint, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboard's rollups (issue 27 item 3): kept as events arrive (dashboard.subscribers.ts), read by
 * the widgets in a few index lookups however many orders there are. `dashboard.rebuild` (and the demo
 * and bench seeders) computes them all again from the tables.
 */

/** One figure per key (`orders`, `diamonds_natural`, `diamonds_lab`, `products`, `customers`) and when it last changed. */
export const dashboardCounters = pgTable('dashboard_counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The orders the rollups have counted, by id: an order's `orders.placed` delivered twice (or an order a
 * rebuild already counted) adds nothing more.
 */
export const dashboardCountedOrders = pgTable('dashboard_counted_orders', {
  orderId: integer('order_id').primaryKey(),
});

/** Orders and takings per day (the sales chart), the day in the shop's time zone (UTC). */
export const dashboardDailySales = pgTable('dashboard_daily_sales', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
});

/** Pieces sold per product (its parent SKU, or its own SKU when it has no variants): Best Sellers. */
export const dashboardBestSellers = pgTable(
  'dashboard_best_sellers',
  {
    parentSku: text('parent_sku').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('dashboard_best_sellers_quantity').on(t.quantity, t.parentSku)],
);

/** The latest order lines (Last Orders), a few more than the tab shows; older ones are removed as new ones come. */
export const dashboardLastOrderLines = pgTable(
  'dashboard_last_order_lines',
  {
    lineId: integer('line_id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    image: text('image').notNull().default(''),
    name: text('name').notNull(),
    customerName: text('customer_name').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dashboard_last_order_lines_created').on(t.createdAt, t.lineId)],
);
