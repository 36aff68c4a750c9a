import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';

/** Backends of this database waiting for a lock, a row's or an advisory one (PostgreSQL only). */
async function waitersOnLocks(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/**
 * Waits until `count` backends of this database wait for a lock: the writers a test started are in
 * their transactions, queued behind the lock the test holds, so the race it is about is set up.
 */
export async function untilWaitingOnLocks(db: Db, count: number): Promise<void> {
  await expect.poll(() => waitersOnLocks(db), { timeout: 30_000, interval: 20, message: `${count} writers waiting for a lock` }).toBeGreaterThanOrEqual(count);
}
