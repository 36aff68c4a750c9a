import { REVIEW_STATUS, REVIEW_TYPES } from '@facet/contract/modules/reviews/review.schema';
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statesColumn } from '../../db/columns.ts';

/**
 * Shoppers' reviews (document 3 §3 Review). What was reviewed is kept as it was when the review
 * arrived (its id, SKU and name), as a sale keeps its lines: a product renamed or deleted later leaves
 * the review readable. `rating` is 0 to 5 in half steps.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    ...standardColumns,
    ...statesColumn(REVIEW_STATUS, 'pending'),
    type: text('type', { enum: REVIEW_TYPES }).notNull(),
    productId: integer('product_id').notNull(),
    sku: text('sku').notNull().default(''),
    productName: text('product_name').notNull().default(''),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    title: text('title').notNull().default(''),
    review: text('review').notNull().default(''),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
  },
  (t) => [
    ...searchIndexes('product_reviews', t.productName, t.sku, t.name, t.title),
    listIndex('product_reviews_created', t, t.createdAt),
    // A product's rating (the storefront document): its approved reviews only.
    index('product_reviews_approved').on(t.productId, t.rating).where(sql`status = 'approved' and type = 'product' and deleted_at is null`),
  ],
);
