import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns, searchIndexes } from '../../db/columns.ts';

/** Setting options: title, key and value (the spec's bvl_title, bvl_key, bvl_value). */
export const settings = pgTable(
  'settings',
  { ...standardColumns, title: text('title').notNull(), key: text('key').notNull(), value: text('value').notNull() },
  (t) => [uniqueIndex('settings_key_live').on(sql`lower(${t.key})`).where(sql`deleted_at is null`), ...searchIndexes('settings', t.title, t.key, t.value)],
);
