import { MESSAGES } from '@facet/contract/messages';
import type {
  CustomerCreateInput,
  CustomerRecord,
  CustomerUpdateInput,
  StorefrontCustomerPatch,
  StorefrontGuestInput,
  StorefrontRegisterInput,
} from '@facet/contract/modules/customers/customer.schema';
import {
  STOREFRONT_CUSTOMER_FIELDS,
  customerCreateSchema,
  customerResource,
  customerUpdateSchema,
  storefrontCustomerUpdateSchema,
  storefrontGuestSchema,
  storefrontRegisterSchema,
} from '@facet/contract/modules/customers/customer.schema';
import { DEFAULT_CUSTOMER_GROUP } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import { emit } from '../../events/emit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { CrudService } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { assertVersion } from '../../db/version.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, databaseErrorOf, invalidField, notFound, parseOrThrow } from '../../http/errors.ts';
import { hashPassword } from '../auth/index.ts';
import { customerGroups } from '../customer-groups/customer-group.table.ts';
import { assertMediaUrls } from '../media/index.ts';
import { customers } from './customer.table.ts';

/** The email is taken by another live customer: 409, the message under the email field (document 2 §8). */
function emailTaken() {
  const message = MESSAGES.duplicate('Email');
  return conflict(message, [{ path: ['email'], message }]);
}

/** The social sign-in's id belongs to another live customer: 409 under `socialId`. */
function socialIdTaken() {
  const message = MESSAGES.duplicate('Social sign-in');
  return conflict(message, [{ path: ['socialId'], message }]);
}

/** A save that raced another save of the same email (or social id) past the check: the check's answer. */
function emailTakenByRace(error: unknown): unknown {
  const dbError = databaseErrorOf(error);
  if (dbError?.code !== '23505') return error;
  if (dbError.constraint === 'customers_email_live') return emailTaken();
  if (dbError.constraint === 'customers_social_id_live') return socialIdTaken();
  return error;
}

/** The live customer holding `email` (any case), locked for the rest of the transaction. */
async function liveCustomerByEmail(tx: Db, email: string) {
  const [row] = await tx
    .select({ id: customers.id, isGuest: customers.isGuest })
    .from(customers)
    .where(and(isLive(customers), eq(sql`lower(${customers.email})`, email.toLowerCase())))
    .for('update');
  return row;
}

async function assertEmailFree(tx: Db, email: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(isLive(customers), eq(sql`lower(${customers.email})`, email.toLowerCase()), exceptId ? ne(customers.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw emailTaken();
}

/** The group asked for (live), or the default group when none is. */
async function groupIdFor(tx: Db, groupId: number | undefined): Promise<number> {
  const condition = groupId === undefined ? eq(sql`lower(${customerGroups.name})`, DEFAULT_CUSTOMER_GROUP.toLowerCase()) : eq(customerGroups.id, groupId);
  const [group] = await tx.select({ id: customerGroups.id }).from(customerGroups).where(and(condition, isLive(customerGroups))).limit(1);
  if (!group) throw invalidField('groupId', MESSAGES.chooseFromList('group'));
  return group.id;
}

type CustomerFields = ReturnType<typeof customerUpdateSchema.parse>;
/** What every customer write sets; the group is resolved apart (`groupIdFor`). */
type CustomerColumns = Omit<CustomerFields, 'groupId'>;

/** The columns of a validated customer (the password hashed apart, before the transaction opens). */
function columnsOf(input: CustomerColumns, groupId: number) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    contactNumber: input.contactNumber,
    dateOfBirth: input.dateOfBirth || null,
    gender: input.gender,
    groupId,
    isSubscribed: input.isSubscribed,
    profilePicture: input.profilePicture,
    status: input.status,
  };
}

