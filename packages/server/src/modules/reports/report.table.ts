import { LINK_TYPES } from '@facet/contract/modules/reports/report.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';

/**
 * Search terms (document 3 §3 Search term): one row per keyword (lower-cased, trimmed), kept as the
 * storefront's searches arrive (the `reports.searched` subscriber): uses counted, the latest search's
 * result count and time. `updated_at` is when the row last changed; `last_searched_at` when the shopper
 * searched (the event's time, however late it was delivered).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    ...standardColumns,
    keyword: text('keyword').notNull(),
    uses: integer('uses').notNull().default(0),
    results: integer('results').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_terms_keyword').on(t.keyword).where(sql`deleted_at is null`),
    ...searchIndexes('search_terms', t.keyword),
    listIndex('search_terms_last_searched', t, t.lastSearchedAt),
    listIndex('search_terms_uses', t, t.uses),
    listIndex('search_terms_results', t, t.results),
    listIndex('search_terms_keyword_sort', t, sql`lower(${t.keyword})`),
  ],
);

/** Link statistics (document 3 §3 Link statistic): clicks per link (type and address), with its latest headline. */
export const linkStatistics = pgTable(
  'link_statistics',
  {
    ...standardColumns,
    type: text('type', { enum: LINK_TYPES }).notNull(),
    label: text('label').notNull(),
    url: text('url').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [uniqueIndex('link_statistics_link').on(t.type, t.url).where(sql`deleted_at is null`), listIndex('link_statistics_clicks', t, t.type, t.clicks), listIndex('link_statistics_clicks_all', t, t.clicks)],
);

/**
 * Product views (issue 27: Most Viewed Products): views per product as the storefront reports them
 * (`reports.product-viewed`), with the product's card (image, name, parent SKU) as it was when last viewed.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: integer('product_id').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    parentSku: text('parent_sku').notNull().default(''),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_views_views').on(t.views, t.productId), index('product_views_updated').on(t.updatedAt)],
);

/**
 * Events a statistics subscriber has applied (by event id): a redelivered event (at least once) is
 * then not counted twice. Removed with the outbox's own retention (older than its events).
 */
export const appliedStatisticEvents = pgTable('applied_statistic_events', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Virtual ring builder requests (document 3 §3 Virtual ring request), sent by the storefront. */
export const ringRequests = pgTable(
  'ring_requests',
  {
    ...standardColumns,
    image: text('image').notNull().default(''),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    metal: text('metal').notNull().default(''),
    style: text('style').notNull().default(''),
    shape: text('shape').notNull().default(''),
    carat: text('carat').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    name: text('name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`trim(${ringRequests.firstName} || ' ' || ${ringRequests.lastName})`),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [...searchIndexes('ring_requests', t.productName, t.sku, t.name, t.email), listIndex('ring_requests_created', t, t.createdAt)],
);
