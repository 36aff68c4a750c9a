import type { EventBacklog } from '@facet/contract/modules/jobs/dead-letter.schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pollUntil, useKillTest } from '../test/server-process.ts';
import { eventDeliveries, eventOutbox } from './event.table.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * kill -9 between a write's commit and its event's delivery: a real server process commits a shipping
 * rate (and so its `shipping-rates.changed`) while its relay is held back, and is SIGKILLed; after a
 * restart the event reaches the cache's subscriber. PGlite (a data folder), and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
describe(`kill -9 between a commit and its event's delivery (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { database, start, stop } = useKillTest('event-kill');

  const backlogOf = async (server: { base: string; cookie: string }) =>
    (await (await fetch(`${server.base}/api/jobs/events`, { headers: { cookie: server.cookie } })).json()) as EventBacklog;

  it('loses nothing: the event committed with the write is delivered after the restart', { timeout: 400_000 }, async () => {
    const env = await database.create();
    // The relay looks once at start, then not for an hour: the event stays committed and undelivered.
    const server = await start({ ...env, EVENT_RELAY_POLL_MS: '3600000' });
    const created = await fetch(`${server.base}/api/shipping-rates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie },
      body: JSON.stringify({ name: 'Kill Zone', rate: 5, minFreeShippingAmount: 50, status: true }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await backlogOf(server)).toEqual({ waiting: 1, delivering: 0, dead: 0 });
    await stop('SIGKILL');

    const again = await start(env);
    const backlog = await pollUntil(() => backlogOf(again), (now) => now.waiting === 0 && now.delivering === 0, { timeoutMs: 60_000, everyMs: 100 });
    expect(backlog).toEqual({ waiting: 0, delivering: 0, dead: 0 });
    await stop('SIGTERM');

    const db = await database.open();
    try {
      const events = await db.db.select({ id: eventOutbox.id, name: eventOutbox.name }).from(eventOutbox);
      expect(events).toEqual([{ id: expect.any(Number), name: 'shipping-rates.changed' }]);
      const deliveries = await db.db.select({ subscriber: eventDeliveries.subscriber, status: eventDeliveries.status }).from(eventDeliveries).where(eq(eventDeliveries.eventId, events[0]!.id));
      expect(deliveries).toEqual([{ subscriber: 'cache.shipping-rates', status: 'delivered' }]);
    } finally {
      await db.close();
    }
  });
});
