import { MESSAGES } from '@facet/contract/messages';
import type { AddressInput, AddressRecord } from '@facet/contract/modules/customers/address.schema';
import { addressInputSchema } from '@facet/contract/modules/customers/address.schema';
import { normalisePostcode } from '@facet/contract/modules/customers/customer.rules';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { assertVersion } from '../../db/version.ts';
import type { ServiceContext } from '../../http/context.ts';
import { invalidField, notFound, parseOrThrow } from '../../http/errors.ts';
import { lockLiveCustomer } from './customer.service.ts';
import { customerAddresses } from './customer.table.ts';
import { locationProblem, placeNames } from './lookups.ts';

type AddressRow = typeof customerAddresses.$inferSelect;
const ENTITY = 'customer_address';

const LOCATION_MESSAGES = {
  countryId: MESSAGES.unknownCountry,
  stateId: MESSAGES.stateNotInCountry,
  city: MESSAGES.cityNotInState,
} as const;

async function recordOf(row: AddressRow): Promise<AddressRecord> {
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    street: row.street,
    countryId: row.countryId,
    stateId: row.stateId,
    city: row.city,
    postcode: row.postcode,
    contactNumber: row.contactNumber,
    defaultBilling: row.defaultBilling,
    defaultShipping: row.defaultShipping,
    status: row.status,
    ...(await placeNames(row.countryId, row.stateId)),
  };
}

/**
 * Validates an address: the contract's schema (400 with the spec's messages), then country, state and
 * city against the lookups (a state not in the country, a city not in the state: 400 under the field).
 * Runs before any transaction opens, since the first call loads the lookup data.
 */
async function validAddress(received: AddressInput) {
  const input = parseOrThrow(addressInputSchema, received);
  const problem = await locationProblem(input.countryId, input.stateId, input.city);
  if (problem) throw invalidField(problem, LOCATION_MESSAGES[problem]);
  return { ...input, postcode: normalisePostcode(input.postcode, input.countryId) };
}

/**
 * Makes `addressId` the only default billing and/or shipping address of the customer: the others
 * lose the flag in the same transaction, before the address takes it (the partial unique indexes
 * would refuse two at any moment). The customer's row is locked first, so two saves race no further.
 */
async function demoteOtherDefaults(tx: Db, customerId: number, addressId: number | null, flags: { defaultBilling: boolean; defaultShipping: boolean }) {
  const others = and(eq(customerAddresses.customerId, customerId), isLive(customerAddresses), addressId === null ? undefined : ne(customerAddresses.id, addressId));
  const bump = { version: sql`${customerAddresses.version} + 1`, updatedAt: new Date() };
  if (flags.defaultBilling) await tx.update(customerAddresses).set({ defaultBilling: false, ...bump }).where(and(others, eq(customerAddresses.defaultBilling, true)));
  if (flags.defaultShipping) await tx.update(customerAddresses).set({ defaultShipping: false, ...bump }).where(and(others, eq(customerAddresses.defaultShipping, true)));
}

async function findAddress(tx: Db, customerId: number, addressId: number): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId), isLive(customerAddresses)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * A customer's addresses (document 2 §2 Addresses tab), each function callable without a request:
 * `context` is a request's or `systemContext(...)` (the storefront API).
 */
export function createAddressService(db: Db) {
  return {
    /** The customer's live addresses, oldest first; 404 when the customer is not live. */
    async list(customerId: number): Promise<AddressRecord[]> {
      await lockLiveCustomer(db, customerId, false);
      const rows = await db
        .select()
        .from(customerAddresses)
        .where(and(eq(customerAddresses.customerId, customerId), isLive(customerAddresses)))
        .orderBy(asc(customerAddresses.id));
      return Promise.all(rows.map(recordOf));
    },

    async get(customerId: number, addressId: number): Promise<AddressRecord> {
      const [row] = await db
        .select()
        .from(customerAddresses)
        .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId), isLive(customerAddresses)));
      if (!row) throw notFound();
      return recordOf(row);
    },

    async add(customerId: number, received: AddressInput, context: ServiceContext): Promise<AddressRecord> {
      const input = await validAddress(received);
      const actorId = context.actor?.id ?? null;
      const row = await db.transaction(async (tx) => {
        await lockLiveCustomer(tx, customerId);
        await demoteOtherDefaults(tx, customerId, null, input);
        const [inserted] = await tx
          .insert(customerAddresses)
          .values({ ...input, customerId, createdBy: actorId, updatedBy: actorId })
          .returning();
        await writeAudit(tx, context, { action: 'create', entity: ENTITY, entityId: inserted!.id, after: inserted! });
        return inserted!;
      });
      return recordOf(row);
    },

    async update(customerId: number, addressId: number, received: AddressInput, version: number | undefined, context: ServiceContext): Promise<AddressRecord> {
      const input = await validAddress(received);
      const row = await db.transaction(async (tx) => {
        await lockLiveCustomer(tx, customerId);
        const existing = await findAddress(tx, customerId, addressId);
        if (version !== undefined) await assertVersion(tx, ENTITY, existing, version);
        await demoteOtherDefaults(tx, customerId, addressId, input);
        const [updated] = await tx
          .update(customerAddresses)
          .set({ ...input, version: sql`${customerAddresses.version} + 1`, updatedAt: new Date(), updatedBy: context.actor?.id ?? null })
          .where(eq(customerAddresses.id, addressId))
          .returning();
        await writeAudit(tx, context, { action: 'update', entity: ENTITY, entityId: addressId, before: existing, after: updated! });
        return updated!;
      });
      return recordOf(row);
    },

    async remove(customerId: number, addressId: number, context: ServiceContext): Promise<void> {
      await db.transaction(async (tx) => {
        await lockLiveCustomer(tx, customerId);
        const existing = await findAddress(tx, customerId, addressId);
        await tx
          .update(customerAddresses)
          .set({ deletedAt: new Date(), deletedBy: context.actor?.id ?? null, version: sql`${customerAddresses.version} + 1` })
          .where(eq(customerAddresses.id, addressId));
        await writeAudit(tx, context, { action: 'delete', entity: ENTITY, entityId: addressId, before: existing });
      });
    },
  };
}
