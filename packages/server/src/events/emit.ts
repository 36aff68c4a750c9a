import { gt, max } from 'drizzle-orm';
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

/**
 * Runs seeding in `tx` and drops the events it emitted: seeders write through the services (a demo
 * product is saved as staff save one), but a new database holds no storefront document those events
 * could make stale, and a template of the tests would otherwise carry them into every test's app.
 */
export async function withoutEvents<T>(tx: Db, seed: () => Promise<T>): Promise<T> {
  const [before] = await tx.select({ last: max(eventOutbox.id) }).from(eventOutbox);
  const result = await seed();
  await tx.delete(eventOutbox).where(gt(eventOutbox.id, before?.last ?? 0));
  return result;
}
