import { sql } from 'drizzle-orm';
import { numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

export const shippingRates = pgTable(
  'shipping_rates',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    minFreeShippingAmount: numeric('min_free_shipping_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('shipping_rates_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    ...searchIndexes('shipping_rates', t.name),
    listIndex('shipping_rates_created', t, t.createdAt),
  ],
);
