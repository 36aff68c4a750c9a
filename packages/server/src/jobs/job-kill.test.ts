import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { jobMidWay, jobOf, pollUntil, useKillTest } from '../test/server-process.ts';

/**
 * kill -9 in the middle of a big bulk job: a real server process (started as `npm start` starts it, as
 * the tests and e2e) is SIGKILLed while the job runs; after a restart the shipping rates are exactly
 * as before, nothing is left staged, and the job shows failed. PGlite (a data folder), and PostgreSQL
 * when TEST_DATABASE_URL is set. The database starts as a copy of the run's migrated, bootstrapped
 * template (a data folder migrated from empty took most of this test's time), so the server signs in
 * the template's admin.
 */
const ROWS = 20_000;
const serverUrl = process.env.TEST_DATABASE_URL;

/** Every shipping rate's visible state, as one fingerprint. */
async function fingerprint(database: Database): Promise<string> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n, md5(string_agg(id || ':' || status || ':' || version || ':' || updated_at, ',' order by id)) as h from shipping_rates`,
  )) as unknown as { rows: { n: number; h: string }[] };
  return `${result.rows[0]!.n}/${result.rows[0]!.h}`;
}

async function counts(database: Database) {
  const result = (await database.db.execute(
    sql`select (select count(*)::int from job_staging) as staged, (select count(*)::int from shipping_rates where not status) as inactive`,
  )) as unknown as { rows: { staged: number; inactive: number }[] };
  return result.rows[0]!;
}

describe(`kill -9 during a bulk job (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { database, start, stop } = useKillTest('kill');
  const open = database.open;

  it('leaves the table exactly as before and the job failed', { timeout: 400_000 }, async () => {
    const env = await database.create();
    // The big table, written before the server starts (PGlite's folder takes one process at a time).
    let db = await open(true);
    await db.db.execute(sql`insert into shipping_rates (name, rate, min_free_shipping_amount) select 'Zone ' || g, 5, 50 from generate_series(1, ${ROWS}) g`);
    const before = await fingerprint(db);
    await db.close();

    const server = await start(env);
    // A bulk status change of every rate the list's filters select (all of them).
    const started = await fetch(`${server.base}/api/shipping-rates/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie },
      body: JSON.stringify({ action: 'status', status: false, filters: { status: 'active' } }),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };
    // Kill it once some batches of the selection are read and before the end: mid-way.
    const seen = await jobMidWay(server.base, server.cookie, id);
    await stop('SIGKILL');
    expect(seen).toMatchObject({ status: 'running' });
    expect(seen.progressDone).toBeLessThan(ROWS);

    // Restart: the run is swept (PGlite at once; PostgreSQL once its heartbeat is stale).
    const again = await start(env);
    const after = await pollUntil(() => jobOf(again.base, again.cookie, id), (job) => job.status !== 'running', { timeoutMs: 60_000, everyMs: 250 });
    expect(after).toMatchObject({ status: 'failed' });
    expect(after.error).toMatch(/Interrupted/);
    await stop('SIGTERM');

    db = await open();
    try {
      expect(await fingerprint(db)).toBe(before);
      expect(await counts(db)).toEqual({ staged: 0, inactive: 0 });
    } finally {
      await db.close();
    }
  });
});
