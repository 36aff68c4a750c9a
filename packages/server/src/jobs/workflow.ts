import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { JobEngine } from './job-engine.ts';
import { defineJobKind } from './job-kind.ts';
import { workflowRuns } from './workflow-run.table.ts';

/**
 * One step of a workflow. `run` answers the state the next steps see (what it reserved, the payment's
 * id); `compensate` undoes it after a later step failed. A crash can cut a step off after its effect
 * and before its state was saved: each runs again on resume, so both must be idempotent (key the
 * payment by the run's id, release a reservation that may not exist).
 */
export interface WorkflowStep<S> {
  name: string;
  run(state: S, context: { runId: number }): Promise<S>;
  compensate?(state: S, context: { runId: number }): Promise<void>;
}

export interface Workflow<S> {
  /** Unique and stable: runs are recorded under it and resumed by it. */
  name: string;
  steps: readonly WorkflowStep<S>[];
}

export type WorkflowOutcome<S> = { status: 'succeeded'; state: S } | { status: 'compensated'; state: S; error: string };

/** The job kind that runs (and resumes) one workflow run: its params are the run's id. */
export const WORKFLOW_JOB_KIND = 'workflows.run';
/** How often a PostgreSQL process looks for runs whose job died with another process. */
const RESUME_EVERY_MS = 15_000;

/** Thrown by a driver whose run another driver took over (its process was taken for dead): it stops, writing nothing more. */
class WorkflowTakenOver extends Error {
  constructor(runId: number) {
    super(`workflow run ${runId} is driven by another job now`);
  }
}

type RunStatus = (typeof workflowRuns.$inferSelect)['status'];

/**
 * Drives one run from where its row stands: steps in order, each one's state saved once it finished;
 * when a step throws, the steps that finished are compensated in reverse order and the run ends
 * `compensated`. Each save is conditional on the row being as this driver left it, so a driver that
 * was taken for dead and resumes later (a long pause) stops instead of writing over the run.
 */
async function drive<S>(db: Db, workflow: Workflow<S>, runId: number): Promise<WorkflowOutcome<S>> {
  const [row] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
  if (!row) throw new Error(`no workflow run ${runId}`);
  let { step, status, error } = row;
  let state = row.state as S;
  const context = { runId };
  const save = async (values: { step?: number; status?: RunStatus; state?: S; error?: string | null }) => {
    const saved = await db
      .update(workflowRuns)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.step, step), eq(workflowRuns.status, status)))
      .returning({ id: workflowRuns.id });
    if (saved.length === 0) throw new WorkflowTakenOver(runId);
    step = values.step ?? step;
    status = values.status ?? status;
  };
  while (status === 'running' && step < workflow.steps.length) {
    let next: S;
    try {
      next = await workflow.steps[step]!.run(state, context);
    } catch (failure) {
      // The failed step left nothing to undo (it did not finish); the ones below it did.
      error = failure instanceof Error ? failure.message : String(failure);
      await save({ status: 'compensating', error });
      continue;
    }
    await save({ step: step + 1, state: next });
    state = next;
  }
  while (status === 'compensating' && step > 0) {
    await workflow.steps[step - 1]!.compensate?.(state, context);
    await save({ step: step - 1 });
  }
  if (status === 'running') await save({ status: 'succeeded' });
  if (status === 'compensating') await save({ status: 'compensated' });
  return status === 'succeeded' ? { status: 'succeeded', state } : { status: 'compensated', state, error: error ?? '' };
}

export type Workflows = ReturnType<typeof createWorkflows>;

/**
 * Multi-step writes with compensation, run on the job engine: `start` records a run and queues a
 * `workflows.run` job for it in one transaction; the job drives the run. A run whose job died with its
 * process (swept by the engine: at start on PGlite, once its heartbeat stopped on PostgreSQL) is queued
 * again by `resume`, which the app calls at start and (PostgreSQL) every 15 s: it carries on from the
 * step it stood at, forwards, or backwards through the compensations once a step had failed.
 */
