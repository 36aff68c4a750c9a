import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { idList, lettersDigitsSpaces } from '../../rules.ts';

export const roleInputSchema = z.object({
  name: lettersDigitsSpaces(255),
  permissionIds: idList(),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleRecordSchema = recordOf(roleInputSchema, { permissionNames: z.array(z.string()) });
export type RoleRecord = z.infer<typeof roleRecordSchema>;

/** The role named master cannot be edited or deleted (compared case-insensitively). */
export const MASTER_ROLE_NAME = 'master';
export const isMasterRoleName = (name: string) => name.toLowerCase() === MASTER_ROLE_NAME;

export const roleResource = defineResource({
  name: 'roles',
  entity: 'role',
  label: 'Role',
  permission: 'user_management',
  createInput: roleInputSchema,
  record: roleRecordSchema,
  searchable: ['name'],
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'name', order: 'asc' },
  status: null,
  unique: [{ field: 'name', label: 'Role name' }],
});