export type CustomerService = CrudService<CustomerCreateInput, CustomerUpdateInput, CustomerRecord> & {
  /**
   * Adds a customer: validates `input` with the contract's schema (400 with the spec's messages),
   * refuses a taken email (409 under `email`), hashes the password with argon2id. Callable without a
   * request: `context` is a request's or `systemContext(...)` (the storefront API, a job).
   */
  create(input: CustomerCreateInput, context: ServiceContext): Promise<CustomerRecord>;
  /**
   * Changes a customer: as `create`; a blank or missing password keeps the current one. `version`
   * is the optimistic lock (409 when stale); a caller without one (the storefront) passes undefined.
   */
  update(id: number, input: CustomerUpdateInput, version: number | undefined, context: ServiceContext): Promise<CustomerRecord>;
  /**
   * A storefront changes a customer's account fields: `replace` (PUT) sends them all, `merge` (PATCH)
   * some, merged over the values the customer has when its row is locked, so two PATCHes at once each
   * keep the other's change. The group and the status are staff's and stay as they are.
   */
  updateFromStorefront(id: number, sent: StorefrontCustomerPatch, mode: 'replace' | 'merge', context: ServiceContext): Promise<CustomerRecord>;
  /**
   * A shopper signs up through the storefront, with a password or a social sign-in's id. The email of
   * a live guest is that guest signing up only when the storefront says it verified the address
   * (`emailVerified`): the same customer (id, orders) becomes registered. Otherwise any existing
   * customer's email is taken (409). `created` says whether a customer was added (201) or a guest
   * registered (200).
   */
  register(input: StorefrontRegisterInput, context: ServiceContext): Promise<{ customer: CustomerRecord; created: boolean }>;
  /**
   * A guest at checkout: added as a guest customer (no password), or, for an email a live guest holds,
   * that guest's contact fields updated. A registered customer's email is taken (409).
   */
  checkoutGuest(input: StorefrontGuestInput, context: ServiceContext): Promise<{ customer: CustomerRecord; created: boolean }>;
};

/**
 * Customers: the list, read, status switch, delete and export of the toolkit's crud service, with
 * create and update written here so they take a `ServiceContext` (a request's, or the system's for
 * the storefront API) and never a password in the record.
 */
