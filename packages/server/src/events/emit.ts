import type { Db } from '../db/client.ts';
import { eventOutbox } from './event.table.ts';
import { EVENTS } from './events.ts';
import type { EventName, EventPayload } from './events.ts';

/**
 * Records an event in the writer's transaction (pass the `tx` that made the change, as for the audit
 * row): it is delivered to its subscribers once that transaction commits, and never if it rolls back.
 * The payload is checked against the event's schema here, so a wrong payload fails the write that
 * made it, not a subscriber later.
 */
export async function emit<N extends EventName>(tx: Db, name: N, payload: EventPayload<N>): Promise<void> {
  await tx.insert(eventOutbox).values({ name, payload: EVENTS[name].parse(payload) });
}

/** Emits `<thing>.changed` for some rows, or none when no row changed (an update that matched nothing). */
export async function emitChanged(tx: Db, name: 'products.changed' | 'diamonds.changed', ids: readonly number[] | 'all'): Promise<void> {
  if (ids === 'all') await emit(tx, name, { all: true });
  else if (ids.length > 0) await emit(tx, name, { ids: [...new Set(ids)] });
}
