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

/** The writes of a CRUD service (and any extra ones named), each followed by `after` once it committed. */
type Writes = 'create' | 'update' | 'setStatus' | 'remove';
/** A CRUD service's bulk action (`applyToMany`) invalidates as its single writes do, once its one transaction committed. */
const BULK_WRITE = 'applyToMany';

/**
 * A service whose writes invalidate cache keys after they commit: the keys a category, page or menu
 * item appears in. Reads are the service's own.
 */
export function invalidatingWrites<S extends { [W in Writes]: (...args: never[]) => Promise<unknown> }>(
  service: S,
  cache: CacheInvalidation,
  keys: readonly CacheKey[],
  extra: readonly (keyof S)[] = [],
): S {
  const after = () => Promise.all(keys.map((key) => cache.invalidate(key, 'all')));
  const wrapped = { ...service };
  const bulk = (BULK_WRITE in service ? [BULK_WRITE] : []) as (keyof S)[];
  for (const name of ['create', 'update', 'setStatus', 'remove', ...bulk, ...extra] as (keyof S)[]) {
    const write = service[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (async (...args: unknown[]) => {
      const result = await write(...args);
      await after();
      return result;
    }) as S[keyof S];
  }
  return wrapped;
}
