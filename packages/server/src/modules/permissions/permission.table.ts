import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';

export const permissions = pgTable(
  'permissions',
  {
    ...standardColumns,
    name: text('name').notNull(),
    description: text('description').notNull(),
    key: text('key').notNull(),
  },
  (t) => [
    uniqueIndex('permissions_key_live').on(sql`lower(${t.key})`).where(sql`deleted_at is null`),
    uniqueIndex('permissions_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    ...searchIndexes('permissions', t.name, t.key, t.description),
    listIndex('permissions_created', t, t.createdAt),
  ],
);
