import type { CacheBuild, CacheKeyStats, CachePatch, CacheStore } from './cache-store.ts';
import { EMPTY_STATS, entryBytes } from './cache-store.ts';

interface HeldKey {
  entries: Map<string, string>;
  bytes: number;
  generatedAt: Date | null;
  invalidatedAt: Date | null;
}

/**
 * What was invalidated while a running build or patch of a key read the database (entry names, or every
 * entry); a build also collects the documents patches wrote meanwhile (`patched`), laid over its own at its swap.
 */
interface Watch {
  stale: Set<string>;
  isAllStale: boolean;
  patched?: Map<string, string>;
}

const statsOf = (held: HeldKey | undefined): CacheKeyStats =>
  held ? { entries: held.entries.size, bytes: held.bytes, generatedAt: held.generatedAt, invalidatedAt: held.invalidatedAt } : EMPTY_STATS;

/** The cache in the process's memory, for a shop without Redis (REDIS_URL unset): lost on restart. */
export function createMemoryCacheStore(): CacheStore {
  const keys = new Map<string, HeldKey>();
  /** The running builds and patches of each key: their batches may hold documents read before a write committed. */
  const running = new Map<string, Set<Watch>>();
  const watch = (key: string, watched: Watch) => {
    const watches = running.get(key) ?? new Set();
    running.set(key, watches.add(watched));
    return watches;
  };
  const put = (held: HeldKey, name: string, document: string) => {
    const old = held.entries.get(name);
    if (old !== undefined) held.bytes -= entryBytes(name, old);
    held.entries.set(name, document);
    held.bytes += entryBytes(name, document);
  };

  return {
    kind: 'memory',
    async startBuild(key): Promise<CacheBuild> {
      const building: HeldKey = { entries: new Map(), bytes: 0, generatedAt: null, invalidatedAt: null };
      const invalidated: Watch = { stale: new Set(), isAllStale: false, patched: new Map() };
      const builds = watch(key, invalidated);
      const drop = (name: string) => {
        const document = building.entries.get(name);
        if (document === undefined) return;
        building.entries.delete(name);
        building.bytes -= entryBytes(name, document);
      };
      return {
        async write(entries) {
          for (const [name, document] of entries) put(building, name, document);
        },
        async commit() {
          builds.delete(invalidated);
          if (invalidated.isAllStale) for (const name of [...building.entries.keys()]) drop(name);
          for (const name of invalidated.stale) drop(name);
          for (const [name, document] of invalidated.patched!) put(building, name, document);
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
    async startPatch(key): Promise<CachePatch> {
      const invalidated: Watch = { stale: new Set(), isAllStale: false };
      const watches = watch(key, invalidated);
      return {
        async commit(entries) {
          watches.delete(invalidated);
          const fresh = invalidated.isAllStale ? [] : entries.filter(([name]) => !invalidated.stale.has(name));
          if (!fresh.length) return 0;
          const held = keys.get(key) ?? { entries: new Map(), bytes: 0, generatedAt: null, invalidatedAt: null };
          keys.set(key, held);
          for (const [name, document] of fresh) put(held, name, document);
          for (const build of watches) for (const [name, document] of fresh) build.patched?.set(name, document);
          return fresh.length;
        },
      };
    },
    async invalidate(key, entries) {
      for (const watched of running.get(key) ?? []) {
        if (entries === 'all') {
          watched.isAllStale = true;
          watched.patched?.clear();
        } else
          for (const name of entries) {
            watched.stale.add(name);
            watched.patched?.delete(name);
          }
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
