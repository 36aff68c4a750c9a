import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { copyRows } from '../../../db/copy-rows.ts';
import type { FeedStone, FeedStoneKind } from '../../../integrations/nivoda/feed-stone.ts';
import { bumpListVersion } from '../list-index/list-index-sql.ts';
import { bandJoinSql, fallbackCategorySql, stonePriceSql } from '../pricing/diamond-price.ts';
import { readExchangeRate } from './diamond-settings.ts';
import { foldStoneCounts, stoneCountDeltaSql } from './stone-counts.ts';
import type { PackedKnownStones, StagedRead } from './stone-staging.ts';
import { STAGED_COLUMNS, STONE_COLUMNS, stagedRead } from './stone-staging.ts';

/**
 * The set-based ingest of a feed read (DESIGN §3 bulk writes): batches go into `diamond_feed_staging`
 * (one COPY each, committed, so the app keeps answering), then one transaction merges them
 * into `diamonds` with two statements (changed stones updated, then new ones inserted, each priced in
 * its statement) and, for a full read, one sweep marks the stones the read no longer holds as
 * unavailable. Readers see the table before or after, never half-way; a read that fails or is
 * killed leaves it as it was. Stones are never deleted (orders refer to them).
 */

export interface IngestScope {
  /** 'full': the read holds every stone of `kind` the source offers, so the rest are swept; 'incremental': only changes. */
  mode: 'full' | 'incremental';
  kind: FeedStoneKind;
}
export interface IngestCounts {
  /** Stones read from the feed (after the ones refused as malformed). */
  total: number;
  added: number;
  updated: number;
  /** Of the updated, those whose price changed. */
  repriced: number;
  /** Stones marked unavailable by a full read's sweep. */
  removed: number;
  /** Stones the feed sent with a value no column can hold (a carat of 5000, a price of "abc"): left out, named in the log. */
  rejected: number;
  /** Of the read, stones a full read found as the table holds them: not staged, not written. */
  unchanged: number;
}
export interface IngestOptions {
  /** Called after each staged batch, outside any transaction (a job's progress; it may throw to cancel). */
  onBatch?: (staged: number) => Promise<void>;
  /** Called once the read is complete, before the merge (the log's download step). */
  onDownloaded?: (staged: number) => Promise<void>;
  /** Runs inside the merge's transaction after the merge: the job's `succeed`, the log's end, in the same commit. */
  inTransaction?: (tx: Db, counts: IngestCounts) => Promise<void>;
  /** Called once the merge has committed, before the staged rows are cleared (the bench's timing). */
  onCommitted?: (counts: IngestCounts) => Promise<void>;
  /** Staged rows older than this are of reads that died; removed as a read starts. */
  staleStagingHours?: number;
}

const columnList = (prefix = '') => sql.raw(STONE_COLUMNS.map((name) => `${prefix}${name}`).join(', '));

// ---------------------------------------------------------------- staging

/**
 * The locks a merge and a repricing take first in their transactions, before they read anything.
 * Two syncs of one kind (a service started twice at once) merge one after the other: their stones
 * are the same, and two updates walking them in different orders could deadlock. Syncs of different
 * kinds merge side by side (disjoint stones), each holding the pricing lock shared; a repricing holds
 * it exclusively, so it sees every stone a merge committed (a stone inserted after the repricing's
 * snapshot would keep the old rate), and a merge that waited for it reads the new rate and bands.
 * Always taken in this order (kind, then pricing), they cannot deadlock among themselves.
 */
