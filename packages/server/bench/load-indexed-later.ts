import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Loads rows into `table` with its indexes set aside, then builds them again from their own
 * definitions (the migrations'), and vacuums: the statistics and visibility map autovacuum keeps.
 * With `reuse` (a kept database measured again) the rows stay and only the vacuum runs.
 */
export async function loadIndexedLater(db: Db, table: string, insert: ReturnType<typeof sql>, reuse: boolean) {
  const { rows } = (await db.execute(sql`
    select indexname, indexdef from pg_indexes where tablename = ${table} and indexname <> ${`${table}_pkey`}`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  if (!reuse) {
    for (const { indexname } of rows) await db.execute(sql.raw(`drop index "${indexname}"`));
    await db.execute(insert);
    for (const { indexdef } of rows) await db.execute(sql.raw(indexdef));
  }
  await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return rows.length;
}
