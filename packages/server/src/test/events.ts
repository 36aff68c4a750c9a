import { inArray, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { eventDeliveries, eventOutbox } from '../events/event.table.ts';

/**
 * Waits until every event committed so far has reached its subscribers: none waits in the outbox and
 * no delivery is pending or running. A test that checks a side effect of a write (a storefront
 * document removed) waits for it here rather than for a time.
 */
export async function eventsDelivered(db: Db, timeoutMs = 20_000): Promise<void> {
  await expect
    .poll(
      async () => ({
        waiting: await db.$count(eventOutbox, isNull(eventOutbox.dispatchedAt)),
        delivering: await db.$count(eventDeliveries, inArray(eventDeliveries.status, ['pending', 'running'])),
      }),
      { timeout: timeoutMs, interval: 50 },
    )
    .toEqual({ waiting: 0, delivering: 0 });
}
