import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';

export const attributeSets = pgTable(
  'attribute_sets',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('attribute_sets_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    ...searchIndexes('attribute_sets', t.name),
    listIndex('attribute_sets_created', t, t.createdAt),
  ],
);

/**
 * Groups of a set, written only through their set (one request, one transaction, the set row
 * locked). Names are unique per set by the input schema, not by an index: a save that swaps two
 * names would trip an index halfway through. One live default group per set is an index.
 */
export const attributeSetGroups = pgTable(
  'attribute_set_groups',
  {
    ...standardColumns,
    setId: integer('set_id')
      .notNull()
      .references(() => attributeSets.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('attribute_set_groups_set').on(t.setId),
    uniqueIndex('attribute_set_groups_one_default').on(t.setId).where(sql`is_default and deleted_at is null`),
  ],
);

/**
 * Which attributes sit in which group, in order: values of the set, replaced whole on each save.
 * The set id is repeated here so that the database itself keeps an attribute in one group per set.
 */
export const attributeSetGroupAttributes = pgTable(
  'attribute_set_group_attributes',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => attributeSets.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => attributeSetGroups.id),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => productAttributes.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.setId, t.attributeId] }), index('attribute_set_group_attributes_group').on(t.groupId), index('attribute_set_group_attributes_attribute').on(t.attributeId)],
);
