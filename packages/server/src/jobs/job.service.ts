import { JOB_KINDS } from '@facet/contract/modules/jobs/job.schema';
import type { JobKind, JobRecord, StartJobInput } from '@facet/contract/modules/jobs/job.schema';
import { MESSAGES } from '@facet/contract/messages';
import { hasPermission } from '@facet/contract/permissions';
import type { ListResponse } from '@facet/contract/api';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Actor } from '../http/context.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import type { JobEngine } from './job-engine.ts';
import { jobRuns } from './job-run.table.ts';

type JobRow = typeof jobRuns.$inferSelect;

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    label: JOB_KINDS[row.kind as JobKind]?.label ?? row.kind,
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
function kindsFor(actor: Pick<Actor, 'permissions'>): string[] {
  return (Object.keys(JOB_KINDS) as JobKind[]).filter((kind) => hasPermission(actor.permissions, JOB_KINDS[kind].permission));
}

const forbidden = () => new AppError('FORBIDDEN', MESSAGES.forbidden);

export function createJobService(db: Db, engine: JobEngine) {
  async function find(actor: Actor, id: number): Promise<JobRow> {
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, id));
    if (!row) throw notFound();
    if (!kindsFor(actor).includes(row.kind)) throw forbidden();
    return row;
  }

  return {
    async list(actor: Actor, query: { page: number; pageSize: number }): Promise<ListResponse<JobRecord>> {
      const kinds = kindsFor(actor);
      if (kinds.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const where = inArray(jobRuns.kind, kinds);
      const [rows, total] = await Promise.all([
        db.select().from(jobRuns).where(where).orderBy(desc(jobRuns.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        db.$count(jobRuns, where),
      ]);
      return { items: rows.map(toRecord), total, page: query.page, pageSize: query.pageSize };
    },
    async get(actor: Actor, id: number): Promise<JobRecord> {
      return toRecord(await find(actor, id));
    },
    async start(actor: Actor, input: StartJobInput): Promise<JobRecord> {
      if (!hasPermission(actor.permissions, JOB_KINDS[input.kind].permission)) throw forbidden();
      const id = await engine.submit(input.kind, input.params, actor);
      return toRecord(await find(actor, id));
    },
    /** Cooperative: a queued job is cancelled now, a running one stops before its next batch. */
    async cancel(actor: Actor, id: number): Promise<JobRecord> {
      const row = await find(actor, id);
      if (row.status !== 'queued' && row.status !== 'running') throw conflict(MESSAGES.jobFinished);
      await engine.cancel(id);
      return toRecord(await find(actor, id));
    },
    /** Starts the same work again as a new job (the failed one stays in the list as it ended). */
    async retry(actor: Actor, id: number): Promise<JobRecord> {
      const row = await find(actor, id);
      if (row.status !== 'failed' && row.status !== 'cancelled') throw conflict(MESSAGES.jobNotRetryable);
      const newId = await engine.submit(row.kind as JobKind, row.params as Record<string, unknown>, actor);
      return toRecord(await find(actor, newId));
    },
  };
}
