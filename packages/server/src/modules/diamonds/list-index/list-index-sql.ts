import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { CompactRow, ListChanges, ListSnapshot } from './list-snapshot.ts';
import { createListSnapshotBuilder } from './list-snapshot.ts';

/**
 * The diamonds list index's SQL (the index itself: list-snapshot.ts). Consistency: every write the
 * list can see raises `diamond_list_state.version` in its own transaction (`bumpListVersion`), and
 * statement triggers log the stones it wrote with its transaction id (`diamond_list_changes`). A
 * snapshot is read with its version and the PostgreSQL snapshot it was read at (one repeatable-read
 * transaction, `readListSnapshot`); a refresh reads the stones of the transactions it did not see
 * (`readListChanges`). The log is kept to about a day (`pruneListChanges`).
 */

/** Raises the list's version: call in the transaction of every write to `diamonds` (merge, sweep, repricing, sale). */
export async function bumpListVersion(tx: Db): Promise<number> {
  const result = await tx.execute(
    sql`insert into diamond_list_state (id, version) values (1, 1) on conflict (id) do update set version = diamond_list_state.version + 1 returning version`,
  );
  return Number((result as unknown as { rows: { version: string | number }[] }).rows[0]!.version);
}

/** The version now in force, as a select expression (read with the page's rows, in one statement). */
export const listVersionSql = sql<string>`coalesce((select version from diamond_list_state where id = 1), 0)`;

/**
 * Rows a build reads at a time. The driver turns a batch into objects in one go, on the event loop
 * the lists share (the previous snapshot answers them during a rebuild): 100,000 rows held it for
 * hundreds of milliseconds at a time; a quarter of that, a quarter of the wait.
 */
const BUILD_BATCH = 25_000;
/**
 * A refresh reads the changed stones by id; past this many (or a statement that logged "too many"),
 * reading the whole table in id order is as quick, and the index is rebuilt instead.
 */
const MOST_CHANGES_REFRESHED = 50_000;
/**
 * The change log keeps a day (`pruneListChanges`); an index whose snapshot is older than this rebuilds,
 * since the log may no longer hold everything after it. An hour's margin.
 */
const CHANGE_LOG_HOURS = 24;
const SNAPSHOT_MAX_AGE_MS = (CHANGE_LOG_HOURS - 1) * 3_600_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const COMPACT_COLUMNS = sql`id as i, (is_gemstone::int + 2 * is_lab::int + 4 * is_sold::int + 8 * is_unavailable::int) as f, shape_id as s,
  color as co, clarity as cl, cut as cu, price::text as p, (carat * 1000)::int as c,
  (extract(epoch from created_at) * 1000000)::bigint::text as t, stock_id_lower as k, certificate_lower as ce`;
/** The snapshot's version, PostgreSQL snapshot and clock: the first statement of a repeatable-read read. */
const SNAPSHOT_HEAD = sql`${listVersionSql} as version, pg_current_snapshot()::text as snap, (extract(epoch from now()) * 1000)::float8 as at`;
interface SnapshotHeadRow {
  version: string;
  snap: string;
  at: number;
}

/** Reads the snapshot from PostgreSQL: the version and every stone, in one repeatable-read transaction. */
export async function readListSnapshot(db: Db): Promise<ListSnapshot> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [head] = rowsOf<SnapshotHeadRow & { size: string }>(await tx.execute(sql`select ${SNAPSHOT_HEAD}, (select count(*) from diamonds) as size`));
    const builder = createListSnapshotBuilder(Number(head!.size));
    let after = 0;
    for (;;) {
      const rows = rowsOf<CompactRow>(await tx.execute(sql`select ${COMPACT_COLUMNS} from diamonds where id > ${after} order by id limit ${BUILD_BATCH}`));
      const hasRoom = builder.push(rows);
      if (rows.length < BUILD_BATCH || !hasRoom) break;
      after = rows[rows.length - 1]!.i;
    }
    return builder.finish({ version: Number(head!.version), pgSnapshot: head!.snap, readAt: Number(head!.at) });
  });
}

/**
 * The change log's mark of a statement that changed the price of more stones than the log lists one by
 * one, and nothing else the index holds (`markPricesOnly`): the refresh reads every stone's price
 * instead of rebuilding. No stone has this id.
 */
const PRICES_ONLY = -1;

/**
 * Called by a repricing in its transaction right after its one update statement: when that statement
 * logged "too many" (a row with no stone) and no earlier statement of the transaction had, the row
 * is turned into the prices-only mark. A transaction that also wrote many stones otherwise keeps its
 * "too many" row, and the index rebuilds.
 */
export async function markPricesOnly(tx: Db, hadTooMany: boolean): Promise<void> {
  if (hadTooMany) return;
  await tx.execute(sql`update diamond_list_changes set diamond_id = ${PRICES_ONLY} where xid = pg_current_xact_id() and diamond_id is null`);
}

/** Whether this transaction has logged a statement of too many stones so far (read before a repricing's statement). */
export async function hasLoggedTooMany(tx: Db): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await tx.execute(sql`select exists (select 1 from diamond_list_changes where xid = pg_current_xact_id() and diamond_id is null) as found`));
  return row!.found;
}

