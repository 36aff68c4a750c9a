import { sql } from 'drizzle-orm';
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
 * How long a table's planned size is trusted before it is asked again: a table crosses the threshold
 * over days of trade, not seconds, and asking costs a round trip.
 */
const TABLE_SIZE_TTL_MS = 60_000;

/**
 * The table's size as the planner sees it now (every row, deleted ones too: a count walks them as
 * well), remembered for a minute. The planner's figure is its statistics' rows per page times the
 * table's pages today, so it follows a bulk load before any analyze, and on PGlite, which never runs
 * autovacuum, it still reads the pages.
 */
export function tableSizeEstimate(table: PgTable) {
  let known: { rows: Promise<number>; at: number } | undefined;
  return (source: Db): Promise<number> => {
    const now = Date.now();
    if (!known || now - known.at > TABLE_SIZE_TTL_MS) {
      const rows = plannedRows(source, table);
      known = { rows, at: now };
      // A failed reading (the database going away) is not remembered: the next list asks again.
      rows.catch(() => {
        if (known?.rows === rows) known = undefined;
      });
    }
    return known.rows;
  };
}

async function plannedRows(source: Db, table: PgTable): Promise<number> {
  const result = (await source.execute(sql`explain (format json) select 1 from ${table}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}
