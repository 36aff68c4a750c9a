import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import type { Db } from '../../db/client.ts';

/** Entries of a cache key: entry name and its JSON document. */
export type CacheEntries = [string, string][];

/**
 * One storefront cache key as the module whose rows feed it declares it (its manifest's
 * `cacheSources`): the label the cache screen shows, the tables its documents are read from, and how
 * the documents are made: how many there will be (for progress) and the documents themselves, in
 * batches, so a big catalogue is never held in memory at once.
 */
export interface CacheSource {
  key: CacheKey;
  label: string;
  /**
   * The tables the documents are read from: a write to one of them makes the key's documents stale,
   * so it must invalidate the key after it commits (`cache-write-paths.test.ts` holds every writer of
   * these tables to that, and these lists to the tables the sources read).
   */
  tables: readonly string[];
  count(db: Db): Promise<number>;
  batches(db: Db): AsyncIterable<CacheEntries>;
  /**
   * The documents of the named entries, as a build would write them, for those that still have one (an
   * entry left out has none: its row is gone or no longer shown). Offered by a key whose entries can be
   * built one by one, so that a change naming a few of them (a catalog price rule's start) is published
   * at once instead of waiting for a Generate of the whole key.
   */
  documentsOf?(db: Db, entries: readonly string[]): Promise<CacheEntries>;
}

/** A key whose documents are few: read at once, written as one batch. */
export function smallCacheSource(source: Pick<CacheSource, 'key' | 'label' | 'tables'> & { read(db: Db): Promise<CacheEntries> }): CacheSource {
  const { read, ...declared } = source;
  return {
    ...declared,
    count: async (db) => (await read(db)).length,
    async *batches(db) {
      yield await read(db);
    },
  };
}

/** A document as the store keeps it: JSON text. */
export const cacheDocument = (value: unknown) => JSON.stringify(value);
