import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per job: what the Job Centre lists. pg-boss only carries the id to a worker; this row is
 * the job's truth (status, progress, result), so it reads the same on both drivers.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The user who started it; null when the system did. */
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] }).notNull().default('queued'),
    params: jsonb('params').notNull().default({}),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    error: text('error'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Refreshed by the process running the job; a running job whose heartbeat stops was killed. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('job_runs_created').on(t.createdAt), index('job_runs_status').on(t.status)],
);

/**
 * Rows a job prepares batch by batch (each batch committed, so the app and the progress poll stay
 * responsive on PGlite's single connection) before one transaction applies them all.
 */
export const jobStaging = pgTable(
  'job_staging',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id').notNull(),
    targetId: integer('target_id').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [index('job_staging_run').on(t.runId, t.targetId)],
);
