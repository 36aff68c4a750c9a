import { PRICE_UPDATE_STATES } from '@facet/contract/modules/product-prices/product-price.schema';
import { index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { standardColumns } from '../../db/columns.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { products } from '../products/product.table.ts';

/**
 * One bulk price update from a sheet: pending (its prices staged, its job queued or running),
 * applied (the job wrote them in one transaction), or rolled back (the prices it replaced restored).
 */
export const productPriceUpdates = pgTable(
  'product_price_updates',
  {
    ...standardColumns,
    jobRunId: integer('job_run_id').references(() => jobRuns.id),
    fileName: text('file_name').notNull(),
    state: text('state', { enum: PRICE_UPDATE_STATES }).notNull().default('pending'),
    itemCount: integer('item_count').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    rolledBackBy: integer('rolled_back_by'),
  },
  (t) => [index('product_price_updates_created').on(t.createdAt, t.id)],
);

/**
 * The SKUs of one update: the staging of its job (the new price, written by the upload) and its
 * history (the price it replaced), which is what a rollback restores. The upload stores the price of
 * its time as "before"; the job's transaction, with the products locked, corrects the ones moved since.
 */
export const productPriceUpdateItems = pgTable(
  'product_price_update_items',
  {
    updateId: integer('update_id')
      .notNull()
      .references(() => productPriceUpdates.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The price before the update: the upload's reading until the apply makes it the replaced one. */
    priceBefore: numeric('price_before', { precision: 12, scale: 2 }),
    priceAfter: numeric('price_after', { precision: 12, scale: 2 }).notNull(),
  },
  // The product index serves the rollback's question "did a later update touch this product?".
  (t) => [primaryKey({ columns: [t.updateId, t.productId] }), index('product_price_update_items_product').on(t.productId, t.updateId)],
);
