import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle } from 'pg-boss';
import type { JobResult, PgBoss } from 'pg-boss';
import type { Db } from '../db/client.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import { eventDeliveries, eventOutbox } from './event.table.ts';
import type { EventSubscriber, SubscriberContext } from './event-subscriber.ts';
import { EVENTS } from './events.ts';
import type { EventName } from './events.ts';

/** pg-boss's queue of deliveries: each job carries one delivery's id. */
export const EVENT_DELIVERY_QUEUE = 'facet-events';
const QUEUE = EVENT_DELIVERY_QUEUE;

export interface EventRelayOptions {
  /** How often the relay looks for committed events that wait (EVENT_RELAY_POLL_MS). */
  pollMs?: number;
  /** Retries after a subscriber's first failure before its delivery is a dead letter. */
  retryLimit?: number;
  /** The first retry's delay; each next one doubles (pg-boss's backoff). */
  retryDelaySeconds?: number;
  /** How long a claimed delivery is its runner's: past it, the runner is taken for dead and another may run it. */
  leaseSeconds?: number;
  /** Events handed out per pass. */
  batchSize?: number;
}

export type EventRelay = ReturnType<typeof createEventRelay>;

interface DeliveryJob {
  deliveryId: number;
}

/**
 * Delivers committed events to their subscribers, at least once. A pass of the relay takes the
 * events that wait in the outbox (`for update skip locked`: two processes never hand out one
 * event), writes one delivery row per subscriber and queues each on pg-boss, in one transaction with
 * the outbox row's `dispatched_at`. A pg-boss worker then claims the delivery row (only a pending
 * one, or a running one whose lease passed, so one subscriber never runs one event twice at once),
 * runs the subscriber and records the outcome; a failure is retried with backoff, and after the last
 * retry the delivery is a dead letter. Nothing is lost to a kill -9: an event is in the outbox from
 * its writer's commit on, a delivery is queued in the transaction that records it, and a delivery
 * whose runner died is queued again at start (PGlite) or once its lease passed (PostgreSQL).
 */