/** The xmin of a `pg_current_snapshot()` text ('xmin:xmax:xip,...'): no transaction below it was running. */
const snapshotXmin = (pgSnapshot: string) => pgSnapshot.slice(0, pgSnapshot.indexOf(':'));

/**
 * The stones written by the transactions `snapshot` did not see (the change log, through its xid
 * index), read as they are now, with the version, in one repeatable-read transaction. Null when a
 * rebuild is the better read: too many changed stones, a statement that logged "too many", or a
 * snapshot older than the log's retention.
 */
export async function readListChanges(db: Db, snapshot: ListSnapshot): Promise<ListChanges | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [head] = rowsOf<SnapshotHeadRow>(await tx.execute(sql`select ${SNAPSHOT_HEAD}`));
    if (Number(head!.at) - snapshot.readAt > SNAPSHOT_MAX_AGE_MS) return null;
    const changed = rowsOf<{ id: number | null }>(
      await tx.execute(sql`
        select diamond_id as id from diamond_list_changes
        where xid >= ${snapshotXmin(snapshot.pgSnapshot)}::xid8 and not pg_visible_in_snapshot(xid, ${snapshot.pgSnapshot}::pg_snapshot)
        group by diamond_id limit ${MOST_CHANGES_REFRESHED + 1}`),
    );
    if (changed.length > MOST_CHANGES_REFRESHED || changed.some((row) => row.id === null)) return null;
    const ids = changed.map((row) => row.id!).filter((id) => id !== PRICES_ONLY);
    const rows = ids.length ? rowsOf<CompactRow>(await tx.execute(sql`select ${COMPACT_COLUMNS} from diamonds where id = any(${sql.param(ids)}::int[])`)) : [];
    // A repricing of the feed: two texts (ids, prices) rather than a million rows, split here.
    let prices: ListChanges['prices'] = null;
    if (ids.length < changed.length) {
      const [all] = rowsOf<{ ids: string | null; prices: string | null }>(
        await tx.execute(sql`select string_agg(id::text, ',' order by id) as ids, string_agg(coalesce(price::text, ''), ',' order by id) as prices from diamonds`),
      );
      const idTexts = all!.ids === null ? [] : all!.ids.split(',');
      const priceTexts = all!.prices === null ? [] : all!.prices.split(',');
      prices = {
        ids: Int32Array.from(idTexts, Number),
        prices: Float64Array.from(priceTexts, (text) => (text === '' ? Number.NaN : Number(text))),
      };
    }
    return { version: Number(head!.version), pgSnapshot: head!.snap, readAt: Number(head!.at), rows, prices };
  });
}

/**
 * Keeps the change log to about a day, whichever server processes come and go. The horizon in
 * `diamond_list_state` is the xmin of a snapshot taken when it was set; once it is a day old, the log
 * rows of transactions below it are deleted and a new horizon is taken. That is safe for every index:
 * a snapshot read after the horizon was taken has an xmin at least as high, so it never needs those
 * rows; one read before it is more than 23 hours old (`SNAPSHOT_MAX_AGE_MS`) and rebuilds instead of
 * refreshing. Each process tries at most once an hour; nothing happens until the horizon is a day old.
 */
export async function pruneListChanges(db: Db): Promise<void> {
  const due = sql`(changes_horizon_at is null or changes_horizon_at <= now() - make_interval(hours => ${CHANGE_LOG_HOURS}))`;
  await db.execute(sql`
    with horizon as (
      select changes_horizon_xmin as xmin from diamond_list_state where id = 1 and ${due}
    ), pruned as (
      delete from diamond_list_changes where xid < (select xmin from horizon)
    )
    update diamond_list_state set changes_horizon_xmin = pg_snapshot_xmin(pg_current_snapshot()), changes_horizon_at = now()
    where id = 1 and ${due}`);
}

/** What a snapshot's thread is started with (list-snapshot.worker.ts). */
export interface SnapshotThreadStart {
  databaseUrl: string;
}

/**
 * `readListSnapshot` in a thread of its own with its own connection (PostgreSQL; PGlite has one
 * connection, in this thread): a build of a million stones held the event loop for 20 turns of up to
 * 0.9 s (decoding the rows, collecting them, the sorts) while staff's requests waited.
 */
export function readListSnapshotInThread(databaseUrl: string): Promise<ListSnapshot> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./list-snapshot.worker.ts', import.meta.url), { workerData: { databaseUrl } satisfies SnapshotThreadStart });
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      void worker.terminate();
      outcome();
    };
    worker.on('message', (message: { snapshot: ListSnapshot } | { failed: string }) =>
      settle(() => ('failed' in message ? reject(new Error(message.failed)) : resolve(withBuffers(message.snapshot)))),
    );
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the list snapshot's thread stopped (exit code ${code})`))));
  });
}

/** A snapshot as another thread sent it: its packed texts' bytes arrive as plain Uint8Arrays, and their reads are Buffer's. */
function withBuffers(snapshot: ListSnapshot): ListSnapshot {
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...snapshot,
    texts: {
      sku: { ...snapshot.texts.sku, bytes: asBuffer(snapshot.texts.sku.bytes) },
      certificate: { ...snapshot.texts.certificate, bytes: asBuffer(snapshot.texts.certificate.bytes) },
    },
  };
}
