import { and, eq, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromDrizzle } from 'pg-boss';
import { clearStaged } from '../db/bulk-write.ts';
import type { Db } from '../db/client.ts';
import { jobsDatabaseOf } from '../db/client.ts';
import { systemContext } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { JobCancelled } from './job-kind.ts';
import type { JobKind } from './job-kind.ts';
import { jobRuns } from './job-run.table.ts';
import { releaseMemory } from '../release-memory.ts';

const QUEUE = 'facet-jobs';
/** The side lane (`JobKind.sideLane`): its own queue and workers, so its runs neither wait for nor hold up the main lane's. */
const SIDE_QUEUE = 'facet-jobs-side';
/**
 * Runs of the side lane at once on PostgreSQL; PGlite's one connection would only interleave them.
 * Three: the diamond feed's three import services (natural, lab grown, gemstones) sync side by side.
 * With two, the nightly gemstone sync waited for a whole diamond sync to end (50 s late at a million);
 * its read is small (a twentieth of the stones), and the three share the cores and the database as
 * two did, each merge under its own kind's lock.
 */
const SIDE_LANE_RUNS = 3;
/** What a run that stopped without finishing says (the process died, or was killed, mid-way). */
export const INTERRUPTED_MESSAGE = 'Interrupted (the server stopped while it ran); nothing was changed. Retry it.';

export interface JobEngineOptions {
  /** A running job whose heartbeat is older than this was killed (PostgreSQL, where processes share jobs). */
  staleAfterMs?: number;
  heartbeatMs?: number;
  sweepEveryMs?: number;
  /**
   * A pause after each batch (JOB_BATCH_PAUSE_MS): on PGlite's one connection it lets waiting requests
   * through; the kill -9 test uses it to land mid-way.
   */
  batchPauseMs?: number;
}

export type JobEngine = ReturnType<typeof createJobEngine>;

/**
 * One job engine on both drivers: pg-boss over the app's own connection (`jobsDatabaseOf`) carries
 * run ids to a worker; `job_runs` holds what staff see. pg-boss starts on the first job (or at start
 * when jobs wait), so an app that never runs one creates no pg-boss schema.
 */
