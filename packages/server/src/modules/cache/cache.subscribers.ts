import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventSubscriber } from '../../events/event-subscriber.ts';
import { CHANGED_EVENT_NAMES } from '../../events/events.ts';
import type { ChangedEventName } from '../../events/events.ts';
import type { CacheStore } from '../../integrations/redis/cache-store.ts';
import type { JobEngine } from '../../jobs/job-engine.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import type { CacheSource } from './cache-source.ts';

/** Entries built per patch of a republish: each slice is back in the live key as soon as it is built. */
const REPUBLISH_SLICE = 1000;
/**
 * Most entries a republish builds itself; beyond, a Generate of the key is queued as for `all`. Building
 * runs within the event's delivery (leased for two minutes): 25,000 products take about a tenth of that
 * on the bench (docs/benchmarks.md, "Catalog price rules").
 */
export const REPUBLISH_AT_MOST = 25_000;

/**
 * The storefront cache keys each event makes stale: the first holds one document per changed row
 * (a product, a stone), the others are rebuilt whole from those rows (the combinations' counts, the
 * menu's links). Every `<thing>.changed` event is listed (typed), so a new one is a decision here;
 * other events (an order placed) say nothing about storefront documents (a stone an order reserves or
 * releases is a write of diamonds: `diamonds.changed`).
 */
export const KEYS_STALE_AFTER: { [N in ChangedEventName]: readonly [CacheKey, ...CacheKey[]] } = {
  'products.changed': ['products'],
  'diamonds.changed': ['diamonds', 'diamond-combinations'],
  'categories.changed': ['categories', 'navigation-menu'],
  'content-pages.changed': ['content-pages', 'navigation-menu'],
  'navigation-menu.changed': ['navigation-menu'],
  'settings.changed': ['settings'],
  'shipping-rates.changed': ['shipping-rates'],
  'diamond-shapes.changed': ['diamond-shapes', 'diamonds', 'diamond-combinations'],
};

/**
 * The cache's subscribers, one per `<thing>.changed` event: the documents built from what changed are removed (the
 * storefront never sells at a price that is no longer true). After a bulk change (`all`: a sync, a
 * repricing) the keys are cleared whole and a Generate of each is queued, so the storefront gets its
 * documents back without anyone pressing Generate. After a `republish` (a catalog price rule's start or
 * end) the named entries of its first key are built again at once and put back into the live key, a
 * slice at a time (`CachePatch`: right beside a Generate running meanwhile), when the key's source can
 * build entries one by one and they are not too many; otherwise a Generate of the key is queued.
 * Idempotent: removing twice leaves what removing once does, building twice puts the same documents, and
 * a Generate still queued for a key covers a second delivery.
 */
export function cacheSubscribers(db: Db, store: CacheStore, engine: Pick<JobEngine, 'submit'>, sources: ReadonlyMap<CacheKey, CacheSource>): EventSubscriber[] {
  async function regenerate(key: CacheKey) {
    const [queued] = await db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.kind, 'cache.generate'), eq(jobRuns.status, 'queued'), sql`${jobRuns.params}->>'key' = ${key}`))
      .limit(1);
    if (!queued) await engine.submit('cache.generate', { key, reset: false }, null);
  }
  /** Builds the (just removed) documents of `entries` and puts back those that still have one. */
  async function republish(key: CacheKey, entries: readonly string[]) {
    const source = sources.get(key);
    if (!source?.documentsOf || entries.length > REPUBLISH_AT_MOST) return regenerate(key);
    for (let i = 0; i < entries.length; i += REPUBLISH_SLICE) {
      // Started before the documents are read: an entry a write invalidates meanwhile is left out, not put back stale.
      const patch = await store.startPatch(key);
      let documents: [string, string][] = [];
      try {
        documents = await source.documentsOf(db, entries.slice(i, i + REPUBLISH_SLICE));
      } finally {
        // Also when the read failed (the delivery is retried): the patch must not stay registered.
        await patch.commit(documents);
      }
    }
  }
  return CHANGED_EVENT_NAMES.map(
    (event): EventSubscriber => ({
      name: `cache.${event.replace(/\.changed$/, '')}`,
      event,
      async handle(payload: Record<string, unknown>) {
        const [first, ...rest] = KEYS_STALE_AFTER[event] as readonly [CacheKey, ...CacheKey[]];
        const ids = Array.isArray(payload.ids) ? (payload.ids as number[]).map(String) : 'all';
        // A failure throws: the delivery is retried, then kept as a dead letter (never a lost invalidation).
        await store.invalidate(first, ids);
        for (const key of rest) await store.invalidate(key, 'all');
        if (payload.all === true) for (const key of [first, ...rest]) await regenerate(key);
        // Documents a rule's start or end made stale: built again without waiting for a staff write.
        else if (payload.republish === true) await (ids === 'all' ? regenerate(first) : republish(first, ids));
      },
    }) as EventSubscriber,
  );
}
