import type { SQL } from 'drizzle-orm';
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
export async function plannedRows(source: Db, table: PgTable, where?: SQL): Promise<number> {
  const result = (await source.execute(sql`explain (format json) select 1 from ${table} where ${where ?? sql`true`}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}
