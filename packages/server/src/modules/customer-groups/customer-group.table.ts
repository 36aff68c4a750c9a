import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

export const customerGroups = pgTable(
  'customer_groups',
  { ...standardColumns, ...statusColumn, name: text('name').notNull() },
  (t) => [
    uniqueIndex('customer_groups_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    ...searchIndexes('customer_groups', t.name),
    listIndex('customer_groups_created', t, t.createdAt),
  ],
);
