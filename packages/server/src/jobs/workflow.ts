import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
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
  name: string;
  steps: readonly WorkflowStep<S>[];
}

export type WorkflowOutcome<S> = { status: 'succeeded'; state: S } | { status: 'compensated'; state: S; error: string };

/**
 * Runs a multi-step write with compensation: steps in order, each one's state saved once it finished;
 * when a step throws, the steps that finished are compensated in reverse order and the run ends
 * `compensated`. `start` records a run and runs it; `resume` carries on every run a crash cut off
 * (call it at start-up, or from a job), from the step it stood at.
 */
export function createWorkflowRunner<S>(db: Db, workflow: Workflow<S>) {
  async function save(runId: number, values: Partial<typeof workflowRuns.$inferInsert>) {
    await db
      .update(workflowRuns)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(workflowRuns.id, runId));
  }

  async function drive(runId: number): Promise<WorkflowOutcome<S>> {
    const [row] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
    if (!row) throw new Error(`no workflow run ${runId}`);
    let { step, status, error } = row;
    let state = row.state as S;
    const context = { runId };
    while (status === 'running' && step < workflow.steps.length) {
      try {
        state = await workflow.steps[step]!.run(state, context);
        step += 1;
        await save(runId, { step, state });
      } catch (failure) {
        // The failed step left nothing to undo (it did not finish); the ones below it did.
        status = 'compensating';
        error = failure instanceof Error ? failure.message : String(failure);
        await save(runId, { status, error });
      }
    }
    while (status === 'compensating' && step > 0) {
      await workflow.steps[step - 1]!.compensate?.(state, context);
      step -= 1;
      await save(runId, { step });
    }
    if (status === 'running') {
      await save(runId, { status: 'succeeded' });
      return { status: 'succeeded', state };
    }
    await save(runId, { status: 'compensated' });
    return { status: 'compensated', state, error: error ?? '' };
  }

  return {
    async start(initial: S): Promise<{ runId: number; outcome: WorkflowOutcome<S> }> {
      const [row] = await db.insert(workflowRuns).values({ workflow: workflow.name, state: initial }).returning({ id: workflowRuns.id });
      return { runId: row!.id, outcome: await drive(row!.id) };
    },
    /** Carries on the runs of this workflow that were cut off mid-way (running or compensating). */
    async resume(): Promise<WorkflowOutcome<S>[]> {
      const cut = await db
        .select({ id: workflowRuns.id })
        .from(workflowRuns)
        .where(and(eq(workflowRuns.workflow, workflow.name), inArray(workflowRuns.status, ['running', 'compensating'])))
        .orderBy(workflowRuns.id);
      const outcomes: WorkflowOutcome<S>[] = [];
      for (const { id } of cut) outcomes.push(await drive(id));
      return outcomes;
    },
  };
}
