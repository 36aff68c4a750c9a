import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { searchCondition } from '../../db/list-query.ts';
import { customerGroups } from '../customer-groups/customer-group.table.ts';
import { customers } from './customer.table.ts';

/** How a picker shows a customer: 'name (email)'. */
const labelOf = (row: { name: string; email: string }) => `${row.name} (${row.email})`;

/**
 * Customers as a marketing module picks them (a coupon's customers): live customers whose name or
 * email holds the term, optionally of one customer group; 20 at most.
 */
export async function customerChoices(db: Db, term: string, groupId?: number): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(isLive(customers), searchCondition([customers.name, customers.email], term), groupId === undefined ? undefined : eq(customers.groupId, groupId)))
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, label: labelOf(row) }));
}

/** The live customers of `ids` that exist, with their labels, by id. */
export async function customerChoicesById(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(inArray(customers.id, [...ids]), isLive(customers)));
  return new Map(rows.map((row) => [row.id, labelOf(row)]));
}

/** The live customer groups, for a customer picker's group filter. */
export async function customerGroupChoices(db: Db): Promise<{ id: number; label: string }[]> {
  return db.select({ id: customerGroups.id, label: customerGroups.name }).from(customerGroups).where(isLive(customerGroups)).orderBy(asc(customerGroups.name));
}
