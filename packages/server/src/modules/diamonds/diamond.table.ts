import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { searchIndexes } from '../../db/columns.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';

/**
 * The feed's stone columns, as the staging table and the diamonds table both hold them: one list, so
 * the ingest's unnest, its change check and its insert cannot drift apart.
 */
const stoneColumns = {
  stockId: text('stock_id').notNull(),
  certificate: text('certificate'),
  lab: text('lab'),
  /** The feed's own shape words ('CUSHION MODIFIED'); the shop's shape is `shape_id`. */
  shapeRaw: text('shape_raw').notNull(),
  /** '1.01 ct Round H VS1 Excellent Lab Grown Diamond', built at ingest from the other columns. */
  name: text('name').notNull(),
  carat: numeric('carat', { precision: 6, scale: 3 }).notNull(),
  color: text('color'),
  clarity: text('clarity'),
  cut: text('cut'),
  polish: text('polish'),
  symmetry: text('symmetry'),
  fluorescence: text('fluorescence'),
  fluorescenceColor: text('fluorescence_color'),
  lengthMm: numeric('length_mm', { precision: 7, scale: 2 }),
  widthMm: numeric('width_mm', { precision: 7, scale: 2 }),
  depthMm: numeric('depth_mm', { precision: 7, scale: 2 }),
  depthPercent: numeric('depth_percent', { precision: 5, scale: 2 }),
  tablePercent: numeric('table_percent', { precision: 5, scale: 2 }),
  girdle: text('girdle'),
  image: text('image'),
  video: text('video'),
  availability: text('availability').notNull(),
  isLab: boolean('is_lab').notNull(),
  isGemstone: boolean('is_gemstone').notNull(),
  gemType: text('gem_type'),
  vendor: text('vendor'),
  supplierPrice: numeric('supplier_price', { precision: 14, scale: 2 }).notNull(),
  supplierCurrency: text('supplier_currency').notNull(),
};

/**
 * The canonical stone (one row per feed offer: source and source id). Never deleted: an order refers
 * to its stone; a stone the feed no longer offers is `is_unavailable`. `price` is the shop's price in
 * whole pounds, null when the stone is not for sale (`unpriced_reason`: no markup band, no rate).
 * `created_at` is when the stone was first seen (the list's Created Date).
 *
 * The list's filters and sorts are answered by a read-side index rebuilt from this table
 * (`diamond-list-index.ts`), so the table keeps only the source id (the merge's match), SKU and
 * certificate substrings (trigram indexes over stored lowercased columns: the list's searches), sold
 * stones and shapes (a shape's deletion check). `price` is in no index: a repricing or a feed's new
 * price updates rows in place (HOT; the table's fillfactor leaves each page room), writing no index
 * entry.
 */
export const diamonds = pgTable(
  'diamonds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull().default(1),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    ...stoneColumns,
    /**
     * The shop's shape (`diamond_shapes.id`), set by the merge from the live shapes only. No foreign key:
     * its check ran once per stone written (16 s of a full merge of a million), and shapes are never
     * hard-deleted (a deleted shape keeps its row), so there is nothing for it to catch.
     */
    shapeId: integer('shape_id'),
    /**
     * A digest of the feed columns as last written (`feedHashOf` in the ingest, made as the stone was
     * read): the merge tells a changed stone by it without reading the stored row. Null (a stone
     * from before it) counts as changed.
     */
    feedHash: uuid('feed_hash'),
    price: numeric('price', { precision: 12, scale: 0 }),
    unpricedReason: text('unpriced_reason', { enum: ['no_band', 'no_rate'] }),
    isSold: boolean('is_sold').notNull().default(false),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    soldBy: integer('sold_by'),
    /** The order the stone is reserved for (sold through the storefront); null when staff marked it sold, or it is not sold. */
    soldOrderNumber: text('sold_order_number'),
    isUnavailable: boolean('is_unavailable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    stockIdLower: text('stock_id_lower')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${diamonds.stockId})`),
    certificateLower: text('certificate_lower').generatedAlwaysAs((): SQL => sql`lower(${diamonds.certificate})`),
  },
  // Few indexes, since each costs every stone a feed inserts: the source id (the merge's match) and
  // sold stones. The list's filters, sorts and SKU and certificate substrings are answered by the
  // list's read-side index (list-index/list-snapshot.ts); the two trigram GINs that served the substrings
  // were 60% of a first load's insert (migration 0017), and the shape btree served nothing.
  (t) => [
    uniqueIndex('diamonds_source_id').on(t.source, t.sourceId),
    index('diamonds_sold').on(t.soldAt).where(sql`is_sold`),
  ],
);

/** A transaction id (`pg_current_xact_id()`), read and compared in SQL only. */
const transactionId = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * One row (id 1): the version of the diamonds' list data, raised in the same transaction as every write
 * the list can see (a merge, a sweep, a repricing, a sale). The read-side list index holds the version
 * it was built at and answers only while the two agree (`diamond-list-index.ts`), so every server
 * process sees each write as soon as it commits.
 */
