import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns, searchIndexes } from '../../db/columns.ts';

/** Round and Fancy (see GLOSSARY.md); seeded on every new database. */
export const shapeCategories = pgTable(
  'shape_categories',
  { ...standardColumns, name: text('name').notNull(), code: text('code').notNull() },
  (t) => [uniqueIndex('shape_categories_code_live').on(t.code).where(sql`deleted_at is null`), ...searchIndexes('shape_categories', t.name)],
);
