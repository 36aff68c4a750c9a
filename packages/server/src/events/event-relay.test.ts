import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { createJobEngine } from '../jobs/job-engine.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { emit } from './emit.ts';
import { createEventRelay, EVENT_DELIVERY_QUEUE } from './event-relay.ts';
import type { EventRelay, EventRelayOptions } from './event-relay.ts';
import type { EventSubscriber } from './event-subscriber.ts';
import { eventDeliveries, eventOutbox } from './event.table.ts';

const log = Fastify({ logger: false }).log;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The relay on a database of its own (no app: the subscribers are the test's), on PGlite or, with
 * TEST_DATABASE_URL, PostgreSQL. Each subscriber records what it saw in memory.
 */
describe(`events through the outbox (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  const engines: JobEngine[] = [];
  const relays: EventRelay[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
  });
  afterAll(async () => {
    for (const relay of relays) await relay.stop();
    for (const engine of engines) await engine.onClose();
    await database?.close();
  });

  function startRelay(subscribers: EventSubscriber[], opts: EventRelayOptions = {}) {
    const engine = createJobEngine(database.db, log);
    const relay = createEventRelay(database.db, subscribers, engine, log, { pollMs: 20, ...opts });
    engines.push(engine);
    relays.push(relay);
    relay.start();
    return relay;
  }
  const deliveriesOf = (subscriber: string) =>
    database.db.select({ eventId: eventDeliveries.eventId, status: eventDeliveries.status, attempts: eventDeliveries.attempts, error: eventDeliveries.error }).from(eventDeliveries).where(eq(eventDeliveries.subscriber, subscriber));
  const stopAll = async () => {
    for (const relay of relays.splice(0)) await relay.stop();
  };

  it('delivers a committed event to each of its subscribers, and nothing of a write that rolled back', async () => {
    const seen: { a: number[]; b: number[]; other: number[] } = { a: [], b: [], other: [] };
    startRelay([
      { name: 'test.a', event: 'shipping-rates.changed', handle: async (_payload, { eventId }) => void seen.a.push(eventId) },
      { name: 'test.b', event: 'shipping-rates.changed', handle: async (_payload, { eventId }) => void seen.b.push(eventId) },
      { name: 'test.other', event: 'products.changed', handle: async (_payload, { eventId }) => void seen.other.push(eventId) },
    ]);
    // Emitted twice in one transaction (a bulk action's rows): one event.
    await database.db.transaction(async (tx) => {
      await emit(tx, 'shipping-rates.changed', {});
      await emit(tx, 'shipping-rates.changed', {});
    });
    await expect(database.db.transaction(async (tx) => {
      await emit(tx, 'products.changed', { ids: [7] });
      throw new Error('the write failed');
    })).rejects.toThrow('the write failed');
    // A payload its event does not declare fails the write that emits it.
    await expect(database.db.transaction((tx) => emit(tx, 'products.changed', { ids: [] }))).rejects.toThrow();

    await expect.poll(() => [seen.a.length, seen.b.length], { timeout: 20_000 }).toEqual([1, 1]);
    const [event] = await database.db.select().from(eventOutbox);
    expect(seen.a).toEqual([event!.id]);
    expect(await database.db.$count(eventOutbox)).toBe(1);
    await expect.poll(() => deliveriesOf('test.a')).toEqual([{ eventId: event!.id, status: 'delivered', attempts: 1, error: null }]);
    expect(seen.other).toEqual([]);
    await stopAll();
  });

  it('runs a delivery that pg-boss hands out twice only once (the claim on its row)', async () => {
    const runs: number[] = [];
    const relay = startRelay([{ name: 'test.twice', event: 'settings.changed', handle: async (_payload, { eventId }) => void runs.push(eventId) }]);
    await database.db.transaction((tx) => emit(tx, 'settings.changed', {}));
    await expect.poll(() => deliveriesOf('test.twice'), { timeout: 20_000 }).toMatchObject([{ status: 'delivered' }]);
    // pg-boss delivers at least once: the same delivery's job again, as after a lost acknowledgement.
    const [delivery] = await database.db.select({ id: eventDeliveries.id }).from(eventDeliveries).where(eq(eventDeliveries.subscriber, 'test.twice'));
    const boss = await engines.at(-1)!.boss();
    await boss.send(EVENT_DELIVERY_QUEUE, { deliveryId: delivery!.id });
    await expect.poll(async () => (await boss.findJobs(EVENT_DELIVERY_QUEUE, { queued: true })).length, { timeout: 20_000 }).toBe(0);
    expect(runs).toHaveLength(1);
    expect(relay.subscriberNames()).toEqual(['test.twice']);
    await stopAll();
  });

  it('retries a failing subscriber with backoff, keeps it as a dead letter after the last retry, and Retry delivers it', async () => {
    let isBroken = true;
    const attempts: number[] = [];
    const relay = startRelay([
      {
        name: 'test.flaky',
        event: 'categories.changed',
        async handle() {
          attempts.push(Date.now());
          if (isBroken) throw new Error('the mail server is down');
        },
      },
    ], { retryLimit: 2, retryDelaySeconds: 1 });
    await database.db.transaction((tx) => emit(tx, 'categories.changed', {}));
    await expect.poll(() => deliveriesOf('test.flaky'), { timeout: 30_000, interval: 200 }).toMatchObject([{ status: 'dead', attempts: 3, error: 'the mail server is down' }]);
    // Backoff: each retry waited (at least the first delay, a second).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    isBroken = false;
    const [dead] = await database.db.select({ id: eventDeliveries.id }).from(eventDeliveries).where(and(eq(eventDeliveries.subscriber, 'test.flaky'), eq(eventDeliveries.status, 'dead')));
    expect(await relay.retry(dead!.id)).toBe(true);
    // Once retried it is no dead letter: a second Retry is refused.
    expect(await relay.retry(dead!.id)).toBe(false);
    await expect.poll(() => deliveriesOf('test.flaky'), { timeout: 20_000 }).toMatchObject([{ status: 'delivered', attempts: 1, error: null }]);
    expect(attempts).toHaveLength(4);
    await stopAll();
  });

  it('two relays with their own pg-boss never run one subscriber on one event at the same time', { timeout: 120_000 }, async () => {
    const EVENTS = 200;
    const running = new Set<number>();
    const runs = new Map<number, number>();
    let overlaps = 0;
    const subscriber: EventSubscriber = {
      name: 'test.exclusive',
      event: 'navigation-menu.changed',
      async handle(_payload, { eventId, db }) {
        if (running.has(eventId)) overlaps++;
        running.add(eventId);
        runs.set(eventId, (runs.get(eventId) ?? 0) + 1);
        // Some work in the database, so that a second run of the same delivery would overlap this one.
        await db.execute(sql`select pg_sleep(0.01)`);
        running.delete(eventId);
      },
    };
    startRelay([subscriber]);
    startRelay([subscriber]);
    for (let i = 0; i < EVENTS; i++) await database.db.transaction((tx) => emit(tx, 'navigation-menu.changed', {}));
    // Every delivery handed out a second time, to the other relay's workers as much as to its own.
    const boss = await engines.at(-1)!.boss();
    await expect.poll(() => database.db.$count(eventDeliveries, eq(eventDeliveries.subscriber, 'test.exclusive')), { timeout: 60_000 }).toBe(EVENTS);
    const ids = await database.db.select({ id: eventDeliveries.id }).from(eventDeliveries).where(eq(eventDeliveries.subscriber, 'test.exclusive'));
    await boss.insert(EVENT_DELIVERY_QUEUE, ids.map(({ id }) => ({ data: { deliveryId: id } })));
    await expect.poll(() => database.db.$count(eventDeliveries, and(eq(eventDeliveries.subscriber, 'test.exclusive'), eq(eventDeliveries.status, 'delivered'))), { timeout: 90_000, interval: 250 }).toBe(EVENTS);
    await expect.poll(async () => (await boss.findJobs(EVENT_DELIVERY_QUEUE, { queued: true })).length, { timeout: 30_000 }).toBe(0);
    expect(overlaps).toBe(0);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(EVENTS);
    await stopAll();
  });
});
