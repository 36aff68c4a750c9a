import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { customers } from './customer.table.ts';

/** How many customers there are (live rows, guests included, as the Customers list shows them): the dashboard's Customers. */
export async function countCustomers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(customers).where(isLive(customers));
  return row?.total ?? 0;
}
