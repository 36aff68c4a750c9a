import { CACHE_KEYS } from '@facet/contract/modules/cache/cache.schema';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from '../../db/client.ts';
import { CHANGED_EVENT_NAMES, EVENTS } from '../../events/events.ts';
import type { ChangedEventName } from '../../events/events.ts';
import type { EventSubscriber, SubscriberContext } from '../../events/event-subscriber.ts';
import { createMemoryCacheStore } from '../../integrations/redis/memory-cache-store.ts';
import type { CacheStore } from '../../integrations/redis/cache-store.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { cacheSubscribers, KEYS_STALE_AFTER } from './cache.subscribers.ts';

const log = Fastify({ logger: false }).log;

/** A store holding documents 1..5 under every key, built as a Generate builds them. */
async function filledStore(): Promise<CacheStore> {
  const store = createMemoryCacheStore();
  for (const key of CACHE_KEYS) {
    const build = await store.startBuild(key);
    await build.write([1, 2, 3, 4, 5].map((id) => [String(id), JSON.stringify({ id })] as const));
    await build.commit();
  }
  return store;
}

/** What a storefront could read: every key's entries. */
async function contentsOf(store: CacheStore) {
  const contents: Record<string, (string | null)[]> = {};
  for (const key of CACHE_KEYS) contents[key] = await Promise.all([1, 2, 3, 4, 5].map((id) => store.read(key, String(id))));
  return contents;
}

/** The payloads each event is emitted with: some rows, every row, or none named. */
const PAYLOADS = [{ ids: [2, 4] }, { all: true }, {}];

describe('the cache’s subscribers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'), 'migrated');
  });
  afterAll(() => database?.close());

  /** The cache's subscribers over `store`, queuing Generates as job runs (left queued: no engine runs them here). */
  const subscribersOver = (store: CacheStore) =>
    cacheSubscribers(database.db, store, {
      submit: async (kind, params, actor) => {
        const [row] = await database.db.insert(jobRuns).values({ kind, params, actorId: actor?.id ?? null, actorName: actor?.name ?? 'system' }).returning({ id: jobRuns.id });
        return row!.id;
      },
    }, new Map());
  const queuedGenerates = () =>
    database.db.select({ params: jobRuns.params }).from(jobRuns).where(and(eq(jobRuns.kind, 'cache.generate'), eq(jobRuns.status, 'queued'))).orderBy(jobRuns.id);

  it('subscribes to every <thing>.changed event, once each', () => {
    const subscribers = cacheSubscribers(database.db, createMemoryCacheStore(), { submit: async () => 0 }, new Map());
    expect(subscribers.map((s) => s.event).sort()).toEqual([...CHANGED_EVENT_NAMES].sort());
    expect(new Set(subscribers.map((s) => s.name)).size).toBe(CHANGED_EVENT_NAMES.length);
  });

  it('delivered twice, every event leaves the cache as delivered once, and queues one Generate', async () => {
    for (const subscriberIndex of CHANGED_EVENT_NAMES.keys()) {
      for (const payload of PAYLOADS) {
        const once = await filledStore();
        const twice = await filledStore();
        const subscriber = subscribersOver(once)[subscriberIndex]!;
        const event = subscriber.event as ChangedEventName;
        if (!EVENTS[event].safeParse(payload).success) continue;
        // Any subscriber's handler, given a payload its event declares.
        const handle = (s: EventSubscriber) => (s.handle as (payload: unknown, context: SubscriberContext) => Promise<void>)(payload, { db: database.db, eventId: 1, emittedAt: new Date(), log });
        await handle(subscriber);
        const generatesOnce = await queuedGenerates();
        await database.db.delete(jobRuns);
        const again = subscribersOver(twice)[subscriberIndex]!;
        await handle(again);
        await handle(again);
        const what = `${event} ${JSON.stringify(payload)}`;
        expect(await contentsOf(twice), what).toEqual(await contentsOf(once));
        expect(await queuedGenerates(), what).toEqual(generatesOnce);
        // Something was removed: the documents of what changed (a test that cannot fail would not see it).
        expect(await once.read(KEYS_STALE_AFTER[event][0]!, '2'), what).toBeNull();
        if ('all' in payload) expect(generatesOnce.map((g) => (g.params as { key: string }).key), what).toEqual([...KEYS_STALE_AFTER[event]]);
        else expect(generatesOnce, what).toEqual([]);
        await database.db.delete(jobRuns);
        await Promise.all([once.close(), twice.close()]);
      }
    }
  });
});
