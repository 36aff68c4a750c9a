import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createJobEngine } from './job-engine.ts';
import type { JobEngine } from './job-engine.ts';
import { jobRuns } from './job-run.table.ts';
import type { Workflow } from './workflow.ts';
import { createWorkflows, WORKFLOW_JOB_KIND } from './workflow.ts';
import { workflowRuns } from './workflow-run.table.ts';

const log = Fastify({ logger: false }).log;

interface OrderState {
  order: string;
  stone?: string;
  coupon?: string;
  payment?: string;
}

/** The world the fake order workflow acts on: what is held, and every action in the order it came. */
function fakeShop() {
  const held = new Set<string>();
  const log: string[] = [];
  return { held, log };
}

/** Reserve the stone, redeem the coupon, take the payment: each undoable, the payment failing or crashing on demand. */
function orderWorkflow(shop: ReturnType<typeof fakeShop>, payment: { fails?: boolean; crashesOnce?: boolean; hung?: (state: OrderState) => void }): Workflow<OrderState> {
  const act = (what: string) => {
    shop.log.push(what);
  };
  return {
    name: 'test.place-order',
    steps: [
      {
        name: 'reserve the stone',
        run: async (state) => (act(`reserve ${state.order}`), shop.held.add(`stone:${state.order}`), { ...state, stone: `stone:${state.order}` }),
        compensate: async (state) => (act(`release ${state.order}`), void shop.held.delete(state.stone!)),
      },
      {
        name: 'redeem the coupon',
        run: async (state) => (act(`redeem ${state.order}`), shop.held.add(`coupon:${state.order}`), { ...state, coupon: `coupon:${state.order}` }),
        compensate: async (state) => (act(`restore ${state.order}`), void shop.held.delete(state.coupon!)),
      },
      {
        name: 'take the payment',
        async run(state) {
          if (payment.crashesOnce) {
            payment.crashesOnce = false;
            // The process dies here: the step does not return, nothing after it runs or is recorded
            // (the test may let it return much later, as a process taken for dead might).
            return new Promise<OrderState>((resolve) => {
              payment.hung = (late) => resolve(late);
            });
          }
          act(`pay ${state.order}`);
          if (payment.fails) throw new Error('card declined');
          return { ...state, payment: `payment:${state.order}` };
        },
      },
    ],
  };
}

describe('workflows on the job engine: multi-step writes with compensation', () => {
  let database: Database;
  const engines: JobEngine[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
  });
  // Each test's processes end with it: another test's engine would run its runs with its own fake shop.
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.onClose();
  });
  afterAll(() => database?.close());

  /** A process: a job engine and its workflows over the shared database, started as the app starts them. */
  async function startProcess(workflow: Workflow<OrderState>) {
    // A dead process's run is taken for dead at once (PostgreSQL: its heartbeat is as old as can be).
    const engine = createJobEngine(database.db, log, { staleAfterMs: 1, sweepEveryMs: 3_600_000 });
    const workflows = createWorkflows(database.db, engine, log);
    workflows.register(workflow);
    engines.push(engine);
    await engine.onReady();
    await workflows.onReady();
    return { engine, workflows };
  }
  const runOf = async (runId: number) => (await database.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId)))[0];
  const jobsOf = (runId: number) =>
    database.db
      .select({ status: jobRuns.status, result: jobRuns.result })
      .from(jobRuns)
      .where(sql`${jobRuns.kind} = ${WORKFLOW_JOB_KIND} and (${jobRuns.params}->>'runId')::int = ${runId}`)
      .orderBy(jobRuns.id);
  const ended = (runId: number) => expect.poll(async () => (await runOf(runId))?.status, { timeout: 30_000 }).toMatch(/^(succeeded|compensated)$/);

  it('runs every step in order as a job, and keeps the final state', async () => {
    const shop = fakeShop();
    const workflow = orderWorkflow(shop, {});
    const { workflows } = await startProcess(workflow);
    const runId = await workflows.start(workflow, { order: 'A1' });
    await ended(runId);
    expect(await runOf(runId)).toMatchObject({ status: 'succeeded', step: 3, state: { order: 'A1', stone: 'stone:A1', coupon: 'coupon:A1', payment: 'payment:A1' } });
    expect(shop.log).toEqual(['reserve A1', 'redeem A1', 'pay A1']);
    await expect.poll(() => jobsOf(runId)).toEqual([{ status: 'succeeded', result: { runId, status: 'succeeded' } }]);
  });

  it('a failure at step 3 compensates step 2, then step 1', async () => {
    const shop = fakeShop();
    const workflow = orderWorkflow(shop, { fails: true });
    const { workflows } = await startProcess(workflow);
    const runId = await workflows.start(workflow, { order: 'B2' });
    await ended(runId);
    expect(shop.log).toEqual(['reserve B2', 'redeem B2', 'pay B2', 'restore B2', 'release B2']);
    expect(shop.held.size).toBe(0);
    expect(await runOf(runId)).toMatchObject({ status: 'compensated', step: 0, error: 'card declined' });
    await expect.poll(() => jobsOf(runId)).toEqual([{ status: 'succeeded', result: { runId, status: 'compensated', error: 'card declined' } }]);
  });

  it('a run whose job died with its process is resumed by the next process, at the step it stood at, and completes once', async () => {
    const shop = fakeShop();
    const payment: Parameters<typeof orderWorkflow>[1] = { crashesOnce: true };
    const workflow = orderWorkflow(shop, payment);
    const first = await startProcess(workflow);
    const runId = await first.workflows.start(workflow, { order: 'C3' });
    // The first process hangs in the payment, as a killed one would: its job never settles.
    await expect.poll(async () => (await runOf(runId))?.step, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => payment.hung).toBeDefined();
    expect(await jobsOf(runId)).toMatchObject([{ status: 'running' }]);

    // The restarted process: its engine sweeps the dead job, its workflows queue the run again.
    const second = await startProcess(workflow);
    await ended(runId);
    expect(await runOf(runId)).toMatchObject({ status: 'succeeded', step: 3, state: { order: 'C3', stone: 'stone:C3', coupon: 'coupon:C3', payment: 'payment:C3' } });
    // The stone was reserved and the coupon redeemed once: the resume started at the payment, which ran once.
    expect(shop.log).toEqual(['reserve C3', 'redeem C3', 'pay C3']);
    await expect.poll(() => jobsOf(runId)).toMatchObject([{ status: 'failed' }, { status: 'succeeded', result: { runId, status: 'succeeded' } }]);
    expect(await second.workflows.resume()).toEqual([]);

    // The first process's driver comes back to life (it was only paused): it finds the run no longer its own and writes nothing.
    payment.hung!({ order: 'C3', stone: 'stone:C3', coupon: 'coupon:C3', payment: 'late' });
    await first.engine.onClose();
    expect(await runOf(runId)).toMatchObject({ status: 'succeeded', step: 3, state: { payment: 'payment:C3' } });
  }, 60_000);
});
