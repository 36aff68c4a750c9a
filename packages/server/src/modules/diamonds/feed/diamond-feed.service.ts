import type { ListResponse } from '@facet/contract/api';
import { DIAMOND_MESSAGES, FEED_KINDS, IMPORT_SERVICES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { FeedKind, FeedRunListQuery, FeedRunRecord, FeedSyncJobParams, ImportService, ImportServiceRecord, RunStepState, SyncMode } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { filterConditions, searchCondition } from '../../../db/list-query.ts';
import { AppError } from '../../../http/errors.ts';
import type { StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import type { JobRunContext } from '../../../jobs/job-kind.ts';
import { jobRuns } from '../../../jobs/job-run.table.ts';
import { feedRunListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import { readForSync } from './feed-read-thread.ts';
import { ingestStones } from './diamond-ingest.ts';
import type { IngestCounts } from './diamond-ingest.ts';
import { repriceAll } from '../diamond.service.ts';
import { feedScheduleColumns, feedScheduleOf, readFeedSettings } from './diamond-settings.ts';
import { stoneCountColumns } from './stone-counts.ts';
import { diamondFeedRuns, diamondFeedServices, diamonds } from '../diamond.table.ts';

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
  /** Queues a job, in `within` when given (its row commits with the caller's transaction). */
  submit: (actor: { id: number; name: string } | null, kind: 'diamonds.sync' | 'diamonds.reprice', params: Record<string, unknown>, within?: Db) => Promise<number>;
  /** Makes the job queue ready, before a transaction that will queue in it. */
  jobsReady?: () => Promise<void>;
  cancel: (jobRunId: number) => Promise<void>;
}

/**
 * The services' overview in one statement. Prepared and named: it is polled every few seconds, during
 * syncs too, and planning it cost PostgreSQL about 1.7 ms a poll against 0.15 ms to run it; on two cores
 * busy with a sync's merges, each millisecond of CPU asked for waits its turn, so the poll's time grew
 * with what it asked for.
 */
function prepareServicesOverview(db: Db) {
  // Runs of one service do not overlap, so the latest started success is the latest ended one, and the kind's index walks to it.
  const lastRunId = sql`(select r.id from diamond_feed_runs r where r.kind = ${diamondFeedServices.name} order by r.start_time desc, r.id desc limit 1)`;
  const lastSuccessAt = sql<string | Date | null>`(select r.end_time from diamond_feed_runs r
    where r.kind = ${diamondFeedServices.name} and r.end_time is not null and r.insert_in_database = 'done' and r.error_message is null
    order by r.start_time desc limit 1)`;
  return db
    .select({ service: diamondFeedServices, run: RUN_COLUMNS, lastSuccessAt, counts: stoneCountColumns(sql`${diamondFeedServices.name}`), schedule: feedScheduleColumns })
    .from(diamondFeedServices)
    .leftJoin(diamondFeedRuns, eq(diamondFeedRuns.id, lastRunId))
    .leftJoin(jobRuns, eq(jobRuns.id, diamondFeedRuns.jobRunId))
    .where(inArray(diamondFeedServices.name, [...IMPORT_SERVICES]))
    .prepare('diamond_feed_services_overview');
}

export function createFeedService({ db, feed, submit, cancel, jobsReady }: FeedServiceDeps) {
  const servicesOverview = prepareServicesOverview(db);
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

  async function runningRunOf(kind: FeedKind, tx: Db = db) {
    const [row] = await runsQuery(tx)
      .where(and(eq(diamondFeedRuns.kind, kind), isRunningSql))
      .orderBy(desc(diamondFeedRuns.startTime))
      .limit(1);
    return row;
  }

  /**
   * Queues a sync of `name` unless one is queued or running, and returns its job (null when one is).
   * The check and the queueing happen under a lock per service, in one transaction with the job's
   * row: two Starts (or a Start, a Retry and the scheduler) at the same moment queue one sync, the
   * second sees the first's job. A job queued and not yet running has no run in the log yet, so the
   * job table is asked too. `before` runs under the lock once the service is known idle.
   */
  async function queueSync(name: ImportService, mode: SyncMode, actor: { id: number; name: string } | null, before?: (tx: Db) => Promise<void>) {
    await jobsReady?.();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`diamond-service:${name}`}))`);
      const [queued] = await tx
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(and(eq(jobRuns.kind, 'diamonds.sync'), inArray(jobRuns.status, ['queued', 'running']), sql`${jobRuns.params}->>'kind' = ${name}`))
        .limit(1);
      if (queued || (await runningRunOf(name, tx))) return null;
      await before?.(tx);
      return submit(actor, 'diamonds.sync', { kind: name, mode } satisfies FeedSyncJobParams, tx);
    });
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
     * the schedule). One statement, so one snapshot and one round trip (the screen polls, during syncs
     * too): a run shown finished comes with the counts its merge left (read in separate statements, a
     * merge committing between them showed its run done with the counts from before). The counts are
     * the ones the writes keep (stone-counts.ts), not counted here.
     */
    async services(): Promise<{ services: ImportServiceRecord[]; incrementalMinutes: number; fullSyncHours: number }> {
      await ensureServices();
      const rows = await servicesOverview.execute();
      const schedule = feedScheduleOf(rows[0]?.schedule ?? { incrementalMinutes: null, fullSyncHours: null });
      const staleAfterMs = 2 * schedule.incrementalMinutes * 60_000;
      const services = IMPORT_SERVICES.map((name): ImportServiceRecord => {
        const row = rows.find((found) => found.service.name === name);
        // A left-joined run with no row reads as all nulls.
        const lastRun = row?.run.id ? (row.run as RunRow) : null;
        const succeededAt = row?.lastSuccessAt ? new Date(row.lastSuccessAt) : null;
        const isEnabled = row?.service.isEnabled ?? false;
        return {
          name,
          label: FEED_KINDS[name],
          isEnabled,
          isRunning: lastRun ? Boolean(lastRun.isRunning) : false,
          stoneCount: Number(row?.counts.offered ?? 0),
          forSaleCount: Number(row?.counts.forSale ?? 0),
          unpricedCount: Number(row?.counts.unpriced ?? 0),
          lastRun: lastRun ? toRunRecord(lastRun) : null,
          lastSuccessAt: succeededAt?.toISOString() ?? null,
          isStale: isEnabled && (succeededAt === null || Date.now() - succeededAt.getTime() > staleAfterMs),
          watermark: row?.service.watermark?.toISOString() ?? null,
        };
      });
      return { services, ...schedule };
    },

    /** Start: the service is switched on (its schedule runs) and a run starts now; refused while one is queued or running. */
    async start(name: ImportService, mode: SyncMode, actor: { id: number; name: string }) {
      if (!(await feed())) throw new AppError('CONFLICT', DIAMOND_MESSAGES.feedNotConfigured);
      await ensureServices();
      const settings = await readFeedSettings(db);
      // The run started now is the schedule's run of its kind: the next ones count from now, so the
      // scheduler does not start another (a full sync, never yet scheduled) a minute later.
      const jobId = await queueSync(name, mode, actor, async (tx) => {
        const now = new Date();
        const nextFullAt = new Date(now.getTime() + settings.fullSyncHours * 3_600_000);
        await tx
          .update(diamondFeedServices)
          .set({
            isEnabled: true,
            updatedAt: now,
            updatedBy: actor.id,
            nextIncrementalAt: new Date(now.getTime() + settings.incrementalMinutes * 60_000),
            nextFullAt: mode === 'full' ? nextFullAt : sql`coalesce(${diamondFeedServices.nextFullAt}, ${nextFullAt})`,
          })
          .where(eq(diamondFeedServices.name, name));
      });
      if (jobId === null) throw new AppError('CONFLICT', DIAMOND_MESSAGES.serviceAlreadyRunning);
      return jobId;
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
        if (full || incremental) await queueSync(name, full ? 'full' : 'incremental', null);
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
