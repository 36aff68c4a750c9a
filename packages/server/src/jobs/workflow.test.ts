import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Workflow } from './workflow.ts';
import { createWorkflowRunner } from './workflow.ts';
import { workflowRuns } from './workflow-run.table.ts';

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
function orderWorkflow(shop: ReturnType<typeof fakeShop>, payment: { fails?: boolean; crashesOnce?: boolean }): Workflow<OrderState> {
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
            // The process dies here: the step never returns, nothing after it runs or is recorded.
            return new Promise<OrderState>(() => undefined);
          }
          act(`pay ${state.order}`);
          if (payment.fails) throw new Error('card declined');
          return { ...state, payment: `payment:${state.order}` };
        },
      },
    ],
  };
}

describe('workflows: multi-step writes with compensation', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
  });
  afterAll(() => database?.close());

  it('runs every step in order and keeps the final state', async () => {
    const shop = fakeShop();
    const { runId, outcome } = await createWorkflowRunner(database.db, orderWorkflow(shop, {})).start({ order: 'A1' });
    expect(outcome).toEqual({ status: 'succeeded', state: { order: 'A1', stone: 'stone:A1', coupon: 'coupon:A1', payment: 'payment:A1' } });
    expect(shop.log).toEqual(['reserve A1', 'redeem A1', 'pay A1']);
    const [row] = await database.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
    expect(row).toMatchObject({ status: 'succeeded', step: 3, state: outcome.state });
  });

  it('a failure at step 3 compensates step 2, then step 1', async () => {
    const shop = fakeShop();
    const { runId, outcome } = await createWorkflowRunner(database.db, orderWorkflow(shop, { fails: true })).start({ order: 'B2' });
    expect(outcome).toMatchObject({ status: 'compensated', error: 'card declined' });
    expect(shop.log).toEqual(['reserve B2', 'redeem B2', 'pay B2', 'restore B2', 'release B2']);
    expect(shop.held.size).toBe(0);
    const [row] = await database.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
    expect(row).toMatchObject({ status: 'compensated', step: 0, error: 'card declined' });
  });

  it('a run cut off mid-way by a crash resumes at the step it stood at, not from the start', async () => {
    const shop = fakeShop();
    const payment = { crashesOnce: true };
    const runner = createWorkflowRunner(database.db, orderWorkflow(shop, payment));
    // The first process is left hanging in the payment, as a killed one would be: never settles.
    void runner.start({ order: 'C3' });
    await expect.poll(() => database.db.select({ step: workflowRuns.step, state: workflowRuns.state }).from(workflowRuns).where(eq(workflowRuns.status, 'running'))).toEqual([
      { step: 2, state: { order: 'C3', stone: 'stone:C3', coupon: 'coupon:C3' } },
    ]);

    // The restarted process: a new runner over the same database.
    const outcomes = await createWorkflowRunner(database.db, orderWorkflow(shop, payment)).resume();
    expect(outcomes).toEqual([{ status: 'succeeded', state: { order: 'C3', stone: 'stone:C3', coupon: 'coupon:C3', payment: 'payment:C3' } }]);
    // The stone was reserved and the coupon redeemed once: the resume started at the payment.
    expect(shop.log).toEqual(['reserve C3', 'redeem C3', 'pay C3']);
    expect(await createWorkflowRunner(database.db, orderWorkflow(shop, payment)).resume()).toEqual([]);
  });
});
