import { boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { listIndex, standardColumns } from '../../db/columns.ts';
import { shapeCategories } from '../diamond-shapes/shape-category.table.ts';

export const diamondMarkups = pgTable(
  'diamond_markups',
  {
    ...standardColumns,
    fromCarat: numeric('from_carat', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    toCarat: numeric('to_carat', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    markupType: text('markup_type', { enum: ['percentage', 'amount'] }).notNull(),
    // Whole numbers up to the spec's 10-digit price limit, which an integer column cannot hold.
    markup: numeric('markup', { precision: 10, scale: 0, mode: 'number' }).notNull(),
    fixCost: numeric('fix_cost', { precision: 10, scale: 0, mode: 'number' }).notNull(),
    isLabDiamond: boolean('is_lab_diamond').notNull().default(false),
    shapeCategoryId: integer('shape_category_id')
      .notNull()
      .references(() => shapeCategories.id),
  },
  // The band lookup (pricing a diamond, the overlap check) goes by origin, shape category and carat.
  (t) => [
    index('diamond_markups_band').on(t.isLabDiamond, t.shapeCategoryId, t.fromCarat),
    listIndex('diamond_markups_created', t, t.createdAt),
    listIndex('diamond_markups_from_carat', t, t.fromCarat),
    listIndex('diamond_markups_to_carat', t, t.toCarat),
  ],
);