export async function holdForMerge(tx: Db, kind: FeedStoneKind) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`diamond-merge:${kind}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('diamond-pricing'))`);
}
export async function holdForRepricing(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('diamond-pricing'))`);
}

const clearStage = (db: Db, stageKey: string) => db.execute(sql`delete from diamond_feed_staging where stage_key = ${stageKey}::uuid`);

/** The stones a full read of `kind` covers: what its sweep may mark unavailable. */
export function kindCondition(kind: FeedStoneKind, alias = 'd'): SQL {
  const a = sql.raw(alias);
  if (kind === 'gemstone') return sql`${a}.is_gemstone`;
  return sql`not ${a}.is_gemstone and ${a}.is_lab = ${kind === 'lab'}`;
}

/** The shop's shape of a feed's shape words: the same name, or a name the words start with ('CUSHION MODIFIED' is a Cushion). */
export const shapeIdSql = (shapeRaw: SQL) =>
  sql`(select s.id from diamond_shapes s where s.deleted_at is null and (lower(s.name) = lower(${shapeRaw}) or lower(${shapeRaw}) like lower(s.name) || ' %') order by length(s.name) desc, s.id limit 1)`;

/** The shape category pricing a stone: its shape's, or Round/Fancy by its words when the shop has no such shape. */
export const categoryIdSql = (shapeId: SQL, shapeRaw: SQL) =>
  sql`coalesce((select s.shape_category_id from diamond_shapes s where s.id = ${shapeId}), ${fallbackCategorySql(shapeRaw)})`;

/**
 * A read's staged stones, one per source id: a stone sent twice in one read (the feed's pages moved
 * under it) keeps its last staging. Deleted from the stage once, before the merge's two statements
 * read it, and only when the read sent an id twice (`SeenIds`), by an anti-join on (source id, seq):
 * sorting 600,000 staged rows of 750 bytes to keep the last spilled 150 MB to disk.
 */
async function dropSuperseded(db: Db, stageKey: string) {
  await db.execute(sql`
    delete from diamond_feed_staging st where st.stage_key = ${stageKey}::uuid
      and exists (select 1 from diamond_feed_staging later where later.stage_key = st.stage_key and later.source_id = st.source_id and later.seq > st.seq)`);
}

/**
 * The staged stones, each with its shop shape and price, as the `priced` rows of a statement's
 * WITH (alias `s` for the staged columns), joined to `diamonds` as `d` by `stored`: `join` for the
 * stones the table holds, or none (the statement tests the table itself).
 * The shape map is materialised: a few rows, one per distinct shape word. Inlined, its two subqueries
 * were run for every stone, several times each (the band's hash key): 23 of a 40 s merge of 120,000.
 */
function pricedStones(source: string, stageKey: string, usdToGbp: string | null, stored: 'join' | 'none'): SQL {
  const stone = { supplierPrice: sql`s.supplier_price`, supplierCurrency: sql`s.supplier_currency`, carat: sql`s.carat`, isLab: sql`s.is_lab`, categoryId: sql`m.category_id` };
  const storedColumns =
    stored === 'join'
      ? sql`, d.id as existing_id, d.feed_hash as old_feed_hash, d.shape_id as old_shape_id, d.price as old_price,
        d.unpriced_reason as old_unpriced_reason, d.is_unavailable as was_unavailable, d.is_gemstone as old_is_gemstone, d.is_lab as old_is_lab`
      : sql``;
  const storedJoin = stored === 'join' ? sql`join diamonds d on d.source = ${source} and d.source_id = s.source_id` : sql``;
  return sql`shape_map as materialized (
      select r.shape_raw, r.shape_id, ${categoryIdSql(sql`r.shape_id`, sql`r.shape_raw`)} as category_id
      from (select raw.shape_raw, ${shapeIdSql(sql`raw.shape_raw`)} as shape_id
        from (select distinct shape_raw from diamond_feed_staging where stage_key = ${stageKey}::uuid) raw) r
    ),
    priced as (
      select s.*, m.shape_id, ${stonePriceSql(stone, usdToGbp)}${storedColumns}
      from diamond_feed_staging s
      join shape_map m on m.shape_raw = s.shape_raw
      ${storedJoin}
      left join ${bandJoinSql(stone)}
      where s.stage_key = ${stageKey}::uuid
    )`;
}

/**
 * The merge, two statements in the caller's transaction: the stones the table holds are updated when
 * a feed column (its digest) or the shop's shape, price or offer differs (a stone offered again is
 * available again); then the rest are inserted. Two statements rather than one with both as CTEs: the
 * priced rows would be read by two CTEs and so materialised whole (every staged column, ~800 bytes a
 * stone, to temporary files at a million); each statement now streams its own.
 */
async function merge(tx: Db, source: string, stageKey: string, usdToGbp: string | null) {
  const setList = sql.raw(['feed_hash', 'shape_id', 'price', 'unpriced_reason', ...STONE_COLUMNS].map((name) => `${name} = p.${name}`).join(', '));
  // What changed is told by the feed columns' digest (made as they were staged) and the shop's own
  // columns, so the existing stones are read for a few narrow columns: comparing every column read
  // each stone's whole row (a second hash of the table, 14 s of a nightly full merge of 600,000 where
  // 10,000 had changed).
  const updated = await tx.execute(sql`
    with ${pricedStones(source, stageKey, usdToGbp, 'join')},
    updated as (
      update diamonds d set ${setList}, is_unavailable = false, last_seen_at = now(), updated_at = now(), version = d.version + 1
      from priced p where d.id = p.existing_id
        and (p.old_feed_hash, p.old_shape_id, p.old_price, p.old_unpriced_reason, p.was_unavailable)
          is distinct from (p.feed_hash, p.shape_id, p.price, p.unpriced_reason, false)
      returning (p.old_price is distinct from p.price) as is_repriced, p.old_is_gemstone, p.old_is_lab, p.was_unavailable,
        p.old_price is not null as was_priced, d.is_gemstone, d.is_lab, d.is_sold, d.price is not null as is_priced
    ),
    -- The stone as it was counted out, as it is counted in (a sale does not move in a merge: is_sold is the row's own).
    counted as (${stoneCountDeltaSql(sql`
      select -1 as n, old_is_gemstone as is_gemstone, old_is_lab as is_lab, was_unavailable as is_unavailable, is_sold, was_priced as is_priced from updated
      union all select 1, is_gemstone, is_lab, false, is_sold, is_priced from updated`)})
    select count(*)::int as updated, (count(*) filter (where is_repriced))::int as repriced from updated`);
  const added = await tx.execute(sql`
    with ${pricedStones(source, stageKey, usdToGbp, 'none')},
    added as (
      insert into diamonds (source, source_id, feed_hash, shape_id, price, unpriced_reason, ${columnList()})
      select ${source}, p.source_id, p.feed_hash, p.shape_id, p.price, p.unpriced_reason, ${columnList('p.')} from priced p
      where not exists (select 1 from diamonds d where d.source = ${source} and d.source_id = p.source_id)
      returning is_gemstone, is_lab, price is not null as is_priced
    ),
    counted as (${stoneCountDeltaSql(sql`select 1 as n, is_gemstone, is_lab, false as is_unavailable, false as is_sold, is_priced from added`)})
    select count(*)::int as added from added`);
  const row = (updated as unknown as { rows: { updated: number; repriced: number }[] }).rows[0]!;
  const addedRow = (added as unknown as { rows: { added: number }[] }).rows[0]!;
  return { added: Number(addedRow.added), updated: Number(row.updated), repriced: Number(row.repriced) };
}

/** A full read's view of the stones it may leave unstaged and may sweep (`readKnownStones`). */
interface KnownRead {
  known: PackedKnownStones;
  /** Stones on offer the read must stage to keep as they are (no digest yet, or a shape the shop now maps otherwise): swept unless staged. */
  unmatchableIds: Int32Array;
  /** The highest stone id when it was read: a stone inserted after it is the sweep's to look at too. */
  maxId: number;
}

/**
 * The stones of `kind` from `source` on offer, as a full read compares them (stone-staging.ts,
 * `KnownStones`): those whose digest and shop shape a read would give them again are matched by
 * fingerprint and left unstaged when the read sends them unchanged; the rest are staged and merged.
 * One statement, one text of 24 hex digits a stone (fingerprint, id) in fingerprint order: 24 MB at
 * a million, parsed into 12 bytes a stone where the read runs. A stone's price is not compared: a change of rate or
 * markup reprices every stone (the repricing job), not the sync.
 */
async function readKnownStones(db: Db, source: string, kind: FeedStoneKind): Promise<KnownRead> {
  const ofKind = sql`d.source = ${source} and not d.is_unavailable and ${kindCondition(kind)}`;
  const result = await db.execute(sql`
      with shape_map as materialized (
        select r.shape_raw, ${shapeIdSql(sql`r.shape_raw`)} as shape_id from (select distinct d.shape_raw from diamonds d where ${ofKind}) r
      ), stones as materialized (
        select d.id, case when d.feed_hash is not null and d.shape_id is not distinct from m.shape_id
          then substr(md5(d.source_id || ':' || replace(d.feed_hash::text, '-', '')), 1, 16) end as fingerprint
        from diamonds d join shape_map m on m.shape_raw = d.shape_raw where ${ofKind}
      )
      select (select string_agg(fingerprint || lpad(to_hex(id), 8, '0'), '' order by fingerprint) from stones where fingerprint is not null) as packed,
        (select string_agg(id::text, ',') from stones where fingerprint is null) as unmatchable,
        (select max(id) from diamonds) as max_id`);
  const row = (result as unknown as { rows: { packed: string | null; unmatchable: string | null; max_id: number | null }[] }).rows[0];
  const unmatchableIds = row?.unmatchable ? Int32Array.from(row.unmatchable.split(','), Number) : new Int32Array(0);
  return { known: row?.packed ?? '', unmatchableIds, maxId: Number(row?.max_id ?? 0) };
}

/** Whether any stone of `kind` from `source` is on offer (not swept). */
async function isOnOffer(tx: Db, source: string, kind: FeedStoneKind): Promise<boolean> {
  const result = await tx.execute(sql`select exists (select 1 from diamonds d where d.source = ${source} and not d.is_unavailable and ${kindCondition(kind)}) as found`);
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

/**
 * A full read's sweep: stones of its kind it no longer holds become unavailable (never deleted). The
 * stones it did not send unchanged (`missedIds`: gone, or changed and so staged) and those inserted
 * since it read the known stones, less the staged ones. A stone made available again by another write
 * while the read ran is not looked at: the next full read's sweep is.
 */
async function sweep(tx: Db, source: string, stageKey: string, kind: FeedStoneKind, missedIds: Int32Array, maxId: number): Promise<number> {
  const result = await tx.execute(sql`
    with swept as (
      update diamonds d set is_unavailable = true, updated_at = now(), version = d.version + 1
      where d.source = ${source} and not d.is_unavailable and ${kindCondition(kind)}
        and (d.id = any(${sql.param(Array.from(missedIds))}::int[]) or d.id > ${maxId})
        and not exists (select 1 from diamond_feed_staging s where s.stage_key = ${stageKey}::uuid and s.source_id = d.source_id)
      returning d.is_gemstone, d.is_lab, d.is_sold, d.price is not null as is_priced
    ),
    counted as (${stoneCountDeltaSql(sql`select -1 as n, is_gemstone, is_lab, false as is_unavailable, is_sold, is_priced from swept`)})
    select count(*)::int as removed from swept`);
  return Number((result as unknown as { rows: { removed: number }[] }).rows[0]!.removed);
}

/** More stones added than this by one merge: the table's statistics are read again after its commit. */
const ANALYZE_AFTER_ADDED = 50_000;

/** Refused: a full read that brought nothing would mark every stone of its kind unavailable; a feed gone quiet is not a sold-out shop. */
export const EMPTY_FULL_READ = 'The feed returned no stones for a full sync; nothing was changed.';

/**
 * Ingests a feed read: stages its batches, then merges, prices and (full) sweeps in one transaction.
 * Throws (leaving the diamonds as they were) when the read throws, or a full read is empty.
 */
export async function ingestStones(db: Db, source: string, read: AsyncIterable<FeedStone[]> | StagedRead, scope: IngestScope, options: IngestOptions = {}): Promise<IngestCounts> {
  const stageKey = randomUUID();
  await db.execute(sql`delete from diamond_feed_staging where created_at < now() - make_interval(hours => ${options.staleStagingHours ?? 12})`);
  // A feed's batches are staged here; a read in a worker thread (`readInWorker`) brings its rows made.
  const staging = 'outcome' in read ? read : stagedRead(read);
  // A full read stages only the stones the table does not hold as the read sends them: a nightly
  // sync with nothing changed stages, merges and writes nothing (it staged a million rows, ~1.1 GB).
  const knownRead = scope.mode === 'full' ? await readKnownStones(db, source, scope.kind) : null;
  let staged = 0;
  /** Stones read: staged, or sent unchanged and left out. */
  let readCount = 0;
  let rejected = 0;
  // One batch's COPY runs in the database while the next batch is read and prepared (the feed's
  // download, the digest): the two take turns otherwise, each idle half the time. Never more than
  // one in flight, so a batch's progress is reported once its rows are committed.
  let inFlight: Promise<void> | null = null;
  const settle = async () => {
    const insert = inFlight;
    inFlight = null;
    if (insert) await insert;
  };
  try {
    for await (const batch of staging.batches(stageKey, knownRead?.known)) {
      rejected += batch.rejected;
      await settle();
      if (readCount > 0) await options.onBatch?.(readCount);
      if (batch.count) {
        inFlight = copyRows(db, 'diamond_feed_staging', STAGED_COLUMNS, batch.rows);
        // Awaited by the next settle (or the finally below); marked handled meanwhile, so a failure
        // while the next batch is read is not an unhandled rejection.
        inFlight.catch(() => undefined);
        // A turn of the event loop, so the rows are on the wire before the next batch's work starts.
        await new Promise((resolve) => setImmediate(resolve));
      }
      staged += batch.count;
      readCount += batch.count + batch.unchanged;
    }
    await settle();
    await options.onBatch?.(readCount);
    await options.onDownloaded?.(readCount);
    if (scope.mode === 'full' && readCount === 0) throw new Error(EMPTY_FULL_READ);
    const outcome = staging.outcome();
    // Statistics of what was just staged: without them the planner takes a million staged rows for a
    // few hundred and probes the staging index once per stone in the merge (1.7 s for 120,000).
    if (staged > 0) await db.execute(sql`analyze diamond_feed_staging (stage_key, source_id)`);
    if (outcome.repeatedIds) await dropSuperseded(db, stageKey);
    const counts = await db.transaction(async (tx) => {
      await holdForMerge(tx, scope.kind);
      // The merge sorts the staged stones by source id and hashes them against the table: in memory, not spilled to disk in 4 MB runs.
      await tx.execute(sql`set local work_mem = '64MB'`);
      const { rate } = await readExchangeRate(tx);
      // A full read into a kind with no stone on offer (the first load) has nothing to sweep: every
      // stone of the kind on offer after the merge is one it wrote. Asked before the merge, so the
      // sweep's pass over the new stones and the staged ids (1-2 s at 600,000) is not spent for nothing.
      const sweeps = scope.mode === 'full' && (await isOnOffer(tx, source, scope.kind));
      const merged = await merge(tx, source, stageKey, rate);
      const missedIds = knownRead ? Int32Array.from([...outcome.missedIds, ...knownRead.unmatchableIds]) : new Int32Array(0);
      const removed = sweeps && knownRead ? await sweep(tx, source, stageKey, scope.kind, missedIds, knownRead.maxId) : 0;
      if (merged.added + merged.updated + removed > 0) await bumpListVersion(tx);
      // The service screen's counts: this merge's deltas and those before it folded into a row per kind.
      await foldStoneCounts(tx);
      const result: IngestCounts = { total: readCount, ...merged, removed, rejected, unchanged: outcome.unchanged };
      await options.inTransaction?.(tx, result);
      return result;
    });
    await options.onCommitted?.(counts);
    // A load that grew the table by a good part leaves the planner's statistics far behind (after a
    // first load they still say "empty", autovacuum's analyze comes a minute later, or never where it
    // is off), and the next kind's merge then walked all 600,000 stones it had just loaded through
    // the source index to find none of its own (3.7 s). Read again at once, after the commit, for
    // the columns the merge and sweep join and filter on (and the row count): 0.4 s at a million,
    // where every column took 29 s.
    if (counts.added > ANALYZE_AFTER_ADDED) await db.execute(sql`analyze diamonds (source, source_id, is_lab, is_gemstone, is_unavailable)`);
    return counts;
  } finally {
    // A read that failed while a batch was on its way: that batch is in before the stage is cleared.
    await settle().catch(() => undefined);
    await clearStage(db, stageKey);
    // A read leaves the staging table as large as it was, all dead rows: the next read (an hourly
    // incremental of a few thousand) scanned the 270 MB a million left, three times (0.8 s), until
    // autovacuum came by. Vacuumed now (a few pages after a small read), the space is free at once,
    // and returned when the table is empty. Not inside a caller's transaction (the demo data's), where
    // vacuum cannot run.
    if (!(db instanceof PgTransaction)) await db.execute(sql`vacuum diamond_feed_staging`);
  }
}
