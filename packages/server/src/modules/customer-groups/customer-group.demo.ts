import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { customerGroups } from './customer-group.table.ts';

export async function seedDemoCustomerGroups(tx: Db, { adminId }: SeedContext) {
  const group = (name: string, status = true) => ({ name, status, createdBy: adminId, updatedBy: adminId });
  await tx.insert(customerGroups).values([group('Trade'), group('Wholesale'), group('VIP'), group('Staff'), group('Student Discount', false)]);
}
