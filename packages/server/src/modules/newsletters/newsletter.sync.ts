import { and, asc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import { newsletterStateOfCampaign } from '../../integrations/klaviyo/klaviyo-client.ts';
import type { KlaviyoDeps } from './klaviyo-settings.ts';
import { klaviyoOf } from './klaviyo-settings.ts';
import { newsletters, subscribers } from './newsletter.table.ts';
import { pushSubscriberToKlaviyo } from './subscriber.service.ts';

/**
 * The Klaviyo sync job (`newsletters.klaviyo-sync`): a pending newsletter whose time has come is
 * Sent (or Cancelled) once Klaviyo's campaign says so; a subscriber change that has not reached
 * Klaviyo (it was down past the outbox's retries, or not configured then) is pushed. Queued by a
 * timer while there is such work, at most one at a time, and by staff (Refresh from Klaviyo).
 */
export const KLAVIYO_SYNC_KIND = 'newsletters.klaviyo-sync';
const CHECK_EVERY_MS = 60_000;
/** A subscriber change younger than this is the outbox's to deliver. */
const OUTBOX_GRACE = sql`interval '5 minutes'`;
const BATCH = 200;

export async function syncWithKlaviyo(deps: KlaviyoDeps, progress: (done: number) => Promise<void> = async () => undefined) {
  const result = { newslettersChecked: 0, sent: 0, cancelled: 0, subscribersPushed: 0 };
  const klaviyo = await klaviyoOf(deps);
  if (!klaviyo) return { ...result, isConfigured: false };
  const due = await deps.db
    .select({ id: newsletters.id, campaignId: newsletters.klaviyoCampaignId })
    .from(newsletters)
    .where(and(isNull(newsletters.deletedAt), eq(newsletters.state, 'pending'), ne(newsletters.klaviyoCampaignId, ''), lte(newsletters.scheduledOn, new Date())))
    .orderBy(asc(newsletters.scheduledOn));
  for (const newsletter of due) {
    const state = newsletterStateOfCampaign((await klaviyo.client.getCampaign(newsletter.campaignId)).status);
    result.newslettersChecked++;
    if (state !== 'pending') {
      await deps.db.update(newsletters).set({ state, updatedAt: new Date() }).where(and(eq(newsletters.id, newsletter.id), eq(newsletters.state, 'pending')));
      result[state]++;
    }
    await progress(result.newslettersChecked);
  }
  let after = 0;
  for (;;) {
    const batch = await deps.db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(and(isNull(subscribers.deletedAt), eq(subscribers.klaviyoSynced, false), gt(subscribers.id, after)))
      .orderBy(asc(subscribers.id))
      .limit(BATCH);
    for (const { id } of batch) if (await pushSubscriberToKlaviyo(deps, id)) result.subscribersPushed++;
    await progress(result.newslettersChecked + result.subscribersPushed);
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.id;
  }
  return { ...result, isConfigured: true };
}

export function klaviyoSyncJob(deps: KlaviyoDeps) {
  return defineJobKind({
    kind: KLAVIYO_SYNC_KIND,
    label: 'Klaviyo sync (newsletters sent, subscribers)',
    permission: 'newsletter',
    params: z.object({}).strict(),
    async run({ progress, succeed }) {
      const result = await syncWithKlaviyo(deps, (done) => progress(done));
      await succeed(deps.db, result);
    },
  });
}

/** Queues a sync when there is work for it and none is queued or running; answers the run's id. */
export async function queueKlaviyoSyncIfDue(deps: KlaviyoDeps, engine: Pick<JobEngine, 'ready' | 'submit'>, { force = false } = {}): Promise<number | null> {
  if (!(await klaviyoOf(deps))) return null;
  const [state] = (
    (await deps.db.execute(sql`select
      exists (select 1 from job_runs where kind = ${KLAVIYO_SYNC_KIND} and status in ('queued', 'running')) as "isQueued",
      exists (select 1 from newsletters where deleted_at is null and state = 'pending' and klaviyo_campaign_id <> '' and scheduled_on <= now())
        or exists (select 1 from subscribers where deleted_at is null and not klaviyo_synced and updated_at < now() - ${OUTBOX_GRACE}) as "hasWork"`)) as unknown as {
      rows: { isQueued: boolean; hasWork: boolean }[];
    }
  ).rows;
  if (!state || state.isQueued || (!state.hasWork && !force)) return null;
  await engine.ready();
  return engine.submit(KLAVIYO_SYNC_KIND, {}, null);
}

export function scheduleKlaviyoSync(deps: KlaviyoDeps, engine: Pick<JobEngine, 'ready' | 'submit'>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  const check = () => void queueKlaviyoSyncIfDue(deps, engine).catch((error: unknown) => log.error({ err: error }, 'the Klaviyo sync could not be queued'));
  return {
    start() {
      timer = setInterval(check, CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
