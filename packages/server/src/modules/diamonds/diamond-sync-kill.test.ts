import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FeedRunRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { killTestDatabase, login, startServer, stopped } from '../../test/server-process.ts';
import { ingestStones } from './diamond-ingest.ts';
import { createGeneratedFeed } from './generated-stone-feed.ts';

/**
 * kill -9 in the middle of a diamond feed sync: a real server (DIAMOND_FEED=generated:N) runs a full
 * natural sync that would add N - BEFORE stones; it is SIGKILLed while batches are being staged. The
 * diamonds are exactly as before, and after a restart nothing is left staged and the service log
 * shows the run failed. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
const STONES = 30_000;
const BEFORE = 5_000;
const serverUrl = process.env.TEST_DATABASE_URL;

async function fingerprint(database: Database): Promise<string> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n, md5(string_agg(id || ':' || version || ':' || coalesce(price::text, '-') || ':' || is_unavailable || ':' || updated_at, ',' order by id)) as h from diamonds`,
  )) as unknown as { rows: { n: number; h: string }[] };
  return `${result.rows[0]!.n}/${result.rows[0]!.h}`;
}

describe(`kill -9 during a diamond sync (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-diamond-kill-'));
  const logPath = path.join(dir, 'server.log');
  let child: ChildProcess | undefined;
  const database = killTestDatabase(dir);

  afterAll(async () => {
    if (child && child.exitCode === null) await stopped(child, 'SIGKILL');
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the diamonds exactly as before, nothing staged, and the run failed in the log', { timeout: 400_000 }, async () => {
    const env = { ...(await database.create()), DIAMOND_FEED: `generated:${STONES}` };
    // The first stones of the same generated feed, ingested before the server starts.
    let db = await database.open(true);
    const feed = createGeneratedFeed({ counts: { natural: BEFORE }, source: 'generated' });
    await ingestStones(db.db, feed.source, feed.read({ kind: 'natural', mode: 'full' }), { mode: 'full', kind: 'natural' });
    const before = await fingerprint(db);
    await db.close();

    const server = await startServer(env, logPath);
    child = server.child;
    const cookie = await login(server.base);
    const started = await fetch(`${server.base}/api/nivoda-services/natural/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ mode: 'full' }),
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: number };
    let seen: JobRecord | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      seen = (await (await fetch(`${server.base}/api/jobs/${jobId}`, { headers: { cookie } })).json()) as JobRecord;
      if (seen.status === 'running' && seen.progressDone > 0) break;
      if (seen.status !== 'queued' && seen.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopped(child, 'SIGKILL');
    expect(seen).toMatchObject({ status: 'running' });
    expect(seen!.progressDone).toBeLessThan(STONES);

    db = await database.open();
    try {
      expect(await fingerprint(db)).toBe(before);
    } finally {
      await db.close();
    }

    const again = await startServer(env, logPath);
    child = again.child;
    const cookie2 = await login(again.base);
    let run: FeedRunRecord | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const logs = (await (await fetch(`${again.base}/api/nivoda-logs`, { headers: { cookie: cookie2 } })).json()) as { items: FeedRunRecord[] };
      run = logs.items[0];
      if (run && !run.isRunning) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(run).toMatchObject({ kind: 'natural', isRunning: false, download: 'failed' });
    expect(run!.errorMessage).toMatch(/Interrupted/);
    await stopped(child, 'SIGTERM');

    db = await database.open();
    try {
      expect(await fingerprint(db)).toBe(before);
      // PGlite clears a killed read's staging at start; PostgreSQL leaves it to the next read's sweep of stale rows.
      if (!serverUrl) {
        const staged = (await db.db.execute(sql`select count(*)::int as n from diamond_feed_staging`)) as unknown as { rows: { n: number }[] };
        expect(staged.rows[0]!.n).toBe(0);
      }
    } finally {
      await db.close();
    }
  });
});
