import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheStore } from '../../integrations/redis/cache-store.ts';

/**
 * What a write tells the storefront cache: these documents are stale. Called after the write
 * committed; a cache that cannot be reached is logged, never turned into a failed save (the data is
 * saved; the next Generate or Sync rebuilds the documents).
 */
export interface CacheInvalidation {
  /** Removes some entries of a key (products by id), or all of them. */
  invalidate(key: CacheKey, entries: readonly (string | number)[] | 'all'): Promise<void>;
}

export function createCacheInvalidation(store: CacheStore, log: FastifyBaseLogger): CacheInvalidation {
  return {
    async invalidate(key, entries) {
      try {
        await store.invalidate(key, entries === 'all' ? 'all' : entries.map(String));
      } catch (error) {
        log.error({ err: error, cacheKey: key }, 'storefront cache not invalidated');
      }
    },
  };
}
