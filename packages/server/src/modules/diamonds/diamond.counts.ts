import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The stones on offer (not unavailable; sold ones included until the feed drops them), natural and lab
 * grown (gemstones are not diamonds): the dashboard's Total Diamonds. Read from the import services'
 * counts, which the writes keep (feed/stone-counts.ts), not counted over the stones.
 */
export async function countDiamonds(db: Db): Promise<{ natural: number; lab: number }> {
  const result = (await db.execute(
    sql`select coalesce(sum(offered) filter (where kind = 'natural'), 0)::int as natural, coalesce(sum(offered) filter (where kind = 'lab'), 0)::int as lab from diamond_stone_counts`,
  )) as unknown as { rows: { natural: number; lab: number }[] };
  const row = result.rows[0];
  return { natural: Number(row?.natural ?? 0), lab: Number(row?.lab ?? 0) };
}
