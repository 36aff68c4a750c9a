import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, standardColumns, statusColumn } from '../../db/columns.ts';
import { metals } from '../metals/metal.table.ts';
import { attributeOptions } from '../product-attributes/product-attribute.table.ts';

export const metalQualities = pgTable(
  'metal_qualities',
  {
    ...standardColumns,
    ...statusColumn,
    /** An option of the attribute Metal_quality ('18ct'). */
    metalQualityOptionId: integer('metal_quality_option_id')
      .notNull()
      .references(() => attributeOptions.id),
    metalId: integer('metal_type_id')
      .notNull()
      .references(() => metals.id),
    /** The metal's price per gram, kept in step with the metal. */
    goldRate: numeric('gold_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Percent of pure metal: 75 for 18ct gold. */
    fineness: numeric('fineness', { precision: 7, scale: 3, mode: 'number' }).notNull().default(0),
    weight: numeric('weight', { precision: 12, scale: 3, mode: 'number' }).notNull().default(1),
    /** gold_rate × fineness / 100, rounded to the penny; always computed by the server. */
    rate: numeric('rate', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    labourCharges: numeric('labour_charges', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('metal_qualities_option_metal_live').on(t.metalQualityOptionId, t.metalId).where(sql`deleted_at is null`),
    index('metal_qualities_metal').on(t.metalId),
    listIndex('metal_qualities_created', t, t.createdAt),
  ],
);
