import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { Database } from '../db/client.ts';
import { killTestDatabase, login, startServer, stopped } from '../test/server-process.ts';

/**
 * kill -9 in the middle of a big bulk job: a real server process (the same `--import tsx` loader as
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-kill-'));
  const logPath = path.join(dir, 'server.log');
  let child: ChildProcess | undefined;
  const database = killTestDatabase(dir);
  const open = database.open;

  afterAll(async () => {
    if (child && child.exitCode === null) await stopped(child, 'SIGKILL');
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the table exactly as before and the job failed', { timeout: 400_000 }, async () => {
    const env = await database.create();
    // The big table, written before the server starts (PGlite's folder takes one process at a time).
    let db = await open(true);
    await db.db.execute(sql`insert into shipping_rates (name, rate, min_free_shipping_amount) select 'Zone ' || g, 5, 50 from generate_series(1, ${ROWS}) g`);
    const before = await fingerprint(db);
    await db.close();

    const server = await startServer(env, logPath);
    child = server.child;
    const cookie = await login(server.base);
    const started = await fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ kind: 'shipping-rates.set-status', params: { status: false } }),
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as JobRecord;
    // Kill it once some batches are staged and before the end: mid-way.
    let seen: JobRecord | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      seen = (await (await fetch(`${server.base}/api/jobs/${id}`, { headers: { cookie } })).json()) as JobRecord;
      if (seen.status === 'running' && seen.progressDone > 0) break;
      if (seen.status !== 'queued' && seen.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopped(child, 'SIGKILL');
    expect(seen).toMatchObject({ status: 'running' });
    expect(seen!.progressDone).toBeLessThan(ROWS);

    // Restart: the run is swept (PGlite at once; PostgreSQL once its heartbeat is stale).
    const again = await startServer(env, logPath);
    child = again.child;
    const cookie2 = await login(again.base);
    let after: JobRecord | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      after = (await (await fetch(`${again.base}/api/jobs/${id}`, { headers: { cookie: cookie2 } })).json()) as JobRecord;
      if (after.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(after).toMatchObject({ status: 'failed' });
    expect(after!.error).toMatch(/Interrupted/);
    await stopped(child, 'SIGTERM');

    db = await open();
    try {
      expect(await fingerprint(db)).toBe(before);
      expect(await counts(db)).toEqual({ staged: 0, inactive: 0 });
    } finally {
      await db.close();
    }
  });
});
