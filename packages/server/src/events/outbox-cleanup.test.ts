import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createJobEngine } from '../jobs/job-engine.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { jobRuns } from '../jobs/job-run.table.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { eventDeliveries, eventOutbox } from './event.table.ts';
import { cleanOutbox, OUTBOX_CLEANUP_KIND, OUTBOX_RETENTION_DAYS, outboxCleanupJob, queueOutboxCleanupIfDue } from './outbox-cleanup.ts';

const log = Fastify({ logger: false }).log;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe('the outbox cleanup: delivered events past their retention go, the rest stays', () => {
  let database: Database;
  let engine: JobEngine;
  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
    engine = createJobEngine(database.db, log);
    engine.register(outboxCleanupJob());
    await engine.onReady();
  });
  afterAll(async () => {
    await engine?.onClose();
    await database?.close();
  });

  /** An event emitted and dispatched `age` days ago, with deliveries in the given states. */
  async function event(age: number, deliveries: ('delivered' | 'dead' | 'pending')[], dispatched = true) {
    const at = daysAgo(age);
    const [row] = await database.db
      .insert(eventOutbox)
      .values({ name: 'settings.changed', payload: {}, createdAt: at, dispatchedAt: dispatched ? at : null })
      .returning({ id: eventOutbox.id });
    for (const [index, status] of deliveries.entries()) {
      await database.db.insert(eventDeliveries).values({ eventId: row!.id, subscriber: `test.${index}`, status, attempts: 1, updatedAt: at, deliveredAt: status === 'delivered' ? at : null });
    }
    return row!.id;
  }
  const deliveriesOf = async (eventId: number) => (await database.db.select({ status: eventDeliveries.status }).from(eventDeliveries).where(eq(eventDeliveries.eventId, eventId))).map((d) => d.status).sort();
  const exists = async (eventId: number) => (await database.db.$count(eventOutbox, eq(eventOutbox.id, eventId))) === 1;

  it('a daily job on the engine removes old delivered rows and keeps waiting, pending, dead and recent ones', async () => {
    expect(await queueOutboxCleanupIfDue(database.db, engine), 'nothing old: no run queued').toBeNull();
    const old = OUTBOX_RETENTION_DAYS + 1;
    const delivered = await event(old, ['delivered', 'delivered']);
    const noSubscriber = await event(old, []);
    const dead = await event(old, ['delivered', 'dead']);
    const pending = await event(old, ['pending']);
    const waiting = await event(old, [], false);
    const recent = await event(OUTBOX_RETENTION_DAYS - 1, ['delivered']);

    const runId = await queueOutboxCleanupIfDue(database.db, engine);
    expect(runId).not.toBeNull();
    await expect.poll(async () => (await database.db.select({ status: jobRuns.status }).from(jobRuns).where(eq(jobRuns.id, runId!)))[0]?.status, { timeout: 30_000 }).toBe('succeeded');
    const [run] = await database.db.select().from(jobRuns).where(eq(jobRuns.id, runId!));
    expect(run).toMatchObject({ kind: OUTBOX_CLEANUP_KIND, result: { deliveries: 3, events: 2, retentionDays: OUTBOX_RETENTION_DAYS } });

    expect(await exists(delivered)).toBe(false);
    expect(await deliveriesOf(delivered)).toEqual([]);
    expect(await exists(noSubscriber)).toBe(false);
    // A dead letter keeps its event (until it is retried and delivered, then ages out with it).
    expect(await exists(dead)).toBe(true);
    expect(await deliveriesOf(dead)).toEqual(['dead']);
    expect(await deliveriesOf(pending)).toEqual(['pending']);
    expect(await exists(pending)).toBe(true);
    expect(await exists(waiting)).toBe(true);
    expect(await deliveriesOf(recent)).toEqual(['delivered']);
    expect(await exists(recent)).toBe(true);

    // Run today: the next is tomorrow's, even with old rows again.
    await event(old, ['delivered']);
    expect(await queueOutboxCleanupIfDue(database.db, engine)).toBeNull();
  });

  it('removes in batches until nothing old is left', async () => {
    for (let i = 0; i < 5; i += 1) await event(OUTBOX_RETENTION_DAYS + 2, ['delivered']);
    const batches: number[] = [];
    const removed = await cleanOutbox(database.db, { batchSize: 2, progress: async (done) => void batches.push(done) });
    expect(removed).toEqual({ deliveries: 6, events: 6 });
    // Two at a time, until a batch comes short (here empty): the deliveries, then the events.
    expect(batches).toEqual([2, 4, 6, 6, 8, 10, 12, 12]);
    expect(await database.db.$count(eventDeliveries, sql`${eventDeliveries.status} = 'delivered' and ${eventDeliveries.deliveredAt} < now() - interval '7 days'`)).toBe(0);
  });
});
