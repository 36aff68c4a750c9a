import fs from 'node:fs';
import { downloadOf } from '@facet/contract/modules/jobs/job.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { MESSAGES } from '@facet/contract/messages';
import { hasPermission } from '@facet/contract/permissions';
import type { ListResponse } from '@facet/contract/api';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Actor } from '../http/context.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import type { JobEngine } from './job-engine.ts';
import { jobFilePath } from './job-files.ts';
import { jobRuns } from './job-run.table.ts';

type JobRow = typeof jobRuns.$inferSelect;

/** A run as the Job Centre shows it, labelled by its kind (a kind no module declares any more shows its name). */
function toRecord(row: JobRow, engine: JobEngine): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    label: engine.definitionOf(row.kind)?.label ?? row.kind,
    actorName: row.actorName,
    status: row.status,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    params: row.params as Record<string, unknown>,
    result: row.result as Record<string, unknown> | null,
    error: row.error,
    cancelRequested: row.cancelRequested,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The kinds whose area permission the actor holds (master holds all): the jobs they see and start. */
function kindsFor(engine: JobEngine, actor: Pick<Actor, 'permissions'>): string[] {
  return engine
    .kinds()
    .filter((kind) => hasPermission(actor.permissions, kind.permission))
    .map((kind) => kind.kind);
}

const forbidden = () => new AppError('FORBIDDEN', MESSAGES.forbidden);

export type JobService = ReturnType<typeof createJobService>;

/** The Job Centre's rules; `filesDir` holds the files jobs produce (exports). */
export function createJobService(db: Db, engine: JobEngine, filesDir: string) {
  const record = (row: JobRow) => toRecord(row, engine);
  async function find(actor: Actor, id: number): Promise<JobRow> {
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, id));
    if (!row) throw notFound();
    if (!kindsFor(engine, actor).includes(row.kind)) throw forbidden();
    return row;
  }

  /** Starts a job of any kind whose area the actor may see (exports and bulk actions start here from their list's routes). */
  async function submit(actor: Actor, kind: string, params: unknown): Promise<JobRecord> {
    if (!kindsFor(engine, actor).includes(kind)) throw forbidden();
    const id = await engine.submit(kind, params, actor);
    return record(await find(actor, id));
  }

  return {
    async list(actor: Actor, query: { page: number; pageSize: number }): Promise<ListResponse<JobRecord>> {
      const kinds = kindsFor(engine, actor);
      if (kinds.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const where = inArray(jobRuns.kind, kinds);
      const [rows, total] = await Promise.all([
        db.select().from(jobRuns).where(where).orderBy(desc(jobRuns.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        db.$count(jobRuns, where),
      ]);
      return { items: rows.map(record), total, page: query.page, pageSize: query.pageSize };
    },
    async get(actor: Actor, id: number): Promise<JobRecord> {
      return record(await find(actor, id));
    },
    submit,
    /**
     * The file a finished job produced, for whoever may see the job (its area's permission, as for the
     * job itself): its path and the name to download it as. Gone after the retention period.
     */
    async download(actor: Actor, id: number): Promise<{ path: string; fileName: string }> {
      const row = await find(actor, id);
      const download = downloadOf(record(row));
      if (!download) throw notFound();
      const path = jobFilePath(filesDir, id);
      if (Date.parse(download.expiresAt) < Date.now() || !fs.existsSync(path)) throw new AppError('NOT_FOUND', MESSAGES.jobFileExpired);
      return { path, fileName: download.fileName };
    },
    /** Cooperative: a queued job is cancelled now, a running one stops before its next batch. */
    async cancel(actor: Actor, id: number): Promise<JobRecord> {
      const row = await find(actor, id);
      if (row.status !== 'queued' && row.status !== 'running') throw conflict(MESSAGES.jobFinished);
      await engine.cancel(id);
      return record(await find(actor, id));
    },
    /**
     * Starts the same work again as a new job (the failed one stays in the list as it ended), through
     * the kind's own start when it has one: a retry is refused wherever a start would be.
     */
    async retry(actor: Actor, id: number): Promise<JobRecord> {
      const row = await find(actor, id);
      if (row.status !== 'failed' && row.status !== 'cancelled') throw conflict(MESSAGES.jobNotRetryable);
      const definition = engine.definitionOf(row.kind);
      const submit = (params: unknown, within?: Db) => engine.submit(row.kind, params, actor, within);
      // Started before a kind's start opens the transaction it queues in (PGlite's one connection could not wait for it there).
      await engine.ready();
      const newId = definition?.start ? await definition.start(row.params, { actor, db, submit }) : await submit(row.params);
      return record(await find(actor, newId));
    },
  };
}
