import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { lettersDigitsSpaces } from '../../rules.ts';
import { CUSTOMER_GROUP_PERMISSION } from './customer-group.permission.ts';

export const customerGroupInputSchema = z.object({
  name: lettersDigitsSpaces(255),
  status: z.boolean(),
});
export type CustomerGroupInput = z.infer<typeof customerGroupInputSchema>;

export const customerGroupRecordSchema = recordOf(customerGroupInputSchema);
export type CustomerGroupRecord = z.infer<typeof customerGroupRecordSchema>;

/**
 * The default group every customer starts in; seeded on every new database. It has no actions in
 * the list and cannot be edited, switched off or deleted (compared case-insensitively).
 */
export const DEFAULT_CUSTOMER_GROUP = 'General';
export const isDefaultCustomerGroup = (name: unknown) =>
  typeof name === 'string' && name.trim().toLowerCase() === DEFAULT_CUSTOMER_GROUP.toLowerCase();

export const customerGroupResource = defineResource({
  name: 'customer-groups',
  entity: 'customer_group',
  label: 'Customer Group',
  permission: CUSTOMER_GROUP_PERMISSION,
  createInput: customerGroupInputSchema,
  record: customerGroupRecordSchema,
  searchable: ['name'],
  unique: [{ field: 'name', label: 'Group name' }],
});
