import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, standardColumns, statusColumn, searchIndexes } from '../../db/columns.ts';
import { roles } from '../roles/role.table.ts';

export const users = pgTable(
  'users',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
  },
  (t) => [
    uniqueIndex('users_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    uniqueIndex('users_email_live').on(sql`lower(${t.email})`).where(sql`deleted_at is null`),
    ...searchIndexes('users', t.name, t.email),
    // The list's default order (newest first): a page is read from it instead of sorting every user.
    listIndex('users_created', t, t.createdAt),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    roleId: integer('role_id').notNull().references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role').on(t.roleId)],
);
