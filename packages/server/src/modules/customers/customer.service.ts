import { MESSAGES } from '@facet/contract/messages';
import type { CustomerCreateInput, CustomerRecord, CustomerUpdateInput } from '@facet/contract/modules/customers/customer.schema';
import { customerCreateSchema, customerResource, customerUpdateSchema } from '@facet/contract/modules/customers/customer.schema';
import { DEFAULT_CUSTOMER_GROUP } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { CrudService } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { assertVersion } from '../../db/version.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, databaseErrorOf, invalidField, notFound, parseOrThrow } from '../../http/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { customerGroups } from '../customer-groups/customer-group.table.ts';
import { assertMediaUrls } from '../media/media.service.ts';
import { customers } from './customer.table.ts';

/** The email is taken by another live customer: 409, the message under the email field (document 2 §8). */
function emailTaken() {
  const message = MESSAGES.duplicate('Email');
  return conflict(message, [{ path: ['email'], message }]);
}

/** A save that raced another save of the same email past the check: the same answer as the check's. */
function emailTakenByRace(error: unknown): unknown {
  const dbError = databaseErrorOf(error);
  return dbError?.code === '23505' && dbError.constraint === 'customers_email_live' ? emailTaken() : error;
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

/** The columns of a validated customer (the password hashed apart, before the transaction opens). */
function columnsOf(input: CustomerFields, groupId: number) {
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
        return inserted!.id;
      })
      .catch((error: unknown) => {
        throw emailTakenByRace(error);
      });
    return crud.get(id);
  }

  async function update(id: number, received: CustomerUpdateInput, version: number | undefined, context: ServiceContext): Promise<CustomerRecord> {
    const input = parseOrThrow(customerUpdateSchema, received);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    await db
      .transaction(async (tx) => {
        const [existing] = await tx.select().from(customers).where(and(eq(customers.id, id), isLive(customers))).for('update');
        if (!existing) throw notFound();
        if (version !== undefined) await assertVersion(tx, customerResource.entity, existing, version);
        const groupId = await groupIdFor(tx, input.groupId ?? existing.groupId);
        if (input.profilePicture !== existing.profilePicture) {
          await assertMediaUrls(tx, { profilePicture: input.profilePicture }, ['customer-profile-picture']);
        }
        await assertEmailFree(tx, input.email, id);
        const before = await crud.get(id, tx);
        await tx
          .update(customers)
          .set({
            ...columnsOf(input, groupId),
            ...(passwordHash && { passwordHash }),
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

  return { ...crud, create, update };
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
