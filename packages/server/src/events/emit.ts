import { gt, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eventOutbox } from './event.table.ts';
import { CHANGED_IDS_MAX, EVENTS } from './events.ts';
import type { EventName, EventPayload } from './events.ts';

/**
 * Records an event in the writer's transaction (pass the `tx` that made the change, as for the audit
 * row): it is delivered to its subscribers once that transaction commits, and never if it rolls back.
 * The payload is checked against the event's schema here, so a wrong payload fails the write that
 * made it, not a subscriber later.
 */
export async function emit<N extends EventName>(tx: Db, name: N, payload: EventPayload<N>): Promise<void> {
  const parsed = EVENTS[name].parse(payload);
  // The same event twice in one transaction says nothing more: a bulk action's rows each run the
  // single write's hook, and 10,000 rates switched off are one `shipping-rates.changed`, not 10,000.
  const key = `${name} ${JSON.stringify(parsed)}`;
  const emitted = emittedIn.get(tx) ?? new Set<string>();
  if (emitted.has(key)) return;
  await tx.insert(eventOutbox).values({ name, payload: parsed });
  emitted.add(key);
  emittedIn.set(tx, emitted);
}

/**
 * The events each transaction emitted so far, by its `tx` (gone with it). A savepoint is a `tx` of its
 * own, so an event emitted in one that rolled back is emitted again by its outer transaction.
 */
const emittedIn = new WeakMap<Db, Set<string>>();

/**
 * Emits `<thing>.changed` for some rows, or none when no row changed (an update that matched nothing);
 * more rows than an event names (a bulk change of a whole list) are `all`. `republish`: the documents
 * are to be built again too (`all` always is).
 */
export async function emitChanged(tx: Db, name: 'products.changed' | 'diamonds.changed', ids: readonly number[] | 'all', { republish = false } = {}): Promise<void> {
  const distinct = ids === 'all' ? ids : [...new Set(ids)];
  if (distinct === 'all' || distinct.length > CHANGED_IDS_MAX) await emit(tx, name, { all: true });
  else if (distinct.length > 0) await emit(tx, name, { ids: distinct, ...(republish && { republish: true as const }) });
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
