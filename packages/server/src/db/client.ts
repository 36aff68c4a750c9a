import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import type { Db as JobsDatabase } from 'pg-boss';

/** Drizzle over either driver; a transaction has the same type, so services take `Db` for both. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows a raw statement (`db.execute`) returned: both drivers answer `{ rows }`, typed here by the caller. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const MIGRATIONS_DIR = new URL('../../drizzle', import.meta.url).pathname;

/** Opens PostgreSQL at `url` (a pool) and applies the migrations. */
export async function openPostgres(url: string, opts: { poolSize?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  let isClosing = false;
  // An idle connection the server ends (a restart, a dropped database, an administrator) is an
  // 'error' on the pool; unheard, it would take the process down. The pool discards that client and
  // opens another for the next query, so it is only worth a word while the app is running.
  pool.on('error', (error) => {
    if (!isClosing) console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  pool.on('connect', coalesceQueryWrites);
  const db = drizzlePg(pool);
  await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: () => {
      isClosing = true;
      return pool.end();
    },
  };
}

/**
 * node-postgres writes each message of a query (parse, bind, describe, execute, sync) to the socket
 * on its own: a system call or a queued write apiece, about 15% of a small list's CPU. Corking the
 * socket from a query's first message until the end of the tick sends them as one write.
 * (`connection._send` is node-postgres's one path for those messages; pg 8.)
 */
function coalesceQueryWrites(client: pg.PoolClient) {
  const connection = (client as unknown as { connection?: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void }; _send?: (buffer: Buffer) => boolean } })
    .connection;
  const send = connection?._send;
  if (!connection || typeof send !== 'function') return;
  const { stream } = connection;
  let isCorked = false;
  const uncork = () => {
    isCorked = false;
    stream.uncork();
  };
  connection._send = (buffer: Buffer) => {
    if (!isCorked) {
      isCorked = true;
      stream.cork();
      process.nextTick(uncork);
    }
    return send.call(connection, buffer);
  };
}

/**
 * Opens embedded PGlite in `dataDir` (or in memory when undefined) and applies the migrations (a
 * no-op on a database that has them all).
 * A lock file keeps a second process out: two PGlite instances on one folder corrupt it.
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  try {
    // PGlite and its drivers load only for the embedded database: a server on PostgreSQL never holds them.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    // relaxedDurability stays off: the embedded database holds a shop's data, not a cache.
    // A new database may start from a dump (tests start from a migrated, bootstrapped template).
    // pg_trgm serves the lists' substring search (trigram indexes); PGlite ships it as a loadable extension.
    const extensions = { pg_trgm };
    const client = dataDir
      ? new PGlite(path.join(dataDir, 'pgdata'), { relaxedDurability: false, extensions, loadDataDir: opts.loadDataDir })
      : new PGlite({ loadDataDir: opts.loadDataDir, extensions });
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export class DataDirLockedError extends Error {}

/** Takes `dataDir/facet.lock` holding our pid; a lock left by a dead process is taken over. */
function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'facet.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // Closed before the process ends: the exit listener goes too (a process that opens and closes
        // many databases, a test worker, would otherwise keep one listener and its closure per database).
        process.off('exit', release);
        fs.rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/**
 * pg-boss's database adapter over the driver the app already holds, so jobs use the same
 * connection(s) as everything else: PGlite through pg-boss's own `fromPglite` (it runs multi-statement
 * plans through `exec`), a node-postgres pool with the rows of a multi-statement query flattened, as
 * pg-boss's bundled driver does.
 */
/** PGlite told apart without loading it (`instanceof` would): its instance waits for readiness and runs multi-statement text. */
const isPglite = (client: unknown): client is PGlite => typeof client === 'object' && client !== null && 'waitReady' in client && 'exec' in client;

export function jobsDatabaseOf(db: Db): { kind: Database['kind']; adapter: JobsDatabase } {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) return { kind: 'pglite', adapter: fromPglite(client) };
  const pool = client as pg.Pool;
  return {
    kind: 'postgres',
    adapter: {
      async executeSql(text: string, values?: unknown[]) {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : { rows: result.rows };
      },
    },
  };
}
