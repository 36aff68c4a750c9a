import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { shapeCategories } from './shape-category.table.ts';

export const diamondShapes = pgTable(
  'diamond_shapes',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    shapeCategoryId: integer('shape_category_id')
      .notNull()
      .references(() => shapeCategories.id),
  },
  (t) => [
    uniqueIndex('diamond_shapes_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    ...searchIndexes('diamond_shapes', t.name),
    listIndex('diamond_shapes_created', t, t.createdAt),
  ],
);
