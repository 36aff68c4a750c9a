import type { FeedKind } from '@facet/contract/modules/diamonds/diamond.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * The import services' stone counts (`diamond_stone_counts`): on offer, for sale (offered, priced,
 * not sold) and without a price (offered), per kind. Kept by the writes, as insert-only deltas, so
 * the service screen sums a few rows where it counted a million stones on every poll. Every write
 * that can move a stone in or out of a count adds its delta in its own transaction: the merge's
 * update and insert and the sweep (`stoneCountDeltaSql` in their statements), a sale and its revert;
 * a repricing counts again (`recountStones`: its update cannot return a stone's old price). Deltas
 * commute, so writers never wait for one another here: a sale during a merge appends its row while
 * the merge holds its own.
 */

/** A stone's kind as the sweep tells kinds apart (`kindCondition`): a gemstone is a gemstone, lab grown or not. */
export const stoneKindSql = (alias: string) => {
  const a = sql.raw(alias);
  return sql<FeedKind>`case when ${a}.is_gemstone then 'gemstone' when ${a}.is_lab then 'lab' else 'natural' end`;
};

/**
 * The statement adding to the counts the stones of `moved`, a select of rows (n, is_gemstone, is_lab,
 * is_unavailable, is_sold, is_priced): n = 1 counts a stone as it is now in, n = -1 counts it as it
 * was out. One row per kind whose counts move; usable as a data-modifying CTE.
 */
export function stoneCountDeltaSql(moved: SQL): SQL {
  return sql`insert into diamond_stone_counts (kind, offered, for_sale, unpriced)
    select kind, offered, for_sale, unpriced from (
      select ${stoneKindSql('m')} as kind,
        coalesce(sum(m.n) filter (where not m.is_unavailable), 0)::int as offered,
        coalesce(sum(m.n) filter (where not m.is_unavailable and m.is_priced and not m.is_sold), 0)::int as for_sale,
        coalesce(sum(m.n) filter (where not m.is_unavailable and not m.is_priced), 0)::int as unpriced
      from (${moved}) m group by 1
    ) delta where (offered, for_sale, unpriced) <> (0, 0, 0)`;
}

/** One writer at a time folds or recounts (deleting the same rows twice would wait, or count them twice). */
const COUNTS_LOCK = sql`hashtext('diamond-stone-counts')`;

/**
 * Folds the deltas into one row per kind, at the end of a merge (in its transaction). Rows of
 * transactions not yet committed are not seen, so not deleted: they are counted when they commit.
 * Skipped when another transaction is folding (the next merge folds).
 */
export async function foldStoneCounts(tx: Db): Promise<void> {
  const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${COUNTS_LOCK}) as locked`)) as unknown as { rows: { locked: boolean }[] };
  if (!locked.rows[0]?.locked) return;
  await tx.execute(sql`
    with gone as (delete from diamond_stone_counts returning *)
    insert into diamond_stone_counts (kind, offered, for_sale, unpriced)
    select kind, sum(offered)::int, sum(for_sale)::int, sum(unpriced)::int from gone group by kind`);
}

/**
 * Counts every stone again and replaces the deltas, in one statement (one snapshot: a sale committed
 * before it is in the count and its delta is deleted; one committed after keeps its delta). For a
 * repricing, which changes which stones are priced but cannot return their old prices, and the demo's data.
 */
export async function recountStones(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COUNTS_LOCK})`);
  await tx.execute(sql`
    with gone as (delete from diamond_stone_counts)
    ${stoneCountDeltaSql(sql`select 1 as n, is_gemstone, is_lab, is_unavailable, is_sold, price is not null as is_priced from diamonds`)}`);
}


/** A kind's counts as columns of another statement (the Import Services screen reads all it shows in one): the sums of a few rows. */
export function stoneCountColumns(kind: SQL) {
  const sumOf = (column: string) => sql<number>`(select coalesce(sum(c.${sql.raw(column)}), 0)::int from diamond_stone_counts c where c.kind = ${kind})`;
  return { offered: sumOf('offered'), forSale: sumOf('for_sale'), unpriced: sumOf('unpriced') };
}
