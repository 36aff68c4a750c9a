import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';

/**
 * Setting options: title, key and value (the spec's bvl_title, bvl_key, bvl_value). A secret's value
 * is stored encrypted (secret-key.ts); `is_secret` is what marks it, once set never cleared, so
 * renaming the key cannot turn a secret into a plain setting.
 */
export const settings = pgTable(
  'settings',
  {
    ...standardColumns,
    title: text('title').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    isSecret: boolean('is_secret').notNull().default(false),
  },
  (t) => [
    uniqueIndex('settings_key_live').on(sql`lower(${t.key})`).where(sql`deleted_at is null`),
    ...searchIndexes('settings', t.title, t.key, t.value),
    listIndex('settings_created', t, t.createdAt),
    listIndex('settings_title', t, sql`lower(${t.title})`),
  ],
);
