/**
 * Where the storefront cache lives: Redis when REDIS_URL is set (`redis-cache-store.ts`), the
 * process's memory otherwise (`memory-cache-store.ts`). A cache key (`products`) holds entries, each
 * an entry name (a product id, a slug) and its JSON document, plus what the screen shows about it.
 */
export interface CacheKeyStats {
  entries: number;
  /** Bytes of entry names and documents held. */
  bytes: number;
  generatedAt: Date | null;
  invalidatedAt: Date | null;
}

/** One build of a key: batches land beside the live key, and `commit` swaps them in at once. */
export interface CacheBuild {
  write(entries: readonly (readonly [string, string])[]): Promise<void>;
  /**
   * Replaces the key's entries with the ones written, atomically; readers see the old or the new, never a
   * mix. Entries invalidated since the build started are left out (all of them after an `'all'`): the
   * build may have read them before the write that staled them committed.
   */
  commit(): Promise<CacheKeyStats>;
  /** Drops what was written; the live key is untouched. */
  abort(): Promise<void>;
}

/**
 * Documents of some entries written into the live key, without a build (a catalog price rule's start:
 * the products it covers get their new price at once, not after a Generate of the whole key). Started
 * before the documents are read from the database, as a build is, so that:
 * - an entry invalidated after the start is not written (its document may predate the write that
 *   staled it: it stays removed until a later patch or build);
 * - a build running at the same time keeps the entries written: its swap would otherwise replace them
 *   with what the build read, which may be older than the patch (or nothing, when the build dropped the
 *   entry as invalidated). A patched entry overrides the build's document at its swap unless it is
 *   invalidated again after the patch, which removes it from both.
 */
export interface CachePatch {
  /** Writes the documents into the live key and every running build (less those invalidated since the start); answers how many were written. Once. */
  commit(entries: readonly (readonly [string, string])[]): Promise<number>;
}

export interface CacheStore {
  kind: 'redis' | 'memory';
  startBuild(key: string): Promise<CacheBuild>;
  startPatch(key: string): Promise<CachePatch>;
  /**
   * Removes documents a write made stale, some entries of a key (a saved product's) or all of them
   * (`'all'`: a category changed), and notes when; when it was generated stays known.
   */
  invalidate(key: string, entries: readonly string[] | 'all'): Promise<void>;
  /** Removes every entry of the key. */
  clear(key: string): Promise<void>;
  stats(keys: readonly string[]): Promise<Map<string, CacheKeyStats>>;
  /** One document, as the storefront reads it. */
  read(key: string, entry: string): Promise<string | null>;
  close(): Promise<void>;
}

export const EMPTY_STATS: CacheKeyStats = { entries: 0, bytes: 0, generatedAt: null, invalidatedAt: null };

/** Bytes an entry takes: its name and its document, as UTF-8. */
export const entryBytes = (name: string, document: string) => Buffer.byteLength(name) + Buffer.byteLength(document);
