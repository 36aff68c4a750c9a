import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { affected } from '../db/bulk-write.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { defineJobKind } from '../jobs/job-kind.ts';
import type { JobKind } from '../jobs/job-kind.ts';

/** How long a delivered event and its deliveries stay in the outbox, as its record (`docs/decisions/events-outbox.md`). */
export const OUTBOX_RETENTION_DAYS = 7;
export const OUTBOX_CLEANUP_KIND = 'events.cleanup';
/** Rows removed per statement: each batch is its own short transaction, so writers and the relay never wait long behind it. */
const BATCH = 5_000;
/** How often a process asks whether a cleanup is due, and how long after the last one the next is. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
const RUN_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Delivered deliveries, and the events whose every delivery went (or that had no subscriber), older
 * than the retention. Kept: events still waiting for the relay, deliveries pending or running, and
 * dead letters (until retried and delivered) with their events. `progress` is called between batches.
 */
export async function cleanOutbox(
  db: Db,
  { retentionDays = OUTBOX_RETENTION_DAYS, batchSize = BATCH, progress }: { retentionDays?: number; batchSize?: number; progress?: (removed: number) => Promise<void> } = {},
): Promise<{ deliveries: number; events: number }> {
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  const removed = { deliveries: 0, events: 0 };
  for (;;) {
    const result = await db.execute(sql`delete from event_deliveries where id in (
      select id from event_deliveries where status = 'delivered' and delivered_at < ${cutoff} order by id limit ${batchSize})`);
    removed.deliveries += affected(result);
    await progress?.(removed.deliveries + removed.events);
    if (affected(result) < batchSize) break;
  }
  for (;;) {
    const result = await db.execute(sql`delete from event_outbox where id in (
      select o.id from event_outbox o where o.dispatched_at < ${cutoff}
        and not exists (select 1 from event_deliveries d where d.event_id = o.id) order by o.id limit ${batchSize})`);
    removed.events += affected(result);
    await progress?.(removed.deliveries + removed.events);
    if (affected(result) < batchSize) break;
  }
  return removed;
}

/** The cleanup as a job of the engine (Job Centre, area `system`): its run records what it removed. */
export function outboxCleanupJob(): JobKind {
  return defineJobKind({
    kind: OUTBOX_CLEANUP_KIND,
    label: 'Events outbox cleanup',
    permission: 'system',
    params: z.object({}).strict(),
    async run({ db, progress, succeed }) {
      const removed = await cleanOutbox(db, { progress: (done) => progress(done) });
      await succeed(db, { ...removed, retentionDays: OUTBOX_RETENTION_DAYS });
    },
  });
}

/**
 * Queues a cleanup when one is due: none queued or running, none started in the last day, and
 * something old enough to remove (an idle shop's Job Centre gains no empty runs). Under an advisory
 * lock, so two processes asking at once queue one. Answers the run's id, or null.
 */
export async function queueOutboxCleanupIfDue(db: Db, engine: Pick<JobEngine, 'ready' | 'submit'>, { retentionDays = OUTBOX_RETENTION_DAYS, everyMs = RUN_EVERY_MS } = {}): Promise<number | null> {
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  const rows = (await db.execute(sql`select
      exists (select 1 from job_runs where kind = ${OUTBOX_CLEANUP_KIND}
        and (status in ('queued', 'running') or created_at > now() - make_interval(secs => ${everyMs / 1000}))) as "isRecent",
      exists (select 1 from event_deliveries where status = 'delivered' and delivered_at < ${cutoff})
        or exists (select 1 from event_outbox o where o.dispatched_at < ${cutoff} and not exists (select 1 from event_deliveries d where d.event_id = o.id)) as "hasOld"`)) as unknown as {
    rows: { isRecent: boolean; hasOld: boolean }[];
  };
  const [state] = rows.rows;
  if (!state || state.isRecent || !state.hasOld) return null;
  await engine.ready();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${OUTBOX_CLEANUP_KIND}))`);
    const [queued] = (
      (await tx.execute(sql`select 1 from job_runs where kind = ${OUTBOX_CLEANUP_KIND}
        and (status in ('queued', 'running') or created_at > now() - make_interval(secs => ${everyMs / 1000})) limit 1`)) as unknown as { rows: unknown[] }
    ).rows;
    return queued ? null : engine.submit(OUTBOX_CLEANUP_KIND, {}, null, tx);
  });
}

/**
 * The first check, a few minutes after start (not at start, when the process has its own work to
 * do): a server restarted more often than hourly (deploys, a crash loop) still cleans up.
 */
const FIRST_CHECK_MS = 5 * 60_000;

/** Asks every hour, the first time a few minutes after start, whether a cleanup is due. */
export function scheduleOutboxCleanup(db: Db, engine: Pick<JobEngine, 'ready' | 'submit'>, log: FastifyBaseLogger) {
  let first: NodeJS.Timeout | null = null;
  let timer: NodeJS.Timeout | null = null;
  const check = () => void queueOutboxCleanupIfDue(db, engine).catch((error: unknown) => log.error({ err: error }, 'outbox cleanup could not be queued'));
  return {
    start() {
      first = setTimeout(check, FIRST_CHECK_MS);
      first.unref();
      timer = setInterval(check, CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
    },
  };
}