export function createJobEngine(db: Db, log: FastifyBaseLogger, opts: JobEngineOptions = {}) {
  const { kind: driver, adapter } = jobsDatabaseOf(db);
  const staleAfterMs = opts.staleAfterMs ?? 15_000;
  const heartbeatMs = opts.heartbeatMs ?? 2_000;
  const batchPauseMs = opts.batchPauseMs ?? Number(process.env.JOB_BATCH_PAUSE_MS ?? 0);
  const byKind = new Map<string, JobKind>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  function ensureStarted(): Promise<PgBoss> {
    starting ??= (async () => {
      const instance = new PgBoss({ db: adapter, schema: 'pgboss', ...(driver === 'pglite' ? { backend: 'pglite' as const } : {}), schedule: false });
      instance.on('error', (error) => log.error({ err: error }, 'job engine error'));
      await instance.start();
      for (const [queue, runs] of [
        [QUEUE, 1],
        [SIDE_QUEUE, driver === 'postgres' ? SIDE_LANE_RUNS : 1],
      ] as const) {
        await instance.createQueue(queue, { retryLimit: 0, expireInSeconds: 60 * 60 });
        await instance.work<{ runId: number }>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5, localConcurrency: runs }, async ([job]) => {
          if (job) await runJob(job.data.runId);
        });
      }
      boss = instance;
      return instance;
    })();
    return starting;
  }

  /** Runs one job: claims the queued row, calls the kind's handler, records the outcome. */
  async function runJob(runId: number) {
    // Claim: only a queued run starts (a cancelled or swept one, or a duplicate delivery, does nothing).
    const [run] = await db
      .update(jobRuns)
      .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
      .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'queued')))
      .returning();
    if (!run) return;
    const definition = byKind.get(run.kind);
    let finished = false;
    let heartbeat: NodeJS.Timeout | null = null;
    try {
      if (!definition) throw new Error(`Unknown job kind ${run.kind}`);
      const context = systemContext(run.actorId === null ? null : { id: run.actorId, name: run.actorName }, runId);
      // The heartbeat that tells other processes this run is alive (PostgreSQL; PGlite has one process).
      if (driver === 'postgres') heartbeat = setInterval(() => void db.update(jobRuns).set({ heartbeatAt: new Date() }).where(eq(jobRuns.id, runId)).catch(() => {}), heartbeatMs);
      // The kind reads the stored params with its own schema (defineJobKind).
      await definition.run({
        runId,
        params: run.params,
        context,
        db,
        async progress(done, total) {
          const [row] = await db
            .update(jobRuns)
            .set({ progressDone: done, ...(total === undefined ? {} : { progressTotal: total }), heartbeatAt: new Date() })
            .where(eq(jobRuns.id, runId))
            .returning({ cancelRequested: jobRuns.cancelRequested, status: jobRuns.status });
          // A sweep that judged us dead (a long pause) also stops us: the run is no longer ours.
          if (!row || row.cancelRequested || row.status !== 'running') throw new JobCancelled();
          if (batchPauseMs > 0) await new Promise((resolve) => setTimeout(resolve, batchPauseMs));
        },
        async succeed(tx, result) {
          await tx
            .update(jobRuns)
            .set({ status: 'succeeded', result, finishedAt: new Date(), progressDone: sql`coalesce(${jobRuns.progressTotal}, ${jobRuns.progressDone})` })
            .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'running')));
          finished = true;
        },
      });
      if (!finished) {
        await db.update(jobRuns).set({ status: 'succeeded', finishedAt: new Date() }).where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'running')));
      }
    } catch (error) {
      const cancelled = error instanceof JobCancelled;
      // A refusal (a bulk delete of rows in use) is the job's answer to staff, not a fault of the server.
      if (error instanceof AppError) log.warn({ runId, reason: error.message }, 'job refused');
      else if (!cancelled) log.error({ err: error, runId }, 'job failed');
      await clearStaged(db, runId).catch(() => {});
      await db
        .update(jobRuns)
        .set({ status: cancelled ? 'cancelled' : 'failed', error: cancelled ? null : error instanceof Error ? error.message : String(error), finishedAt: new Date() })
        .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'running')));
    } finally {
      if (heartbeat) clearInterval(heartbeat);
      // A job's batches, staged rows and documents are garbage now: give their memory back at once.
      void releaseMemory();
    }
  }

  /**
   * Marks runs that died with their process as failed and drops what they staged (their data change
   * is one transaction that never committed). On PGlite one process owns the data folder, so at start
   * every running row is dead; on PostgreSQL a row is dead when its heartbeat stopped.
   */
  async function sweep(atStart: boolean) {
    const dead = await db
      .update(jobRuns)
      .set({ status: 'failed', error: INTERRUPTED_MESSAGE, finishedAt: new Date() })
      .where(
        and(
          eq(jobRuns.status, 'running'),
          atStart && driver === 'pglite' ? undefined : or(isNull(jobRuns.heartbeatAt), lt(jobRuns.heartbeatAt, new Date(Date.now() - staleAfterMs))),
        ),
      )
      .returning({ id: jobRuns.id });
    for (const { id } of dead) await clearStaged(db, id);
    if (dead.length) log.warn({ runs: dead.map((d) => d.id) }, 'jobs interrupted by a restart marked failed');
  }

  return {
    driver,
    heartbeatMs,
    /** At app start: sweep the dead, start pg-boss if jobs wait, and keep sweeping (PostgreSQL). */
    async onReady() {
      await sweep(true);
      const [waiting] = await db.select({ id: jobRuns.id }).from(jobRuns).where(eq(jobRuns.status, 'queued')).limit(1);
      if (waiting) await ensureStarted();
      if (driver === 'postgres') {
        sweepTimer = setInterval(() => void sweep(false).catch((error: unknown) => log.error({ err: error }, 'job sweep failed')), opts.sweepEveryMs ?? 5_000);
        sweepTimer.unref();
      }
    },
    async onClose() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      if (starting) {
        const instance = await starting.catch(() => null);
        await instance?.stop({ graceful: true, timeout: 5_000, close: false });
      }
    },
    /** Starts pg-boss now if it is not yet: before a transaction that will queue in it (`submit`'s `within`), which on PGlite's one connection could not wait for it. */
    async ready(): Promise<void> {
      await ensureStarted();
    },
    /**
     * Queues a run; the row and pg-boss's job commit together, in the caller's transaction when it
     * gives one (a kind's start that checks and queues under one lock; call `ready` before opening it).
     */
    async submit(kind: string, params: unknown, actor: { id: number; name: string } | null, within?: Db): Promise<number> {
      if (stopped) throw new Error('job engine stopped');
      if (!byKind.has(kind)) throw new Error(`Unknown job kind ${kind}: declare it in its module's manifest (jobKinds)`);
      const instance = await ensureStarted();
      const queue = async (tx: Db) => {
        const [row] = await tx
          .insert(jobRuns)
          .values({ kind, params, actorId: actor?.id ?? null, actorName: actor?.name ?? 'system' })
          .returning({ id: jobRuns.id });
        await instance.send(byKind.get(kind)?.sideLane ? SIDE_QUEUE : QUEUE, { runId: row!.id }, { db: fromDrizzle(tx as never, sql as never) });
        return row!.id;
      };
      return within ? queue(within) : db.transaction(queue);
    },
    /** Cancels a queued run at once; asks a running one to stop at its next batch. */
    async cancel(runId: number) {
      await db.update(jobRuns).set({ status: 'cancelled', finishedAt: new Date() }).where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'queued')));
      await db.update(jobRuns).set({ cancelRequested: true }).where(and(eq(jobRuns.id, runId), inArray(jobRuns.status, ['running'])));
    },
    /** The definition of a kind. */
    definitionOf(kind: string): JobKind | undefined {
      return byKind.get(kind);
    },
    /** Every kind the engine runs. */
    kinds(): JobKind[] {
      return [...byKind.values()];
    },
    /**
     * Adds kinds: the modules' (their manifests' `jobKinds`) at start, the export of each list as its
     * routes register. A kind named twice stops the start.
     */
    register(...kinds: readonly JobKind[]) {
      for (const kind of kinds) {
        if (byKind.has(kind.kind)) throw new Error(`job kind ${kind.kind} is declared twice`);
        byKind.set(kind.kind, kind);
      }
    },
    sweep,
    /** pg-boss, started on first use: the event relay's deliveries ride on the same instance. */
    boss: ensureStarted,
    get started() {
      return boss !== null;
    },
  };
}
