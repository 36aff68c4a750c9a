import type { FeedKind, ImportServiceRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobWhenEnded, useAdminTestApp } from '../../../test/test-app.ts';
import { diamondMarkups } from '../../diamond-markups/diamond-markup.table.ts';
import { ingestStones } from './diamond-ingest.ts';
import { patchRun, startRun } from './diamond-feed.service.ts';
import { diamonds } from '../diamond.table.ts';
import { createTestFeed, feedStone, seedRoundPricing } from './test-stone-feed.ts';
import type { TestFeed } from './test-stone-feed.ts';

const isPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

/**
 * The Import Services screen's counts (issue 22, item 26): kept by the writes (merge, sweep, sale,
 * repricing) rather than counted on every poll, and read in one snapshot with the runs.
 */
describe('import services: the stone counts', () => {
  const fx = useAdminTestApp();
  let feed: TestFeed;

  beforeAll(async () => {
    const db = fx.t.db;
    // Natural stones of 0.3-2.999 ct and lab stones of 0.3-1.999 ct have a band; the rest are unpriced (no_band).
    await seedRoundPricing(db, { labToCarat: 1.999 });
    feed = createTestFeed([], { source: 'counts', batchSize: 5 });
    fx.t.app.stoneFeed = feed;
  });

  const get = (url: string) => fx.t.request(fx.admin, { method: 'GET', url });
  const post = (url: string, payload?: object) => fx.t.request(fx.admin, { method: 'POST', url, ...(payload && { payload }) });
  const services = async () => {
    const response = await get('/api/nivoda-services');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { services: ImportServiceRecord[] }).services;
  };
  const shown = async () => Object.fromEntries((await services()).map((service) => [service.name, [service.stoneCount, service.forSaleCount, service.unpricedCount]]));
  /** What the counts must be: the stones as they are, counted. */
  const counted = async () => {
    const result = (await fx.t.db.execute(sql`
      select case when is_gemstone then 'gemstone' when is_lab then 'lab' else 'natural' end as kind,
        count(*) filter (where not is_unavailable)::int as offered,
        count(*) filter (where not is_unavailable and price is not null and not is_sold)::int as for_sale,
        count(*) filter (where not is_unavailable and price is null)::int as unpriced
      from diamonds group by 1`)) as unknown as { rows: { kind: FeedKind; offered: number; for_sale: number; unpriced: number }[] };
    const byKind: Record<string, number[]> = { natural: [0, 0, 0], lab: [0, 0, 0], gemstone: [0, 0, 0] };
    for (const row of result.rows) byKind[row.kind] = [row.offered, row.for_sale, row.unpriced];
    return byKind;
  };
  const sync = async (kind: FeedKind, mode: 'full' | 'incremental') => {
    const started = await post(`/api/nivoda-services/${kind}/start`, { mode });
    expect(started.statusCode, started.body).toBe(202);
    const job = await jobWhenEnded(fx.t, fx.admin, started.json().jobId, 30_000);
    expect(job.status, job.error ?? '').toBe('succeeded');
  };

  it('shows on offer, for sale and unpriced per service, kept right through syncs, sweeps, sales and repricings', async () => {
    const naturals = [...Array.from({ length: 8 }, () => feedStone({ carat: 1.01 })), feedStone({ carat: 4.5 }), feedStone({ carat: 5.2 })];
    const labs = [...Array.from({ length: 4 }, () => feedStone({ isLabGrown: true, carat: 1.2 })), feedStone({ isLabGrown: true, carat: 2.5 })];
    const gems = [feedStone({ isGemstone: true, gemType: 'Sapphire', carat: 1.1 }), feedStone({ isGemstone: true, isLabGrown: true, gemType: 'Ruby', carat: 1.3 })];
    feed.stones = [...naturals, ...labs, ...gems];
    for (const kind of ['natural', 'lab', 'gemstone'] as const) await sync(kind, 'full');
    // The lab-grown gemstone is counted as a gemstone, not as a lab diamond.
    expect(await shown()).toEqual({ natural: [10, 8, 2], lab: [5, 4, 1], gemstone: [2, 2, 0] });
    expect(await shown()).toEqual(await counted());

    // A full read without two naturals (one priced, one not) sweeps them; a lab stone's price moves out of its band.
    feed.stones = [...naturals.slice(1, 9), { ...labs[0]!, carat: 2.2 }, ...labs.slice(1), ...gems];
    await sync('natural', 'full');
    await sync('lab', 'incremental');
    expect(await shown()).toEqual({ natural: [8, 7, 1], lab: [5, 3, 2], gemstone: [2, 2, 0] });

    // A swept stone offered again is counted again.
    feed.stones = [naturals[0]!];
    await sync('natural', 'incremental');
    expect(await shown()).toEqual({ natural: [9, 8, 1], lab: [5, 3, 2], gemstone: [2, 2, 0] });

    // A sale leaves the stone on offer but not for sale; its revert puts it back.
    const [stone] = await fx.t.db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.sourceId, naturals[2]!.sourceId));
    expect((await post(`/api/diamonds/${stone!.id}/sold`, { isSold: true })).statusCode).toBe(200);
    expect(await shown()).toEqual({ natural: [9, 7, 1], lab: [5, 3, 2], gemstone: [2, 2, 0] });
    // Sold twice is answered as it is, and counted once.
    expect((await post(`/api/diamonds/${stone!.id}/sold`, { isSold: true })).statusCode).toBe(200);
    expect((await shown()).natural).toEqual([9, 7, 1]);

    // The lab band narrowed to 0.3-1.1 ct: a repricing leaves the lab stones of 1.2 ct unpriced; widened again, priced.
    for (const toCarat of [1.1, 1.999]) {
      await fx.t.db.update(diamondMarkups).set({ toCarat }).where(eq(diamondMarkups.isLabDiamond, true));
      const repricing = await post('/api/diamonds/reprice');
      expect(repricing.statusCode, repricing.body).toBe(202);
      expect((await jobWhenEnded(fx.t, fx.admin, repricing.json().jobId, 30_000)).status).toBe('succeeded');
      expect((await shown()).lab).toEqual(toCarat === 1.1 ? [5, 0, 5] : [5, 3, 2]);
      expect(await shown()).toEqual(await counted());
    }
    expect((await post(`/api/diamonds/${stone!.id}/sold`, { isSold: false })).statusCode).toBe(200);
    expect(await shown()).toEqual(await counted());
    expect(await shown()).toEqual({ natural: [9, 8, 1], lab: [5, 3, 2], gemstone: [2, 2, 0] });
  });

  it('reads the counts the writes keep, not a count of the stones per request', async () => {
    const before = await shown();
    // A delta written as a merge writes one: the screen adds it, where a count of the stones would not see it.
    await fx.t.db.execute(sql`insert into diamond_stone_counts (kind, offered, for_sale, unpriced) values ('gemstone', 1000, 900, 100)`);
    const after = await shown();
    expect(after.gemstone).toEqual([before.gemstone![0]! + 1000, before.gemstone![1]! + 900, before.gemstone![2]! + 100]);
    await fx.t.db.execute(sql`delete from diamond_stone_counts where (kind, offered, for_sale, unpriced) = ('gemstone', 1000, 900, 100)`);
    expect(await shown()).toEqual(before);
  });

  // The screen polls while runs end: a merge committing between the read of the counts and the read of
  // the runs showed a finished run with the counts from before it. Made deterministic here: the runs'
  // table is locked while the services are read, so the read waits on it; the merge (in the locking
  // transaction) commits before the read goes on. Whichever moment the read shows, it must be one.
  it.runIf(isPostgres)('shows a finished run with the counts its merge left, never the counts from before it', async () => {
    const before = (await shown()).natural![0]!;
    const runLogId = await startRun(fx.t.db, { serviceName: 'Natural Diamonds', kind: 'natural', mode: 'incremental', download: 'done' });
    const stones = Array.from({ length: 3 }, () => feedStone({ carat: 1.05 }));
    let read: Promise<ImportServiceRecord[]> | null = null;
    await fx.t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table diamond_feed_runs in access exclusive mode`);
      read = services();
      // Until the read waits for the lock (a condition, polled: the read is in another connection).
      for (;;) {
        const waiting = (await tx.execute(sql`
          select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'diamond_feed_runs' and not l.granted`)) as unknown as { rows: { n: number }[] };
        if (waiting.rows[0]!.n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await ingestStones(tx, feed.source, batchesOf(stones), { mode: 'incremental', kind: 'natural' }, {
        inTransaction: (merged) => patchRun(merged, runLogId, { insertInDatabase: 'done', added: stones.length, endTime: new Date() }),
      });
    });
    const natural = (await read!).find((service) => service.name === 'natural')!;
    // Either moment, whole: the run still running with the counts from before, or finished with its stones counted.
    expect(natural.lastRun!.id).toBe(runLogId);
    expect({ isRunning: natural.lastRun!.isRunning, stoneCount: natural.stoneCount }).toEqual(
      natural.lastRun!.isRunning ? { isRunning: true, stoneCount: before } : { isRunning: false, stoneCount: before + stones.length },
    );
  });
});
