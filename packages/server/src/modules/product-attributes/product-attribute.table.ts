import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

export const productAttributes = pgTable(
  'product_attributes',
  {
    ...standardColumns,
    ...statusColumn,
    attributeName: text('attribute_name').notNull(),
    attributeCode: text('attribute_code').notNull(),
    description: text('description').notNull().default(''),
    inputType: text('input_type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    useInSearch: boolean('use_in_search').notNull().default(false),
    showInStorefront: boolean('show_in_storefront').notNull().default(false),
  },
  (t) => [
    uniqueIndex('product_attributes_code_live').on(sql`lower(${t.attributeCode})`).where(sql`deleted_at is null`),
    ...searchIndexes('product_attributes', t.attributeName, t.attributeCode),
    listIndex('product_attributes_created', t, t.createdAt),
  ],
);

/**
 * Options of an attribute, written only through their attribute (one request, one transaction, the
 * attribute row locked). Values are unique per attribute by the input schema, not by an index: a
 * save that swaps two values would trip an index halfway through.
 */
export const attributeOptions = pgTable(
  'attribute_options',
  {
    ...standardColumns,
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => productAttributes.id),
    value: text('value').notNull(),
    valueImage: text('value_image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('attribute_options_attribute').on(t.attributeId)],
);