export function createEventRelay(db: Db, subscribers: readonly EventSubscriber[], engine: Pick<JobEngine, 'boss' | 'driver'>, log: FastifyBaseLogger, opts: EventRelayOptions = {}) {
  const pollMs = opts.pollMs ?? Number(process.env.EVENT_RELAY_POLL_MS ?? 100);
  const retryLimit = opts.retryLimit ?? 5;
  const retryDelay = opts.retryDelaySeconds ?? 2;
  const leaseSeconds = opts.leaseSeconds ?? 120;
  const batchSize = opts.batchSize ?? 200;
  const byName = new Map<string, EventSubscriber>();
  const byEvent = new Map<EventName, EventSubscriber[]>();
  for (const subscriber of subscribers) {
    if (byName.has(subscriber.name)) throw new Error(`two event subscribers are named ${subscriber.name}`);
    byName.set(subscriber.name, subscriber);
    byEvent.set(subscriber.event, [...(byEvent.get(subscriber.event) ?? []), subscriber]);
  }
  let worker: Promise<{ boss: PgBoss; workerId: string }> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<unknown> = Promise.resolve();
  let isStopped = true;
  let lastSweep = 0;

  /** pg-boss and this process's worker of the deliveries' queue, started on the first event. */
  function startWorker() {
    worker ??= (async () => {
      const boss = await engine.boss();
      await boss.createQueue(QUEUE, { retryLimit, retryDelay, retryBackoff: true, expireInSeconds: leaseSeconds });
      // Batches, fetched back to back while they come full (a burst of events), each job settled on its own.
      const options = { batchSize: 20, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true, perJobResults: true, localConcurrency: engine.driver === 'postgres' ? 4 : 1 } as const;
      const workerId = await boss.work<DeliveryJob, unknown, typeof options>(QUEUE, options, async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await deliver(job.data.deliveryId, job.retryCount >= retryLimit);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            // pg-boss retries it, after its backoff.
            results.push({ id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } });
          }
        }
        return results;
      });
      return { boss, workerId };
    })();
    return worker;
  }

  /** Queues deliveries on pg-boss inside `tx`, so they exist exactly when the rows that record them do. */
  async function queue(boss: PgBoss, tx: Db, deliveryIds: readonly number[]) {
    if (deliveryIds.length === 0) return;
    await boss.insert(
      QUEUE,
      deliveryIds.map((deliveryId) => ({ data: { deliveryId } satisfies DeliveryJob, retryLimit, retryDelay, retryBackoff: true, expireInSeconds: leaseSeconds })),
      { db: fromDrizzle(tx as never, sql as never) },
    );
  }

  /** One pass: hands the waiting events to their subscribers. Answers how many events it handed out. */
  async function dispatch(): Promise<number> {
    // A plain read first: an app whose writes emitted nothing never starts pg-boss for events.
    const [waiting] = await db.select({ id: eventOutbox.id }).from(eventOutbox).where(isNull(eventOutbox.dispatchedAt)).limit(1);
    if (!waiting) return 0;
    const { boss, workerId } = await startWorker();
    const handed = await db.transaction(async (tx) => {
      const events = await tx
        .select({ id: eventOutbox.id, name: eventOutbox.name })
        .from(eventOutbox)
        .where(isNull(eventOutbox.dispatchedAt))
        .orderBy(eventOutbox.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (events.length === 0) return 0;
      const rows = events.flatMap((event) => (byEvent.get(event.name as EventName) ?? []).map((subscriber) => ({ eventId: event.id, subscriber: subscriber.name })));
      const deliveries = rows.length ? await tx.insert(eventDeliveries).values(rows).onConflictDoNothing().returning({ id: eventDeliveries.id }) : [];
      await queue(
        boss,
        tx,
        deliveries.map((delivery) => delivery.id),
      );
      await tx
        .update(eventOutbox)
        .set({ dispatchedAt: sql`now()` })
        .where(
          inArray(
            eventOutbox.id,
            events.map((event) => event.id),
          ),
        );
      return events.length;
    });
    if (handed > 0) boss.notifyWorker(workerId);
    return handed;
  }

  /** Runs one delivery if it is free to run; records delivered, pending (to retry) or dead. */
  async function deliver(deliveryId: number, isLastAttempt: boolean) {
    const [claimed] = await db
      .update(eventDeliveries)
      .set({ status: 'running', attempts: sql`${eventDeliveries.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: sql`now()` })
      .where(
        and(
          eq(eventDeliveries.id, deliveryId),
          or(eq(eventDeliveries.status, 'pending'), and(eq(eventDeliveries.status, 'running'), lt(eventDeliveries.leaseUntil, sql`now()`))),
        ),
      )
      .returning({ eventId: eventDeliveries.eventId, subscriber: eventDeliveries.subscriber });
    // Delivered already, a dead letter, or another worker runs it now: nothing to do.
    if (!claimed) return;
    const settle = (status: 'pending' | 'delivered' | 'dead', error: string | null) =>
      db
        .update(eventDeliveries)
        .set({ status, error, leaseUntil: null, updatedAt: sql`now()`, ...(status === 'delivered' ? { deliveredAt: sql`now()` } : {}) })
        .where(and(eq(eventDeliveries.id, deliveryId), eq(eventDeliveries.status, 'running')));
    try {
      const [event] = await db.select().from(eventOutbox).where(eq(eventOutbox.id, claimed.eventId));
      const subscriber = byName.get(claimed.subscriber);
      if (!event || !subscriber) throw new Error(`no subscriber ${claimed.subscriber} in this server`);
      const payload = EVENTS[subscriber.event].parse(event.payload);
      // The payload was read by the schema of the subscriber's own event: the handler's type.
      await (subscriber.handle as (payload: unknown, context: SubscriberContext) => Promise<void>)(payload, { db, eventId: event.id, emittedAt: event.createdAt, log });
      await settle('delivered', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, deliveryId, subscriber: claimed.subscriber }, isLastAttempt ? 'event delivery failed: dead letter' : 'event delivery failed: retried');
      await settle(isLastAttempt ? 'dead' : 'pending', message);
      if (!isLastAttempt) throw error;
    }
  }

  /**
   * Queues again the deliveries whose runner died: on PGlite one process owns the data, so at start
   * every running delivery is dead; on PostgreSQL, those whose lease passed.
   */
  async function sweep(atStart: boolean) {
    const { boss } = await startWorker();
    await db.transaction(async (tx) => {
      const dead = await tx
        .update(eventDeliveries)
        .set({ status: 'pending', leaseUntil: null, updatedAt: sql`now()` })
        .where(and(eq(eventDeliveries.status, 'running'), atStart && engine.driver === 'pglite' ? undefined : lt(eventDeliveries.leaseUntil, sql`now()`)))
        .returning({ id: eventDeliveries.id });
      await queue(
        boss,
        tx,
        dead.map((row) => row.id),
      );
    });
  }

  async function tick() {
    try {
      // Deliveries cut off by a kill: swept at start, then (PostgreSQL) once a lease could have passed.
      if (lastSweep === 0 || (engine.driver === 'postgres' && Date.now() - lastSweep > leaseSeconds * 1000)) {
        const [running] = await db.select({ id: eventDeliveries.id }).from(eventDeliveries).where(eq(eventDeliveries.status, 'running')).limit(1);
        if (running) await sweep(lastSweep === 0);
        lastSweep = Date.now();
      }
      while ((await dispatch()) >= batchSize && !isStopped);
    } catch (error) {
      log.error({ err: error }, 'event relay pass failed');
    }
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => {
      pass = tick().finally(schedule);
    }, pollMs);
  }

  return {
    /** At app start: sweep, then keep handing out committed events. */
    start() {
      if (!isStopped) return;
      isStopped = false;
      pass = tick().finally(schedule);
    },
    /** At close: the pass under way ends; pg-boss itself is stopped by the job engine. */
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await pass;
      if (worker) {
        const started = await worker.catch(() => null);
        await started?.boss.offWork(QUEUE, { wait: true }).catch(() => undefined);
      }
    },
    dispatch,
    /**
     * A dead letter sent again: its attempts start over. Answers false when it is no dead letter
     * (delivered meanwhile, or retried by someone else).
     */
    async retry(deliveryId: number): Promise<boolean> {
      const { boss, workerId } = await startWorker();
      const isRetried = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(eventDeliveries)
          .set({ status: 'pending', attempts: 0, error: null, updatedAt: sql`now()` })
          .where(and(eq(eventDeliveries.id, deliveryId), eq(eventDeliveries.status, 'dead')))
          .returning({ id: eventDeliveries.id });
        if (row) await queue(boss, tx, [row.id]);
        return row !== undefined;
      });
      if (isRetried) boss.notifyWorker(workerId);
      return isRetried;
    },
    subscriberNames: () => [...byName.keys()],
  };
}
