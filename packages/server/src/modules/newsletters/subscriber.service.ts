import { NEWSLETTER_MESSAGES } from '@facet/contract/modules/newsletters/newsletter.schema';
import { subscriberResource } from '@facet/contract/modules/newsletters/subscriber.schema';
import type { StorefrontSubscribeInput, SubscriberRecord } from '@facet/contract/modules/newsletters/subscriber.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { assertVersion } from '../../db/version.ts';
import { emit } from '../../events/emit.ts';
import type { RequestContext, ServiceContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { KlaviyoDeps } from './klaviyo-settings.ts';
import { klaviyoOf } from './klaviyo-settings.ts';
import { subscribers } from './newsletter.table.ts';

/**
 * Subscribers: the list and export as the toolkit's (a million rows: trigram search on the e-mail,
 * btrees for its sorts and the status filter). A subscription from the storefront and a deactivation
 * by staff each write the row unsynced and emit `subscribers.status-changed` in their transaction;
 * the outbox's subscriber (`pushSubscriberToKlaviyo`) then makes Klaviyo agree, retried with backoff
 * while Klaviyo is down, so no change is lost.
 */
export function createSubscriberService(db: Db) {
  const crud = createCrudService(db, subscriberResource, subscribers);

  /** Subscribes an e-mail: a new subscriber (201), an inactive one active again, an active one as it is (200). */
  async function subscribe(input: StorefrontSubscribeInput, context: ServiceContext): Promise<{ isNew: boolean; record: SubscriberRecord }> {
    const email = input.email.trim().toLowerCase();
    const outcome = await db.transaction(async (tx) => {
      // Two subscriptions of one e-mail at once: the second waits here, then finds the first's row.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('subscribers'), hashtext(${email}))`);
      const [existing] = await tx
        .select()
        .from(subscribers)
        .where(and(isNull(subscribers.deletedAt), eq(sql`lower(${subscribers.email})`, email)))
        .for('update');
      if (existing?.status) return { isNew: false, id: existing.id };
      if (existing) {
        await tx.update(subscribers).set({ status: true, klaviyoSynced: false, version: existing.version + 1, updatedAt: new Date(), updatedBy: null }).where(eq(subscribers.id, existing.id));
        await writeAudit(tx, context, { action: 'status', entity: subscriberResource.entity, entityId: existing.id, before: { status: false }, after: { status: true } });
        await emit(tx, 'subscribers.status-changed', { id: existing.id });
        return { isNew: false, id: existing.id };
      }
      const [row] = await tx.insert(subscribers).values({ email, status: true }).returning();
      await writeAudit(tx, context, { action: 'create', entity: subscriberResource.entity, entityId: row!.id, after: { email, status: true } });
      await emit(tx, 'subscribers.status-changed', { id: row!.id });
      return { isNew: true, id: row!.id };
    });
    return { isNew: outcome.isNew, record: await crud.get(outcome.id) };
  }

  /** Deactivate ('Inactive subscriber?'): active to inactive only; Klaviyo unsubscribes it after the commit. */
  async function deactivate(id: number, version: number, context: RequestContext): Promise<SubscriberRecord> {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(subscribers).where(and(eq(subscribers.id, id), isNull(subscribers.deletedAt))).for('update');
      if (!existing) throw notFound();
      await assertVersion(tx, subscriberResource.entity, existing, version);
      if (!existing.status) throw conflict(NEWSLETTER_MESSAGES.onlyActiveDeactivate);
      await tx.update(subscribers).set({ status: false, klaviyoSynced: false, version: existing.version + 1, updatedAt: new Date(), updatedBy: context.actor.id }).where(eq(subscribers.id, id));
      await writeAudit(tx, context, { action: 'status', entity: subscriberResource.entity, entityId: id, before: { status: true }, after: { status: false } });
      await emit(tx, 'subscribers.status-changed', { id });
    });
    return crud.get(id);
  }

  return { ...crud, subscribe, deactivate };
}

/**
 * Makes Klaviyo agree with a subscriber's row: subscribed to the list (keeping the profile's id) when
 * active, unsubscribed when inactive; then marks it synced, unless the row changed meanwhile (its own
 * event follows). Idempotent (Klaviyo's subscribe and unsubscribe are). Throws while Klaviyo fails, so
 * the outbox retries; without Klaviyo configured it leaves the row unsynced for the sync job.
 * Answers whether it reached Klaviyo.
 */
export async function pushSubscriberToKlaviyo(deps: KlaviyoDeps, id: number): Promise<boolean> {
  const [row] = await deps.db.select().from(subscribers).where(eq(subscribers.id, id));
  if (!row || row.klaviyoSynced || row.deletedAt) return false;
  // One try and one retry here: the outbox (or the sync job) retries with its own backoff.
  const klaviyo = await klaviyoOf(deps, { maxAttempts: 2 });
  if (!klaviyo) return false;
  let klaviyoId = row.klaviyoId;
  if (row.status) klaviyoId = await klaviyo.client.subscribe(klaviyo.listId, row.email);
  else await klaviyo.client.unsubscribe(klaviyo.listId, row.email);
  await deps.db
    .update(subscribers)
    .set({ klaviyoSynced: true, klaviyoId })
    .where(and(eq(subscribers.id, id), eq(subscribers.version, row.version)));
  return true;
}
