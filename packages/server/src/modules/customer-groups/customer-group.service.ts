import { MESSAGES } from '@facet/contract/messages';
import { customerGroupResource, DEFAULT_CUSTOMER_GROUP, isDefaultCustomerGroup } from '@facet/contract/modules/customer-groups/customer-group.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { conflict } from '../../http/errors.ts';
import type { SeedContext } from '../../db/seed.ts';
import { customerGroups } from './customer-group.table.ts';

function assertNotDefault(name: string, message: string) {
  if (isDefaultCustomerGroup(name)) throw conflict(message);
}

export function createCustomerGroupService(db: Db) {
  return createCrudService(db, customerGroupResource, customerGroups, {
    // The default group has no actions in the list; the server holds the same line for any client.
    beforeUpdate: async (_tx, { existing }) => assertNotDefault(existing.name, MESSAGES.defaultGroupLocked),
    beforeStatus: async (_tx, { existing }) => assertNotDefault(existing.name, MESSAGES.defaultGroupLocked),
    beforeDelete: async (_tx, { existing }) => assertNotDefault(existing.name, MESSAGES.defaultGroupNotDeletable),
  });
}

/** Every shop has the default group, demo or not. */
export async function seedDefaultCustomerGroup(tx: Db, { adminId }: SeedContext) {
  await tx.insert(customerGroups).values({ name: DEFAULT_CUSTOMER_GROUP, createdBy: adminId, updatedBy: adminId });
}
