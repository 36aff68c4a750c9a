import { z } from 'zod';
import { recordOf, safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { idsFilter, statusFilter } from '../../list-query.ts';
import { roleResource } from '../roles/role.schema.ts';
import { defineResource } from '../../resource.ts';
import type { UncheckedFields } from '../../rules.ts';
import { acrossFields, idList, lettersDigitsSpaces, requiredText } from '../../rules.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;

const password = safeString({ error: MESSAGES.required })
  .min(PASSWORD_MIN, MESSAGES.minLength(PASSWORD_MIN))
  .max(PASSWORD_MAX, MESSAGES.maxLength(PASSWORD_MAX));

const userFields = {
  name: lettersDigitsSpaces(255),
  email: requiredText(50).pipe(z.email(MESSAGES.invalidEmail)),
  status: z.boolean(),
  roleIds: idList(),
};

/** 'Not matched with password!' beside the confirmation, even while the password breaks its own rules. */
function confirmMatches(fields: UncheckedFields<{ password?: string; confirmPassword?: string }>, report: (path: string[], message: string) => void) {
  if ((fields.password ?? '') !== (fields.confirmPassword ?? '')) report(['confirmPassword'], MESSAGES.passwordMismatch);
}

/** Create: password and its confirmation required (8 to 12 characters). */
export const userCreateSchema = acrossFields(z.object({ ...userFields, password, confirmPassword: password }), confirmMatches);

/** Edit: a blank password keeps the current one. */
const optionalPassword = z.union([z.literal(''), password]).optional();
export const userUpdateSchema = acrossFields(z.object({ ...userFields, password: optionalPassword, confirmPassword: optionalPassword }), confirmMatches);

export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const userRecordSchema = recordOf(z.object(userFields), { roleNames: z.array(z.string()) });
export type UserRecord = z.infer<typeof userRecordSchema>;

export const userResource = defineResource({
  name: 'users',
  entity: 'user',
  label: 'User',
  permission: 'user_management',
  createInput: userCreateSchema,
  updateInput: userUpdateSchema,
  record: userRecordSchema,
  searchable: ['name', 'email'],
  sortable: ['name', 'email', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: { roleIds: idsFilter('Roles', { resource: roleResource, labelField: 'name' }), status: statusFilter() },
  unique: [
    { field: 'name', label: 'Username' },
    { field: 'email', label: 'Email' },
  ],
  // Issue 23 §1: each user meets the single write's rules, for the actor's permissions as they are when the job runs.
  bulkActions: ['status', 'delete', 'export'],
  export: {
    fileName: 'users',
    columns: [
      { field: 'name', header: 'Username' },
      { field: 'email', header: 'Email' },
      { field: 'roleNames', header: 'Roles' },
      { field: 'status', header: 'Status', type: 'status' },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
    ],
  },
});
