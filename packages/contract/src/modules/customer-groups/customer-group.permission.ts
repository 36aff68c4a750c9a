import type { PermissionRequirement } from '../../permissions.ts';

/**
 * Who opens customer groups: the screen sits under /system, and the customer form picks a
 * customer's group, so either key does. Kept apart from the schema so the route table can read it
 * without loading zod.
 */
export const CUSTOMER_GROUP_PERMISSION = ['customers', 'system'] as const satisfies PermissionRequirement;