export const diamondListState = pgTable('diamond_list_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /**
   * The change log's pruning horizon: the xmin of a snapshot taken at `changes_horizon_at`. A day
   * later the log's rows below it are deleted and a new horizon is taken (`pruneListChanges`).
   */
  changesHorizonXmin: transactionId('changes_horizon_xmin'),
  changesHorizonAt: timestamp('changes_horizon_at', { withTimezone: true }),
});

/**
 * Which stones each transaction wrote: one row per stone inserted or updated, with the writing
 * transaction's id, appended by statement triggers on `diamonds` (migration 0013), so no write can
 * forget it and the writes' own statements are unchanged. The read-side list index keeps the
 * PostgreSQL snapshot it last read at and refreshes by reading only the stones of the transactions
 * that snapshot did not see (`xid >= snapshot's xmin` through the index, then
 * `pg_visible_in_snapshot`). A statement writing more than 50,000 stones logs one row with no stone
 * ("too many: rebuild"). A log table rather than a change stamp on `diamonds`: a stamp column in an
 * index would make every repricing update a non-HOT one, writing an entry into each of the table's
 * indexes (two of them trigram GINs).
 */
export const diamondListChanges = pgTable(
  'diamond_list_changes',
  {
    xid: transactionId('xid').notNull(),
    /** Null: the statement wrote more stones than are worth reading one by one. */
    diamondId: integer('diamond_id'),
  },
  (t) => [index('diamond_list_changes_xid').on(t.xid)],
);

/**
 * What a feed read brings, batch by batch, before the one merge: each batch committed on its own
 * (the app and the job's progress get through on PGlite's single connection), keyed by the read.
 * Rows of a read that died are removed by the next read (`created_at`).
 */
export const diamondFeedStaging = pgTable(
  'diamond_feed_staging',
  {
    stageKey: uuid('stage_key').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    sourceId: text('source_id').notNull(),
    /** The stone's `feed_hash`, made as it was read. */
    feedHash: uuid('feed_hash'),
    ...stoneColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diamond_feed_staging_key').on(t.stageKey, t.sourceId)],
);

/**
 * The service log (document 3 §3: service name, download, insert into database, start and end time,
 * error message, total count) plus what a shop needs: added, updated, repriced, removed. A run with
 * no end time is running (document 3 §4), unless its job died (the job's status says so).
 */
export const diamondFeedRuns = pgTable(
  'diamond_feed_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceName: text('service_name').notNull(),
    /** natural, lab, gemstone (feed reads), reprice, demo. */
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    download: text('download', { enum: ['pending', 'running', 'done', 'failed'] }).notNull().default('pending'),
    insertInDatabase: text('insert_in_database', { enum: ['pending', 'running', 'done', 'failed'] }).notNull().default('pending'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    errorMessage: text('error_message'),
    totalCount: integer('total_count').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    repriced: integer('repriced').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    jobRunId: integer('job_run_id').references(() => jobRuns.id),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('diamond_feed_runs_start').on(t.startTime, t.id),
    index('diamond_feed_runs_kind').on(t.kind, t.startTime),
    // Nivoda Logs' search: a service name or an error message, anywhere in the text.
    ...searchIndexes('diamond_feed_runs', t.serviceName, t.errorMessage),
  ],
);

/**
 * The import services (natural, lab grown, gemstones): on or off, and the incremental sync's watermark (the
 * feed time up to which stones were read). `next_run_at` is claimed atomically by the scheduler, so
 * two processes never start the same scheduled run.
 */
export const diamondFeedServices = pgTable('diamond_feed_services', {
  name: text('name').primaryKey(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  watermark: timestamp('watermark', { withTimezone: true }),
  nextIncrementalAt: timestamp('next_incremental_at', { withTimezone: true }),
  nextFullAt: timestamp('next_full_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/**
 * The import services' stone counts (/system/service: on offer, for sale, without a price, per kind),
 * kept by the writes instead of counted per request (a count of a million stones took 380 ms idle and
 * 2.3 s during a sync, and the screen polls it). Insert-only deltas: each write statement that can
 * move a stone in or out of a count appends one row per kind it moved, in its own transaction
 * (`stone-counts.ts`), so a sale never waits for a merge's lock on a counts row; the counts are the
 * sums (`stoneCountColumns`), read in the same statement as the runs. A merge and a repricing fold the
 * rows into one per kind as they commit, so the table stays a few rows.
 */
export const diamondStoneCounts = pgTable('diamond_stone_counts', {
  /** natural, lab or gemstone (a gemstone is a gemstone, lab grown or not: `kindCondition`). */
  kind: text('kind').notNull(),
  /** Not unavailable. */
  offered: integer('offered').notNull(),
  /** Offered, priced and not sold. */
  forSale: integer('for_sale').notNull(),
  /** Offered without a price (no markup band, no rate). */
  unpriced: integer('unpriced').notNull(),
});