export function createWorkflows(db: Db, engine: Pick<JobEngine, 'driver' | 'ready' | 'register' | 'submit'>, log: FastifyBaseLogger) {
  const byName = new Map<string, Workflow<unknown>>();
  let timer: NodeJS.Timeout | null = null;

  engine.register(
    defineJobKind({
      kind: WORKFLOW_JOB_KIND,
      label: 'Workflow',
      permission: 'system',
      params: z.object({ runId: z.number().int().positive() }).strict(),
      async run({ params, succeed }) {
        const [row] = await db.select({ workflow: workflowRuns.workflow }).from(workflowRuns).where(eq(workflowRuns.id, params.runId));
        const workflow = row && byName.get(row.workflow);
        if (!workflow) throw new Error(`no workflow ${row?.workflow ?? `run ${params.runId}`} in this server`);
        const outcome = await drive(db, workflow, params.runId);
        await succeed(db, { runId: params.runId, status: outcome.status, ...(outcome.status === 'compensated' && { error: outcome.error }) });
      },
    }),
  );

  /** Queues a job for the run inside `tx`. */
  const queue = (tx: Db, runId: number) => engine.submit(WORKFLOW_JOB_KIND, { runId }, null, tx);

  /** The runs cut off mid-way whose job is neither queued nor running (it died with its process). */
  async function resume(): Promise<number[]> {
    if (byName.size === 0) return [];
    await engine.ready();
    return db.transaction(async (tx) => {
      // Two processes resuming at once queue one job per run.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${WORKFLOW_JOB_KIND}))`);
      const cut = (await tx.execute(sql`select w.id from workflow_runs w
        where w.status in ('running', 'compensating') and w.workflow in (${sql.join([...byName.keys()].map((name) => sql`${name}`), sql`, `)})
          and not exists (select 1 from job_runs j where j.kind = ${WORKFLOW_JOB_KIND} and j.status in ('queued', 'running') and (j.params->>'runId')::int = w.id)
        order by w.id`)) as unknown as { rows: { id: number }[] };
      for (const { id } of cut.rows) await queue(tx, id);
      if (cut.rows.length) log.warn({ runs: cut.rows.map((row) => row.id) }, 'workflow runs cut off by a restart resumed');
      return cut.rows.map((row) => row.id);
    });
  }

  return {
    /** Declares workflows this server runs (at start, before `onReady`). */
    register(...workflows: readonly Workflow<unknown>[]) {
      for (const workflow of workflows) {
        if (byName.has(workflow.name)) throw new Error(`workflow ${workflow.name} is declared twice`);
        byName.set(workflow.name, workflow);
      }
    },
    /**
     * Records a run and queues its job, in `within` when given (the write that starts it) or a
     * transaction of its own. Answers the run's id; its outcome is on its row (and its job's result).
     */
    async start<S>(workflow: Workflow<S>, initial: S, within?: Db): Promise<number> {
      if (byName.get(workflow.name) !== (workflow as unknown)) throw new Error(`workflow ${workflow.name} is not registered`);
      await engine.ready();
      const record = async (tx: Db) => {
        const [row] = await tx.insert(workflowRuns).values({ workflow: workflow.name, state: initial }).returning({ id: workflowRuns.id });
        await queue(tx, row!.id);
        return row!.id;
      };
      return within ? record(within) : db.transaction(record);
    },
    resume,
    /** After the job engine's start (its sweep): resume what a crash cut off, then keep looking (PostgreSQL). */
    async onReady() {
      await resume();
      if (engine.driver === 'postgres') {
        timer = setInterval(() => void resume().catch((error: unknown) => log.error({ err: error }, 'workflow resume failed')), RESUME_EVERY_MS);
        timer.unref();
      }
    },
    onClose() {
      if (timer) clearInterval(timer);
    },
  };
}
