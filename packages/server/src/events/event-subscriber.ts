import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { EventName, EventPayload } from './events.ts';

export interface SubscriberContext {
  db: Db;
  eventId: number;
  /** When the event was written (its writer's transaction): what happened then, however late it is delivered. */
  emittedAt: Date;
  log: FastifyBaseLogger;
}

/**
 * What a module runs when an event it declared interest in was committed. Delivered at least once
 * (a retry after a crash, a dead letter retried): `handle` must be idempotent, its effect the same
 * whether it runs once or twice. It throws to ask for a retry.
 */
export interface SubscriberOf<N extends EventName> {
  /** Unique and stable: each delivery is recorded under it (`<module>.<what it does>`). */
  name: string;
  event: N;
  handle(payload: EventPayload<N>, context: SubscriberContext): Promise<void>;
}

/** A subscriber of any one event, typed by that event. */
export type EventSubscriber = { [N in EventName]: SubscriberOf<N> }[EventName];
