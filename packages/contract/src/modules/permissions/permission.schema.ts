import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { requiredText } from '../../rules.ts';

export const permissionInputSchema = z.object({
  name: requiredText(255),
  description: requiredText(1000),
  // Keys are lower-case (all-master, order-list...); typing them in capitals is forgiven.
  key: requiredText(100).toLowerCase().regex(/^[a-z0-9_-]+$/, 'Key may contain only lower-case letters, digits, dashes and underscores.'),
});
export type PermissionInput = z.infer<typeof permissionInputSchema>;

export const permissionRecordSchema = recordOf(permissionInputSchema);
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

/** The permission named Master (key all-master) cannot be edited or deleted. */
export const MASTER_PERMISSION_NAME = 'Master';
export const isMasterPermissionName = (name: string) => name.toLowerCase() === MASTER_PERMISSION_NAME.toLowerCase();

export const permissionResource = defineResource({
  name: 'permissions',
  entity: 'permission',
  label: 'Permission',
  permission: 'role_permission',
  createInput: permissionInputSchema,
  record: permissionRecordSchema,
  searchable: ['name', 'key', 'description'],
  sortable: ['name', 'key', 'createdAt'],
  defaultSort: { field: 'name', order: 'asc' },
  status: null,
  unique: [
    { field: 'key', label: 'Permission key' },
    { field: 'name', label: 'Permission name' },
  ],
});
