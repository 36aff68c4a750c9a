import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The outbox: one row per event, written by `emit` in the writer's own transaction, so an event exists
 * exactly when the write that caused it committed. The relay hands each row to its subscribers once
 * (`dispatched_at`), then the row stays as the event's record.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the relay made its deliveries (one per subscriber); null while it waits for the relay. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  // The relay's poll reads only the waiting rows.
  (t) => [index('event_outbox_waiting').on(t.id).where(sql`${t.dispatchedAt} is null`)],
);

export const DELIVERY_STATUSES = ['pending', 'running', 'delivered', 'dead'] as const;

/**
 * One event to one subscriber: the delivery's truth (pg-boss only carries its key to a worker, as for
 * job runs). A run claims it (`running` with a lease), so two workers never run one subscriber on one
 * event at the same time; `dead` is a dead letter: it failed after every retry, listed in the Job
 * Centre until someone retries it.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => eventOutbox.id),
    subscriber: text('subscriber').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A running delivery whose lease passed was killed with its process: another run may claim it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('event_deliveries_event_subscriber').on(t.eventId, t.subscriber), index('event_deliveries_dead').on(t.updatedAt).where(sql`${t.status} = 'dead'`),
    // The relay's sweep looks for deliveries cut off by a kill.
    index('event_deliveries_running').on(t.id).where(sql`${t.status} = 'running'`),
  ],
);
