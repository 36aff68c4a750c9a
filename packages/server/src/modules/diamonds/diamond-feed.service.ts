import type { ListResponse } from '@facet/contract/api';
import { DIAMOND_MESSAGES, FEED_KINDS, IMPORT_SERVICES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { FeedKind, FeedRunListQuery, FeedRunRecord, FeedSyncJobParams, ImportService, ImportServiceRecord, RunStepState, SyncMode } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { filterConditions, searchCondition } from '../../db/list-query.ts';
import { AppError } from '../../http/errors.ts';
import type { StoneFeed } from '../../integrations/nivoda/feed-stone.ts';
import type { JobRunContext } from '../../jobs/job-kind.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { feedRunListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import { readForSync } from './feed-read-thread.ts';
import { ingestStones } from './diamond-ingest.ts';
import type { IngestCounts } from './diamond-ingest.ts';
import { repriceAll } from './diamond.service.ts';
import { readFeedSettings } from './diamond-settings.ts';
import { readStoneCounts } from './stone-counts.ts';
import { diamondFeedRuns, diamondFeedServices, diamonds } from './diamond.table.ts';

/**
 * The service log (document 3 §3) and the import services (document 3 §2.1 /system/service: the
 * spec's natural and lab grown, and gemstones):
 * each sync and each repricing is a run of the log; a run with no end time is running, unless its
 * job died with its process (the job's row then says failed, and so does the log).
 */

type RunPatch = Partial<typeof diamondFeedRuns.$inferInsert>;

export async function startRun(db: Db, values: { serviceName: string; kind: string; mode: string; jobRunId?: number | null; createdBy?: number | null; download?: RunStepState }) {
  const [row] = await db.insert(diamondFeedRuns).values(values).returning({ id: diamondFeedRuns.id });
  return row!.id;
}
export async function patchRun(db: Db, id: number, patch: RunPatch) {
  await db.update(diamondFeedRuns).set(patch).where(eq(diamondFeedRuns.id, id));
}
const countsOf = (counts: IngestCounts): RunPatch => ({
  totalCount: counts.total,
  added: counts.added,
  updated: counts.updated,
  repriced: counts.repriced,
  removed: counts.removed,
  ...(counts.rejected > 0 && { errorMessage: `${counts.rejected} stone(s) left out: a value no column can hold.` }),
});

/** Whether a run counts as running: no end time, and its job (if any) still queued or running. */
const isRunningSql = sql<boolean>`(${diamondFeedRuns.endTime} is null and (${diamondFeedRuns.jobRunId} is null or ${jobRuns.status} in ('queued', 'running')))`;
const RUN_COLUMNS = {
  id: diamondFeedRuns.id,
  serviceName: diamondFeedRuns.serviceName,
  kind: diamondFeedRuns.kind,
  mode: diamondFeedRuns.mode,
  download: diamondFeedRuns.download,
  insertInDatabase: diamondFeedRuns.insertInDatabase,
  startTime: diamondFeedRuns.startTime,
  endTime: diamondFeedRuns.endTime,
  errorMessage: sql<string | null>`coalesce(${diamondFeedRuns.errorMessage}, case when ${diamondFeedRuns.endTime} is null and ${jobRuns.status} in ('failed', 'cancelled') then coalesce(${jobRuns.error}, 'Cancelled') end)`,
  totalCount: diamondFeedRuns.totalCount,
  added: diamondFeedRuns.added,
  updated: diamondFeedRuns.updated,
  repriced: diamondFeedRuns.repriced,
  removed: diamondFeedRuns.removed,
  isRunning: isRunningSql,
  jobRunId: diamondFeedRuns.jobRunId,
  jobStatus: jobRuns.status,
};
const runsQuery = (db: Db) => db.select(RUN_COLUMNS).from(diamondFeedRuns).leftJoin(jobRuns, eq(jobRuns.id, diamondFeedRuns.jobRunId));
type RunRow = Awaited<ReturnType<typeof runsQuery>>[number];
function toRunRecord({ jobStatus, ...row }: RunRow): FeedRunRecord {
  // A run whose job died before it could write its end reads as failed at the step it was on.
  const died = row.endTime === null && (jobStatus === 'failed' || jobStatus === 'cancelled');
  const failedStep = (state: RunStepState): RunStepState => (died && state === 'running' ? 'failed' : state);
  return {
    ...row,
    download: failedStep(row.download),
    insertInDatabase: failedStep(row.insertInDatabase),
    isRunning: Boolean(row.isRunning),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
  };
}

const KIND_LABELS: Record<string, string> = { ...FEED_KINDS, reprice: 'Repricing', demo: 'Demo' };
export const serviceNameOf = (kind: string) => KIND_LABELS[kind] ?? kind;

export interface FeedServiceDeps {
  db: Db;
  /** The feed sync reads, or null when none is configured. */
  feed: () => Promise<StoneFeed | null>;
  submit: (actor: { id: number; name: string } | null, kind: 'diamonds.sync' | 'diamonds.reprice', params: Record<string, unknown>) => Promise<number>;
  cancel: (jobRunId: number) => Promise<void>;
}

export function createFeedService({ db, feed, submit, cancel }: FeedServiceDeps) {
  // Once per process (a service row is never deleted): the screen polls, and each poll wrote this insert.
  let ensured: Promise<void> | null = null;
  function ensureServices(): Promise<void> {
    ensured ??= (async () => {
      await db
        .insert(diamondFeedServices)
        .values(IMPORT_SERVICES.map((name) => ({ name })))
        .onConflictDoNothing();
    })().catch((error: unknown) => {
      ensured = null;
      throw error;
    });
    return ensured;
  }

  async function runningRunOf(kind: FeedKind) {
    const [row] = await runsQuery(db)
      .where(and(eq(diamondFeedRuns.kind, kind), isRunningSql))
      .orderBy(desc(diamondFeedRuns.startTime))
      .limit(1);
    return row;
  }

  return {
    async listRuns(query: FeedRunListQuery): Promise<ListResponse<FeedRunRecord>> {
      // The search (document 3 §7: service logs take page, search, page_size) matches a run's service name or error.
      const where = and(
        searchCondition([diamondFeedRuns.serviceName, diamondFeedRuns.errorMessage], query.search),
        ...filterConditions(feedRunListQuery.filters, query as Record<string, unknown>, { kind: diamondFeedRuns.kind }),
      );
      const order = query.order === 'asc' ? asc : desc;
      const [rows, [counted]] = await Promise.all([
        runsQuery(db)
          .where(where)
          .orderBy(order(diamondFeedRuns.startTime), order(diamondFeedRuns.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(diamondFeedRuns).where(where),
      ]);
      return { items: rows.map(toRunRecord), total: Number(counted?.total ?? 0), page: query.page, pageSize: query.pageSize };
    },

    /**
     * The import services: on or off, stone counts, last run and success, staleness (older than twice
     * the schedule). One repeatable-read transaction: the counts and the runs are of one moment, so a
     * run shown finished comes with the counts its merge left (read in separate statements, a merge
     * committing between them showed its run done with the counts from before). The counts are the
     * ones the writes keep (stone-counts.ts), not counted here.
     */
    async services(): Promise<{ services: ImportServiceRecord[]; incrementalMinutes: number; fullSyncHours: number }> {
      await ensureServices();
      return db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read, read only`);
        const settings = await readFeedSettings(tx);
        const rows = await tx.select().from(diamondFeedServices).where(inArray(diamondFeedServices.name, [...IMPORT_SERVICES]));
        const counts = await readStoneCounts(tx);
        // Each service's last run and last success in one statement (a statement is a round trip, and the screen polls):
        // runs of one service do not overlap, so the latest started success is the latest ended one, and the kind's index walks to it.
        const latest = (await tx.execute(sql`
          select k.kind, (select r.id from diamond_feed_runs r where r.kind = k.kind order by r.start_time desc, r.id desc limit 1) as last_run_id,
            (select r.end_time from diamond_feed_runs r where r.kind = k.kind and r.end_time is not null and r.insert_in_database = 'done' and r.error_message is null
              order by r.start_time desc limit 1) as last_success_at
          from unnest(${sql.param([...IMPORT_SERVICES])}::text[]) k(kind)`)) as unknown as { rows: { kind: FeedKind; last_run_id: number | null; last_success_at: string | Date | null }[] };
        const lastRunIds = latest.rows.flatMap((row) => (row.last_run_id === null ? [] : [Number(row.last_run_id)]));
        const lastRuns = lastRunIds.length ? await runsQuery(tx).where(inArray(diamondFeedRuns.id, lastRunIds)) : [];
        const services: ImportServiceRecord[] = [];
        for (const name of IMPORT_SERVICES) {
          const service = rows.find((row) => row.name === name);
          const found = latest.rows.find((row) => row.kind === name);
          const lastRun = lastRuns.find((run) => run.id === Number(found?.last_run_id));
          const counted = counts.get(name);
          const lastSuccessAt = found?.last_success_at ? new Date(found.last_success_at) : null;
          const isEnabled = service?.isEnabled ?? false;
          const staleAfterMs = 2 * settings.incrementalMinutes * 60_000;
          services.push({
            name,
            label: FEED_KINDS[name],
            isEnabled,
            isRunning: lastRun ? Boolean(lastRun.isRunning) : false,
            stoneCount: counted?.offered ?? 0,
            forSaleCount: counted?.forSale ?? 0,
            unpricedCount: counted?.unpriced ?? 0,
            lastRun: lastRun ? toRunRecord(lastRun) : null,
            lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
            isStale: isEnabled && (lastSuccessAt === null || Date.now() - lastSuccessAt.getTime() > staleAfterMs),
            watermark: service?.watermark?.toISOString() ?? null,
          });
        }
        return { services, incrementalMinutes: settings.incrementalMinutes, fullSyncHours: settings.fullSyncHours };
      });
    },

    /** Start: the service is switched on (its schedule runs) and a run starts now. */
    async start(name: ImportService, mode: SyncMode, actor: { id: number; name: string }) {
      if (!(await feed())) throw new AppError('CONFLICT', DIAMOND_MESSAGES.feedNotConfigured);
      if (await runningRunOf(name)) throw new AppError('CONFLICT', DIAMOND_MESSAGES.serviceAlreadyRunning);
      await ensureServices();
      // The run started now is the schedule's run of its kind: the next ones count from now, so the
      // scheduler does not start another (a full sync, never yet scheduled) a minute later.
      const settings = await readFeedSettings(db);
      const now = new Date();
      const nextFullAt = new Date(now.getTime() + settings.fullSyncHours * 3_600_000);
      await db
        .update(diamondFeedServices)
        .set({
          isEnabled: true,
          updatedAt: now,
          updatedBy: actor.id,
          nextIncrementalAt: new Date(now.getTime() + settings.incrementalMinutes * 60_000),
          nextFullAt: mode === 'full' ? nextFullAt : sql`coalesce(${diamondFeedServices.nextFullAt}, ${nextFullAt})`,
        })
        .where(eq(diamondFeedServices.name, name));
      return submit(actor, 'diamonds.sync', { kind: name, mode } satisfies FeedSyncJobParams);
    },

    /** Stop: the service is switched off and a running run is asked to stop at its next batch (nothing of it is kept). */
    async stop(name: ImportService, actor: { id: number; name: string }) {
      await ensureServices();
      await db.update(diamondFeedServices).set({ isEnabled: false, updatedAt: new Date(), updatedBy: actor.id }).where(eq(diamondFeedServices.name, name));
      const running = await runningRunOf(name);
      if (running?.jobRunId) await cancel(running.jobRunId);
    },

    /**
     * The scheduler's tick: each enabled service whose next full or incremental time has come is
     * claimed with one update (two processes cannot both claim it) and its run submitted.
     */
    async tick(now = new Date()) {
      if (!(await feed())) return;
      await ensureServices();
      const settings = await readFeedSettings(db);
      for (const name of IMPORT_SERVICES) {
        const [full] = await db
          .update(diamondFeedServices)
          .set({ nextFullAt: new Date(now.getTime() + settings.fullSyncHours * 3_600_000), nextIncrementalAt: new Date(now.getTime() + settings.incrementalMinutes * 60_000) })
          .where(and(eq(diamondFeedServices.name, name), eq(diamondFeedServices.isEnabled, true), sql`coalesce(${diamondFeedServices.nextFullAt}, '-infinity') <= ${now}`))
          .returning({ name: diamondFeedServices.name });
        const [incremental] = full
          ? []
          : await db
              .update(diamondFeedServices)
              .set({ nextIncrementalAt: new Date(now.getTime() + settings.incrementalMinutes * 60_000) })
              .where(and(eq(diamondFeedServices.name, name), eq(diamondFeedServices.isEnabled, true), sql`coalesce(${diamondFeedServices.nextIncrementalAt}, '-infinity') <= ${now}`))
              .returning({ name: diamondFeedServices.name });
        if ((full || incremental) && !(await runningRunOf(name))) await submit(null, 'diamonds.sync', { kind: name, mode: full ? 'full' : 'incremental' });
      }
    },
  };
}

/**
 * One sync run (the job `diamonds.sync`): the feed's read staged with progress (cancel between
 * batches), then the merge, the log's end and the job's success in one transaction. The watermark
 * moves to the run's start, so stones changed while it ran are read again next time.
 */
export async function runSync(job: JobRunContext<FeedSyncJobParams>, feed: StoneFeed | null) {
  const { db, params, context, progress, succeed, runId } = job;
  const runLogId = await startRun(db, { serviceName: serviceNameOf(params.kind), kind: params.kind, mode: params.mode, jobRunId: runId, createdBy: context.actor?.id ?? null, download: 'running' });
  let isDownloaded = false;
  try {
    if (!feed) throw new Error(DIAMOND_MESSAGES.feedNotConfigured);
    const [service] = await db.select().from(diamondFeedServices).where(eq(diamondFeedServices.name, params.kind));
    const startedAt = new Date();
    let total: number | undefined;
    const since = params.mode === 'incremental' ? (service?.watermark ?? undefined) : undefined;
    // An incremental run with no watermark yet has nothing to be incremental to: it reads everything, without a sweep.
    const batches = readForSync(feed, { kind: params.kind, mode: since ? 'incremental' : 'full', ...(since && { since }), onProgress: (_read, feedTotal) => (total = feedTotal ?? undefined) });
    await progress(0);
    const counts = await ingestStones(db, feed.source, batches, { mode: params.mode, kind: params.kind }, {
      onBatch: (staged) => progress(staged, total === undefined ? undefined : Math.max(total, staged)),
      onDownloaded: async (staged) => {
        isDownloaded = true;
        await patchRun(db, runLogId, { download: 'done', insertInDatabase: 'running', totalCount: staged });
      },
      inTransaction: async (tx, result) => {
        await patchRun(tx, runLogId, { ...countsOf(result), insertInDatabase: 'done', endTime: new Date() });
        if (service) await tx.update(diamondFeedServices).set({ watermark: startedAt }).where(eq(diamondFeedServices.name, params.kind));
        await succeed(tx, { ...result });
      },
    });
    return counts;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await patchRun(db, runLogId, isDownloaded ? { insertInDatabase: 'failed', errorMessage: message, endTime: new Date() } : { download: 'failed', errorMessage: message, endTime: new Date() });
    throw error;
  }
}

/** The repricing job: one statement, its count in the log, in one transaction with the job's success. */
export async function runReprice(job: JobRunContext<{ reason: string }>) {
  const { db, context, succeed, runId } = job;
  const runLogId = await startRun(db, { serviceName: serviceNameOf('reprice'), kind: 'reprice', mode: job.params.reason, jobRunId: runId, createdBy: context.actor?.id ?? null, download: 'done' });
  try {
    // The screen that saved a rate shows the stones to reprice; one statement reprices them all, so the bar fills at the end.
    const [offered] = await db.select({ total: sql<number>`count(*)::int` }).from(diamonds);
    const totalCount = Number(offered?.total ?? 0);
    await job.progress(0, totalCount);
    await db.transaction(async (tx) => {
      const { repriced } = await repriceAll(tx, context);
      await patchRun(tx, runLogId, { insertInDatabase: 'done', repriced, totalCount, endTime: new Date() });
      await succeed(tx, { repriced });
    });
  } catch (error) {
    await patchRun(db, runLogId, { insertInDatabase: 'failed', errorMessage: error instanceof Error ? error.message : String(error), endTime: new Date() });
    throw error;
  }
}