export function createCustomerService(db: Db): CustomerService {
  const crud = createCrudService(db, customerResource, customers, {
    derivedFields: {
      groupName: sql<string>`coalesce((select ${customerGroups.name} from ${customerGroups} where ${customerGroups.id} = ${customers.groupId}), '')`,
      // A date of birth not given reads as empty text, as the form holds it.
      dateOfBirth: sql<string>`coalesce(cast(${customers.dateOfBirth} as text), '')`,
      socialId: sql<string>`coalesce(${customers.socialId}, '')`,
    },
    // A delete (single or bulk) changes how many customers there are: the dashboard's count follows.
    async afterWrite(tx, { action }) {
      if (action === 'delete') await emit(tx, 'customers.added-or-removed', {});
    },
  });

  async function create(received: CustomerCreateInput, context: ServiceContext): Promise<CustomerRecord> {
    const input = parseOrThrow(customerCreateSchema, received);
    const passwordHash = await hashPassword(input.password);
    const actorId = context.actor?.id ?? null;
    const id = await db
      .transaction(async (tx) => {
        const groupId = await groupIdFor(tx, input.groupId);
        await assertMediaUrls(tx, { profilePicture: input.profilePicture }, ['customer-profile-picture']);
        await assertEmailFree(tx, input.email);
        const [inserted] = await tx
          .insert(customers)
          .values({ ...columnsOf(input, groupId), passwordHash, createdBy: actorId, updatedBy: actorId })
          .returning({ id: customers.id });
        const after = await crud.get(inserted!.id, tx);
        await writeAudit(tx, context, { action: 'create', entity: customerResource.entity, entityId: inserted!.id, after });
        await emit(tx, 'customers.added-or-removed', {});
        return inserted!.id;
      })
      .catch((error: unknown) => {
        throw emailTakenByRace(error);
      });
    return crud.get(id);
  }

  /**
   * Writes a customer's account fields in one transaction with its row locked: `resolve` sees the row
   * as it is under the lock and answers the validated fields and group to write. `passwordHash` is made
   * before (argon2 takes a while; no lock is held meanwhile).
   */
  async function save(
    id: number,
    context: ServiceContext,
    passwordHash: string | undefined,
    resolve: (tx: Db, existing: typeof customers.$inferSelect, before: CustomerRecord) => Promise<{ input: CustomerColumns; groupId: number }>,
  ): Promise<CustomerRecord> {
    await db
      .transaction(async (tx) => {
        const [existing] = await tx.select().from(customers).where(and(eq(customers.id, id), isLive(customers))).for('update');
        if (!existing) throw notFound();
        const before = await crud.get(id, tx);
        const { input, groupId } = await resolve(tx, existing, before);
        if (input.profilePicture !== existing.profilePicture) {
          await assertMediaUrls(tx, { profilePicture: input.profilePicture }, ['customer-profile-picture']);
        }
        await assertEmailFree(tx, input.email, id);
        await tx
          .update(customers)
          .set({
            ...columnsOf(input, groupId),
            // A guest given a password (a storefront's update) now has an account: no longer a guest.
            ...(passwordHash && { passwordHash, isGuest: false }),
            version: sql`${customers.version} + 1`,
            updatedAt: new Date(),
            updatedBy: context.actor?.id ?? null,
          })
          .where(eq(customers.id, id));
        const after = await crud.get(id, tx);
        // A new password shows in the audit row as changed, masked; never its hash.
        await writeAudit(tx, context, {
          action: 'update',
          entity: customerResource.entity,
          entityId: id,
          before: { ...before, password: passwordHash ? 'old' : undefined },
          after: { ...after, password: passwordHash ? 'new' : undefined },
        });
      })
      .catch((error: unknown) => {
        throw emailTakenByRace(error);
      });
    return crud.get(id);
  }

  async function update(id: number, received: CustomerUpdateInput, version: number | undefined, context: ServiceContext): Promise<CustomerRecord> {
    const input = parseOrThrow(customerUpdateSchema, received);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return save(id, context, passwordHash, async (tx, existing) => {
      if (version !== undefined) await assertVersion(tx, customerResource.entity, existing, version);
      return { input, groupId: await groupIdFor(tx, input.groupId ?? existing.groupId) };
    });
  }

  async function updateFromStorefront(id: number, sent: StorefrontCustomerPatch, mode: 'replace' | 'merge', context: ServiceContext): Promise<CustomerRecord> {
    /** The fields to validate: those sent, over the customer's current ones for a PATCH. */
    const fieldsOver = (current: CustomerRecord) => {
      if (mode === 'replace') return sent;
      const merged: Record<string, unknown> = {};
      for (const field of STOREFRONT_CUSTOMER_FIELDS) {
        const value = sent[field] !== undefined ? sent[field] : field in current ? current[field as keyof CustomerRecord] : undefined;
        if (value !== undefined) merged[field] = value;
      }
      return merged;
    };
    // Checked once before the transaction for its messages and the password to hash, and again on the
    // locked row, whose values may have changed meanwhile (the password is only ever the one sent).
    const checked = parseOrThrow(storefrontCustomerUpdateSchema, fieldsOver(mode === 'merge' ? await crud.get(id) : ({} as CustomerRecord)));
    const passwordHash = checked.password ? await hashPassword(checked.password) : undefined;
    return save(id, context, passwordHash, async (_tx, existing, before) => ({
      input: { ...parseOrThrow(storefrontCustomerUpdateSchema, fieldsOver(before)), status: existing.status },
      groupId: existing.groupId,
    }));
  }

  /**
   * Adds a customer or turns a live guest with the same email into one (the row locked, so two sign-ups
   * of one guest take turns and the second finds the email taken), audited as a create or an update.
   */
  async function addOrClaimGuest(
    email: string,
    context: ServiceContext,
    claimable: (holder: { id: number; isGuest: boolean }) => boolean,
    columns: (tx: Db) => Promise<typeof customers.$inferInsert>,
    attempt = 1,
  ): Promise<{ customer: CustomerRecord; created: boolean }> {
    const actorId = context.actor?.id ?? null;
    const result = await db
      .transaction(async (tx) => {
        const holder = await liveCustomerByEmail(tx, email);
        if (holder && !claimable(holder)) throw emailTaken();
        const values = await columns(tx);
        if (holder) {
          const before = await crud.get(holder.id, tx);
          // The group and the status are staff's: a guest staff moved or disabled stays so.
          const { groupId: _groupId, status: _status, ...claimed } = values;
          await tx
            .update(customers)
            .set({ ...claimed, version: sql`${customers.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
            .where(eq(customers.id, holder.id));
          const after = await crud.get(holder.id, tx);
          await writeAudit(tx, context, { action: 'update', entity: customerResource.entity, entityId: holder.id, before, after });
          return { id: holder.id, created: false };
        }
        const [inserted] = await tx
          .insert(customers)
          .values({ ...values, createdBy: actorId, updatedBy: actorId })
          .returning({ id: customers.id });
        const after = await crud.get(inserted!.id, tx);
        await writeAudit(tx, context, { action: 'create', entity: customerResource.entity, entityId: inserted!.id, after });
        await emit(tx, 'customers.added-or-removed', {});
        return { id: inserted!.id, created: true };
      })
      .catch((error: unknown) => {
        // Two first check-outs (or sign-ups) of one new email at once: the loser's insert hit the unique
        // index. Once more, it finds the winner's row and claims or refuses it as the check would have.
        if (attempt === 1 && databaseErrorOf(error)?.constraint === 'customers_email_live') return null;
        throw emailTakenByRace(error);
      });
    if (!result) return addOrClaimGuest(email, context, claimable, columns, attempt + 1);
    return { customer: await crud.get(result.id), created: result.created };
  }

  async function register(received: StorefrontRegisterInput, context: ServiceContext) {
    const input = parseOrThrow(storefrontRegisterSchema, received);
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    // Only an address the storefront has verified claims a guest; any other existing customer's is taken.
    return addOrClaimGuest(input.email, context, (holder) => holder.isGuest && input.emailVerified, async (tx) => {
      await assertMediaUrls(tx, { profilePicture: input.profilePicture }, ['customer-profile-picture']);
      if (input.socialId) {
        const [clash] = await tx.select({ id: customers.id }).from(customers).where(and(isLive(customers), eq(customers.socialId, input.socialId))).limit(1);
        if (clash) throw socialIdTaken();
      }
      return { ...columnsOf({ ...input, status: true }, await groupIdFor(tx, undefined)), passwordHash, socialId: input.socialId || null, isGuest: false };
    });
  }

  async function checkoutGuest(received: StorefrontGuestInput, context: ServiceContext) {
    const input = parseOrThrow(storefrontGuestSchema, received);
    return addOrClaimGuest(input.email, context, (holder) => holder.isGuest, async (tx) => ({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.toLowerCase(),
      contactNumber: input.contactNumber,
      isSubscribed: input.isSubscribed,
      groupId: await groupIdFor(tx, undefined),
      isGuest: true,
    }));
  }

  return { ...crud, create, update, updateFromStorefront, register, checkoutGuest };
}

/**
 * Refuses (404) a customer id that is not a live customer's; locks the row FOR UPDATE unless told not
 * to, so writes that hang on one customer (its addresses and their defaults) take turns.
 */
export async function lockLiveCustomer(tx: Db, customerId: number, lock = true): Promise<void> {
  const query = tx.select({ id: customers.id }).from(customers).where(and(eq(customers.id, customerId), isLive(customers)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
}

/**
 * The customer an order is placed for: live and active, with the email it must carry and whether it
 * is a guest (the order's guest flag). Undefined when there is no such customer.
 */
export async function orderingCustomer(db: Db, id: number): Promise<{ id: number; email: string; isGuest: boolean } | undefined> {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, isGuest: customers.isGuest })
    .from(customers)
    .where(and(eq(customers.id, id), isLive(customers), eq(customers.status, true)));
  return row;
}

/** A customer as an order copies it: contact details and the default shipping address (null without one). */
export interface CustomerForOrders {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  isGuest: boolean;
  address: { firstName: string; lastName: string; street: string; countryId: string; stateId: string; city: string; postcode: string; contactNumber: string } | null;
}

/** The live, active customers with their default shipping address, by id: demo orders are theirs. */
export async function customersForOrders(db: Db): Promise<CustomerForOrders[]> {
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      contactNumber: customers.contactNumber,
      isGuest: customers.isGuest,
      address: sql<CustomerForOrders['address']>`(select json_build_object('firstName', a.first_name, 'lastName', a.last_name, 'street', a.street, 'countryId', a.country_id,
        'stateId', a.state_id, 'city', a.city, 'postcode', a.postcode, 'contactNumber', a.contact_number)
        from customer_addresses a where a.customer_id = ${customers.id} and a.deleted_at is null and a.status order by a.default_shipping desc, a.id limit 1)`,
    })
    .from(customers)
    .where(and(isLive(customers), eq(customers.status, true)))
    .orderBy(customers.id);
  return rows;
}
