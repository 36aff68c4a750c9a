import type { Db } from '../../../db/client.ts';
import { pruneListChanges, readListChanges, readListSnapshot, readListSnapshotInThread } from './list-index-sql.ts';
import type { ListSnapshot } from './list-snapshot.ts';
import { applyListChanges, applySoldInPlace } from './list-snapshot.ts';
import { releaseMemory } from '../../../release-memory.ts';

/**
 * The diamonds list's read-side index (issue 12: any combination of the filters, each sort, with the
 * total, in milliseconds at a million stones), its lifecycle: PostgreSQL stays the source of truth,
 * and this process holds a snapshot of the filterable columns in memory (list-snapshot.ts), read
 * and refreshed from the table (list-index-sql.ts); the page's 20 rows are then read from PostgreSQL.
 *
 * Consistency: the index holds the version and the PostgreSQL snapshot it was read at, and the page's
 * rows are read in one statement with the current version: when they differ the list waits for a
 * refresh (the stones of the transactions the snapshot did not see, read in a newer snapshot and
 * patched into the arrays and sort orders), then queries again. So a write is seen by every server
 * process as soon as it commits, and no list answers older data than is committed, with one
 * exception: a full rebuild, for too many changes (a big sync), during which the previous snapshot
 * answers (its exact total, the page's rows as they are now) until the new one is installed, rather
 * than the SQL path (seconds a list, a capped total). At start-up, with no snapshot yet, the list
 * answers from SQL. A sale made in this process is applied in place.
 */

interface ListIndexStats {
  /** Full reads of the table (start-up, too many changes). */
  builds: number;
  lastBuildMs: number;
  /** Where the last full read was built: in its own thread, or on this event loop (PGlite, or the thread failed). */
  lastBuildWhere: 'thread' | 'here' | null;
  /** Incremental refreshes (only the stones changed since the snapshot). */
  refreshes: number;
  lastRefreshMs: number;
  /** Of which reading the changed stones (the rest is patching the arrays and merging the sorts). */
  lastRefreshReadMs: number;
  lastRefreshStones: number;
  size: number;
  version: number | null;
}

export interface ListIndexOptions {
  /**
   * PostgreSQL's address: full reads are then built in a thread of their own, on a connection of
   * their own (`readListSnapshotInThread`), off the event loop. Without it (PGlite: one connection,
   * in this thread) they are built here.
   */
  databaseUrl?: string;
  /** Tests only: runs after a refresh has read the changes and before it applies them (a write lands in between). */
  beforeApplyingChanges?: () => Promise<void>;
}

/**
 * The index of one server process: built on first use; when a list finds the data newer, refreshed
 * with only the stones changed since (the list waits for it: tens of milliseconds), or rebuilt in the
 * background when too much changed (the previous snapshot answers meanwhile). One read at a time.
 */
export function createListIndex(db: Db, options: ListIndexOptions = {}) {
  let snapshot: ListSnapshot | null = null;
  let building: Promise<void> | null = null;
  let refreshing: Promise<void> | null = null;
  const stats: ListIndexStats = { builds: 0, lastBuildMs: 0, lastBuildWhere: null, refreshes: 0, lastRefreshMs: 0, lastRefreshReadMs: 0, lastRefreshStones: 0, size: 0, version: null };
  const pruning = createChangeLogPruning(db);

  function install(next: ListSnapshot) {
    snapshot = next;
    stats.size = next.size;
    stats.version = next.version;
    pruning.sawSnapshot();
  }

  /** A full read: in its thread when it can be; here when there is no address or the thread failed (it may be the database: then so does this). */
  async function readSnapshot(): Promise<ListSnapshot> {
    if (options.databaseUrl) {
      try {
        const built = await readListSnapshotInThread(options.databaseUrl);
        stats.lastBuildWhere = 'thread';
        return built;
      } catch {
        // Read here instead.
      }
    }
    const built = await readListSnapshot(db);
    stats.lastBuildWhere = 'here';
    return built;
  }

  function rebuild(): Promise<void> {
    building ??= (async () => {
      const started = performance.now();
      try {
        const built = await readSnapshot();
        // A sale applied in place while the build read may be newer than the build: keep the newer.
        if (!snapshot || built.version >= snapshot.version) {
          install(built);
          // The snapshot it replaced is garbage now (125 MB at a million stones).
          void releaseMemory();
        }
        stats.builds += 1;
        stats.lastBuildMs = performance.now() - started;
      } finally {
        building = null;
      }
    })();
    return building;
  }

  /** Applies the stones changed since the snapshot; starts a rebuild instead when that is the better read. */
  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const started = performance.now();
      try {
        const current = snapshot;
        if (!current || building) return;
        const changes = await readListChanges(db, current);
        const readMs = performance.now() - started;
        if (!changes) {
          void rebuild().catch(() => undefined);
          return;
        }
        await options.beforeApplyingChanges?.();
        // A rebuild installed meanwhile is at least as new.
        if (snapshot !== current || building) return;
        const next = applyListChanges(current, changes);
        if (!next) {
          void rebuild().catch(() => undefined);
          return;
        }
        install(next);
        stats.refreshes += 1;
        stats.lastRefreshMs = performance.now() - started;
        stats.lastRefreshReadMs = readMs;
        stats.lastRefreshStones = changes.rows.length;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return {
    /** The snapshot to answer from, or null (none yet): a build is started when there is none. */
    current(): ListSnapshot | null {
      if (!snapshot) void rebuild().catch(() => undefined);
      return snapshot;
    },
    /**
     * A list read version `seen`, not the snapshot's: brings the snapshot up to it by refreshing.
     * True when the list may query the index again; false when it should answer from SQL (no
     * snapshot, or a rebuild under way).
     */
    async catchUp(seen: number): Promise<boolean> {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (!snapshot || building) return false;
        if (snapshot.version >= seen) return true;
        try {
          await refresh();
        } catch {
          return false;
        }
      }
      return snapshot !== null && !building && snapshot.version >= seen;
    },
    /** Whether a rebuild is under way while an older snapshot exists (the lists answer from that one meanwhile). */
    isRebuilding: () => snapshot !== null && building !== null,
    /** Builds now (start-up, tests, the bench). */
    rebuild,
    /** Refreshes now (tests, the bench). */
    refresh,
    /**
     * A sale or its revert committed by this process at `version`: applied in place when it is the one
     * write after the snapshot's and no read is under way; otherwise the next list refreshes.
     */
    applySold(id: number, isSold: boolean, version: number) {
      if (!snapshot || building || refreshing || snapshot.version !== version - 1) return;
      if (!applySoldInPlace(snapshot, id, isSold, version)) return;
      stats.version = version;
    },
    stats: () => ({ ...stats }),
  };
}
export type ListIndex = ReturnType<typeof createListIndex>;

function createChangeLogPruning(db: Db) {
  const HOUR_MS = 3_600_000;
  let lastTriedAt = Number.NEGATIVE_INFINITY;
  return {
    sawSnapshot() {
      if (performance.now() - lastTriedAt < HOUR_MS) return;
      lastTriedAt = performance.now();
      void pruneListChanges(db).catch(() => undefined);
    },
  };
}
