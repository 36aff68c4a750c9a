import type { FilterDefinitions } from '@facet/contract/list-query';
import { filterValuesOf } from '@facet/contract/list-query';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Lists of tables the planner puts above this many rows count their matches only up to the cap
 * (CAPPED_TOTAL, "more than 10000"); smaller tables count exactly. An exact count walks every
 * matching row: over 50,000 rows that is a few milliseconds from an index (the users list at 50,000
 * users answers its first page with its exact total in 6.6 ms), while at 1,000,000 customers the
 * count alone took 40 ms of a 41 ms page, past the 20 ms a list may take. A filtered list of a big
 * table is still exact while its matches stay under the cap, since the capped count stops only there.
 */
export const EXACT_TOTALS_MAX_ROWS = 50_000;

/**
 * A big table's list does not count at all when the planner expects at least this many times the
 * cap to match: it answers "more than 10000" from the page alone. A capped count still reads up to
 * 10,001 rows, which for a substring search or a name filter means checking each in the table (a
 * trigram index only narrows them down): 10,001 rows of a search matching a sixth of a million took
 * most of that list's time. The planner's figure comes from the column's statistics (a histogram of
 * the values for a `like`), so it is trusted only once the table has statistics and only with a
 * wide margin: being wrong by ten times is what it would take to say "more" of fewer than 10,000
 * rows; and a page that is not full says the exact total whatever was expected.
 */
export const UNCOUNTED_PAST_CAP_TIMES = 10;

/**
 * How long a table's planned size is trusted before it is asked again: a table crosses the threshold
 * over days of trade, not seconds, and asking costs a round trip.
 */
const TABLE_SIZE_TTL_MS = 60_000;

export interface TableSize {
  /** Every row as the planner sees it now (deleted ones too: a count walks them as well). */
  rows: number;
  /** Whether analyze (autovacuum's, or a bulk load's) has given its columns statistics. */
  hasStatistics: boolean;
}

/**
 * The table's size as the planner sees it now, remembered for a minute. The planner's figure is its
 * statistics' rows per page times the table's pages today, so it follows a bulk load before any
 * analyze, and on PGlite, which never runs autovacuum, it still reads the pages.
 */
export function tableSizeEstimate(table: PgTable) {
  let known: { size: Promise<TableSize>; at: number } | undefined;
  return (source: Db): Promise<TableSize> => {
    const now = Date.now();
    if (!known || now - known.at > TABLE_SIZE_TTL_MS) {
      const size = readTableSize(source, table);
      known = { size, at: now };
      // A failed reading (the database going away) is not remembered: the next list asks again.
      size.catch(() => {
        if (known?.size === size) known = undefined;
      });
    }
    return known.size;
  };
}

async function readTableSize(source: Db, table: PgTable): Promise<TableSize> {
  const rows = await plannedRows(source, table);
  const statistics = (await source.execute(
    sql`select exists (select 1 from pg_stats where schemaname = current_schema() and tablename = ${getTableName(table)}) as "hasStatistics"`,
  )) as unknown as { rows: { hasStatistics: boolean }[] };
  return { rows, hasStatistics: statistics.rows[0]?.hasStatistics === true };
}

/** How many rows of `table` (matching `where`) the planner expects: its estimate, not a count. */
export function plannedRows(source: Db, table: PgTable, where?: SQL): Promise<number> {
  return plannedRowsOf(source, sql`select 1 from ${table} where ${where ?? sql`true`}`);
}

/** How many rows `query` answers as the planner expects: a hand-written list's matching rows (a join, another table). */
export async function plannedRowsOf(source: Db, query: SQLWrapper): Promise<number> {
  const result = (await source.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}

/** Lists of big tables count matching rows up to this many and then say "more than 10000". */
export const CAPPED_TOTAL = 10_000;
/**
 * A list of a big table narrowed by a substring (a search, a 'contains' text filter: name, email)
 * counts up to this many and then says "more than 1000". Such a count cannot come from an index
 * alone: the trigram index only narrows the rows down, and each one is read and checked. At a million
 * orders, a surname on 1% of them took 54 ms (p95) to count to 10,000, against 15 ms for the page; a
 * thousand is a hundred pages of ten, more than anyone pages through instead of typing more letters.
 */
export const CAPPED_TEXT_TOTAL = 1_000;

/**
 * Whether a list query matches text inside a field: a search, or a 'contains' text filter of its
 * definition (an 'equals' one compares whole values, as an index does). Its count stops at
 * CAPPED_TEXT_TOTAL. The toolkit's lists and the hand-written ones (products) ask this the same way.
 */
export function isTextMatch(filters: FilterDefinitions, query: Record<string, unknown>): boolean {
  if (typeof query.search === 'string' && query.search.trim() !== '') return true;
  const values = filterValuesOf(filters, query);
  return Object.entries(filters).some(([name, filter]) => filter.kind === 'text' && filter.match !== 'equals' && values[name] !== undefined);
}

/** The rows of a list page: how many, after how many. */
export interface Paging {
  limit: number;
  offset: number;
}

/**
 * How far a capped list counts: its cap, or further when the page asked for lies past it, so that
 * page counts as far as itself and the pager still offers the next one.
 */
export const countCap = (cap: number, paging: Paging) => Math.max(cap, paging.offset + paging.limit);

export interface CappedCount {
  /** The table's size as the planner sees it (`tableSizeEstimate`). */
  size: TableSize;
  /** The planner's figure for the list's own condition; null when it has none (the table's size is then the figure). */
  plannedMatches: (() => Promise<number>) | null;
  /** How many rows match, stopping after `upTo`: `count(*)` over a limited subquery. */
  countUpTo(upTo: number): Promise<number>;
}

/**
 * A big table's count, up to `cap` + 1 rows (one more says "more"), or none at all (undefined) when
 * the planner expects UNCOUNTED_PAST_CAP_TIMES the cap to match; the table's figure is trusted only
 * once it has statistics.
 */
export async function countToCap(cap: number, { size, plannedMatches, countUpTo }: CappedCount): Promise<number | undefined> {
  const enough = cap * UNCOUNTED_PAST_CAP_TIMES;
  const isFarPastCap = size.hasStatistics && size.rows >= enough && (plannedMatches ? await plannedMatches() : size.rows) >= enough;
  return isFarPastCap ? undefined : countUpTo(cap + 1);
}

/**
 * The total a capped list answers with its page: the count while it stays within the cap, else the
 * cap, flagged (`totalIsCapped`: "more than"). A page that is not full ends the list: its end is the
 * exact total, counted or not.
 */
export function cappedTotal(counted: number | undefined, cap: number, rowsOnPage: number, paging: Paging): { total: number; totalIsCapped?: true } {
  if (counted !== undefined) return counted > cap ? { total: cap, totalIsCapped: true } : { total: counted };
  const isLastPage = rowsOnPage < paging.limit && (rowsOnPage > 0 || paging.offset === 0);
  return isLastPage ? { total: paging.offset + rowsOnPage } : { total: cap, totalIsCapped: true };
}
