import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';
import { permissions } from '../permissions/permission.table.ts';

export const roles = pgTable(
  'roles',
  { ...standardColumns, name: text('name').notNull() },
  (t) => [
    uniqueIndex('roles_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    ...searchIndexes('roles', t.name),
    listIndex('roles_created', t, t.createdAt),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id),
    permissionId: integer('permission_id').notNull().references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);
