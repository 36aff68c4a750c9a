import { sql } from 'drizzle-orm';
import { numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns, searchIndexes } from '../../db/columns.ts';

export const metals = pgTable(
  'metals',
  {
    ...standardColumns,
    metalType: text('metal_type').notNull(),
    /** Pounds per gram of pure metal. */
    metalPrice: numeric('metal_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    metalLabourCharge: numeric('metal_labour_charge', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('metals_metal_type_live').on(sql`lower(${t.metalType})`).where(sql`deleted_at is null`), ...searchIndexes('metals', t.metalType)],
);
