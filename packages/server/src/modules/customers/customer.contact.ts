import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { customerAddresses, customers } from './customer.table.ts';
import { placeNames } from './lookups.ts';

/** A customer as a sale names them (an inquiry, a cart): who, how to reach them, and where they live. */
export interface CustomerContact {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  /** The default billing address in words (country and state named), or null when there is none. */
  address: { firstName: string; lastName: string; street: string; city: string; state: string; country: string; postcode: string } | null;
}

/** The live customers of `ids` that exist, by id, with their default billing address. */
export async function customerContacts(source: Db, ids: readonly number[]): Promise<Map<number, CustomerContact>> {
  if (!ids.length) return new Map();
  const rows = await source
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      contactNumber: customers.contactNumber,
      address: {
        firstName: customerAddresses.firstName,
        lastName: customerAddresses.lastName,
        street: customerAddresses.street,
        city: customerAddresses.city,
        stateId: customerAddresses.stateId,
        countryId: customerAddresses.countryId,
        postcode: customerAddresses.postcode,
      },
    })
    .from(customers)
    .leftJoin(customerAddresses, and(eq(customerAddresses.customerId, customers.id), eq(customerAddresses.defaultBilling, true), isLive(customerAddresses)))
    .where(and(inArray(customers.id, [...ids]), isLive(customers)));
  const contacts = new Map<number, CustomerContact>();
  for (const { address, ...row } of rows) {
    const places = address ? await placeNames(address.countryId, address.stateId) : null;
    contacts.set(row.id, {
      ...row,
      address:
        address && places
          ? { firstName: address.firstName, lastName: address.lastName, street: address.street, city: address.city, state: places.stateName, country: places.countryName, postcode: address.postcode }
          : null,
    });
  }
  return contacts;
}

/** Ids of up to `limit` live, active customers in a fixed but scattered order: shoppers for demo sales. */
export async function sampleCustomerIds(source: Db, limit: number): Promise<number[]> {
  const rows = await source
    .select({ id: customers.id })
    .from(customers)
    .where(and(isLive(customers), eq(customers.status, true)))
    .orderBy(asc(sql`md5(${customers.id}::text)`))
    .limit(limit);
  return rows.map((row) => row.id);
}
