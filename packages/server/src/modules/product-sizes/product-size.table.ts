import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

/** A size type with its sizes per gender (codes 1 male, 2 female, 3 unisex: one column each). */
export const productSizes = pgTable(
  'product_sizes',
  {
    ...standardColumns,
    ...statusColumn,
    type: text('type').notNull(),
    maleSizes: text('male_sizes').array().notNull().default(sql`'{}'::text[]`),
    femaleSizes: text('female_sizes').array().notNull().default(sql`'{}'::text[]`),
    unisexSizes: text('unisex_sizes').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('product_sizes_type_live').on(sql`lower(${t.type})`).where(sql`deleted_at is null`),
    ...searchIndexes('product_sizes', t.type),
    listIndex('product_sizes_created', t, t.createdAt),
  ],
);
