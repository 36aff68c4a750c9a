import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

const ids = (name: string) => integer(name).array().notNull().default(sql`'{}'::integer[]`);

/**
 * Catalog price rules (document 3 §3 Catalog price rule). The chosen products (top-level: a rule naming
 * a product covers its variants) and categories are id arrays read through their modules' faces,
 * checked to exist on each save. `published_phase` is the rule's phase (scheduled, running, ended) as
 * the storefront cache was last told of it: the boundary publisher (`price-rule.boundaries.ts`) finds
 * the rules whose phase has moved on since, and republishes the products they cover.
 */
export const catalogPriceRules = pgTable(
  'catalog_price_rules',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    description: text('description').notNull(),
    discountType: text('discount_type', { enum: ['percentage', 'fixed_amount'] }).notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    productIds: ids('product_ids'),
    excludeProductIds: ids('exclude_product_ids'),
    categoryIds: ids('category_ids'),
    excludeCategoryIds: ids('exclude_category_ids'),
    publishedPhase: text('published_phase', { enum: ['scheduled', 'running', 'ended'] }).notNull().default('scheduled'),
  },
  (t) => [
    ...searchIndexes('catalog_price_rules', t.name),
    listIndex('catalog_price_rules_created', t, t.createdAt),
    listIndex('catalog_price_rules_name', t, sql`lower(${t.name})`),
    listIndex('catalog_price_rules_start', t, t.startDate),
    listIndex('catalog_price_rules_end', t, t.endDate),
    // Pricing asks for the rules on and live whose window holds now: few rows, read on every price.
    index('catalog_price_rules_window').on(t.startDate, t.endDate).where(sql`deleted_at is null and status`),
  ],
);
