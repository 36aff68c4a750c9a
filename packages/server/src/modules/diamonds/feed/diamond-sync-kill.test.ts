import type { FeedRunRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { jobMidWay, pollUntil, useKillTest } from '../../../test/server-process.ts';
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
  const { database, start, stop } = useKillTest('diamond-kill');

  it('leaves the diamonds exactly as before, nothing staged, and the run failed in the log', { timeout: 400_000 }, async () => {
    const env = { ...(await database.create()), DIAMOND_FEED: `generated:${STONES}` };
    // The first stones of the same generated feed, ingested before the server starts.
    let db = await database.open(true);
    const feed = createGeneratedFeed({ counts: { natural: BEFORE }, source: 'generated' });
    await ingestStones(db.db, feed.source, feed.read({ kind: 'natural', mode: 'full' }), { mode: 'full', kind: 'natural' });
    const before = await fingerprint(db);
    await db.close();

    const server = await start(env);
    const { cookie } = server;
    const started = await fetch(`${server.base}/api/nivoda-services/natural/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ mode: 'full' }),
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: number };
    const seen = await jobMidWay(server.base, cookie, jobId);
    await stop('SIGKILL');
    expect(seen).toMatchObject({ status: 'running' });
    expect(seen.progressDone).toBeLessThan(STONES);

    db = await database.open();
    try {
      expect(await fingerprint(db)).toBe(before);
    } finally {
      await db.close();
    }

    const again = await start(env);
    const lastRun = async () =>
      ((await (await fetch(`${again.base}/api/nivoda-logs`, { headers: { cookie: again.cookie } })).json()) as { items: FeedRunRecord[] }).items[0];
    const run = await pollUntil(lastRun, (last) => Boolean(last && !last.isRunning), { timeoutMs: 60_000, everyMs: 250 });
    expect(run).toMatchObject({ kind: 'natural', isRunning: false, download: 'failed' });
    expect(run!.errorMessage).toMatch(/Interrupted/);
    await stop('SIGTERM');

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
