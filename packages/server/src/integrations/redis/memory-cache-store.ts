import type { CacheBuild, CacheKeyStats, CacheStore } from './cache-store.ts';
import { EMPTY_STATS, entryBytes } from './cache-store.ts';

interface HeldKey {
  entries: Map<string, string>;
  bytes: number;
  generatedAt: Date | null;
  invalidatedAt: Date | null;
}

const statsOf = (held: HeldKey | undefined): CacheKeyStats =>
  held ? { entries: held.entries.size, bytes: held.bytes, generatedAt: held.generatedAt, invalidatedAt: held.invalidatedAt } : EMPTY_STATS;

/** The cache in the process's memory, for a shop without Redis (REDIS_URL unset): lost on restart. */
export function createMemoryCacheStore(): CacheStore {
  const keys = new Map<string, HeldKey>();
  /**
   * What was invalidated while each running build of a key read the database (entry names, or every
   * entry): its batches may hold documents read before those writes committed, so its commit removes them.
   */
  const running = new Map<string, Set<{ stale: Set<string>; isAllStale: boolean }>>();

  return {
    kind: 'memory',
    async startBuild(key): Promise<CacheBuild> {
      const building: HeldKey = { entries: new Map(), bytes: 0, generatedAt: null, invalidatedAt: null };
      const invalidated = { stale: new Set<string>(), isAllStale: false };
      const builds = running.get(key) ?? new Set();
      running.set(key, builds.add(invalidated));
      const drop = (name: string) => {
        const document = building.entries.get(name);
        if (document === undefined) return;
        building.entries.delete(name);
        building.bytes -= entryBytes(name, document);
      };
      return {
        async write(entries) {
          for (const [name, document] of entries) {
            const old = building.entries.get(name);
            if (old !== undefined) building.bytes -= entryBytes(name, old);
            building.entries.set(name, document);
            building.bytes += entryBytes(name, document);
          }
        },
        async commit() {
          builds.delete(invalidated);
          if (invalidated.isAllStale) for (const name of [...building.entries.keys()]) drop(name);
          for (const name of invalidated.stale) drop(name);
          building.generatedAt = new Date();
          if (invalidated.isAllStale || invalidated.stale.size > 0) building.invalidatedAt = building.generatedAt;
          keys.set(key, building);
          return statsOf(building);
        },
        async abort() {
          builds.delete(invalidated);
          building.entries.clear();
        },
      };
    },
    async invalidate(key, entries) {
      for (const build of running.get(key) ?? []) {
        if (entries === 'all') build.isAllStale = true;
        else for (const name of entries) build.stale.add(name);
      }
      const held = keys.get(key);
      if (!held) return;
      if (entries === 'all') {
        held.entries.clear();
        held.bytes = 0;
      }
      for (const name of entries === 'all' ? [] : entries) {
        const document = held.entries.get(name);
        if (document === undefined) continue;
        held.entries.delete(name);
        held.bytes -= entryBytes(name, document);
      }
      held.invalidatedAt = new Date();
    },
    async clear(key) {
      keys.delete(key);
    },
    async stats(names) {
      return new Map(names.map((name) => [name, statsOf(keys.get(name))]));
    },
    async read(key, entry) {
      return keys.get(key)?.entries.get(entry) ?? null;
    },
    async close() {
      keys.clear();
    },
  };
}
