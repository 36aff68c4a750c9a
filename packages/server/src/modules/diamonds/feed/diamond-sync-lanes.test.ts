import { EXCHANGE_RATE_SETTING_KEYS } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedReadOptions, FeedStone, StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import { jobWhenEnded, useAdminTestApp } from '../../../test/test-app.ts';
import { systemContext } from '../../../http/context.ts';
import { settings } from '../../settings/setting.table.ts';
import { ingestStones } from './diamond-ingest.ts';
import { repriceAll } from '../diamond.service.ts';
import { diamonds } from '../diamond.table.ts';
import { feedStone, seedRoundPricing } from './test-stone-feed.ts';

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}
const stonesOf = (count: number, overrides: Partial<FeedStone>) => Array.from({ length: count }, () => feedStone(overrides));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The natural and lab services' syncs run side by side (the job engine's side lane), and their
 * merges meet a repricing only through the pricing lock. PGlite runs one statement at a time and
 * would hide every one of these races, so this runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
 */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('diamond syncs side by side on PostgreSQL', () => {
  const fx = useAdminTestApp();

  beforeAll(async () => {
    const db = fx.t.db;
    await seedRoundPricing(db);
  });

  const setRate = (rate: string) => fx.t.db.update(settings).set({ value: rate }).where(eq(settings.key, EXCHANGE_RATE_SETTING_KEYS.rate));

  const finished = (id: number) => jobWhenEnded(fx.t, fx.admin, id);

  it('runs the natural, lab and gemstone services at the same time (a lane each), and all land whole', async () => {
    const stones = [...stonesOf(30, { isLabGrown: false }), ...stonesOf(20, { isLabGrown: true }), ...stonesOf(10, { isGemstone: true, gemType: 'Sapphire' })];
    // Each kind's read waits, after its first batch, until the other kinds' reads have begun: a run
    // waiting for a lane would never begin, and the others would give up.
    const begun = new Set<string>();
    const feed: StoneFeed = {
      source: 'lanes',
      async *read(options: FeedReadOptions) {
        const wanted = stones.filter((stone) => (options.kind === 'gemstone' ? stone.isGemstone : !stone.isGemstone && stone.isLabGrown === (options.kind === 'lab')));
        yield wanted.slice(0, 5);
        begun.add(options.kind);
        for (const deadline = Date.now() + 20_000; begun.size < 3; await sleep(20)) {
          if (Date.now() > deadline) throw new Error(`the ${options.kind} read ran alone: another sync had not begun`);
        }
        yield wanted.slice(5);
      },
      findByCertificate: async () => null,
    };
    fx.t.app.stoneFeed = feed;
    const post = (url: string) => fx.t.request(fx.admin, { method: 'POST', url, payload: { mode: 'full' } });
    const started = await Promise.all(['natural', 'lab', 'gemstone'].map((name) => post(`/api/nivoda-services/${name}/start`)));
    for (const response of started) expect(response.statusCode, response.body).toBe(202);
    const jobs = await Promise.all(started.map((response) => finished(response.json().jobId)));
    for (const job of jobs) expect(job.status, job.error ?? '').toBe('succeeded');
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, 'lanes'), eq(diamonds.isGemstone, false), eq(diamonds.isLab, false)))).toBe(30);
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, 'lanes'), eq(diamonds.isGemstone, false), eq(diamonds.isLab, true)))).toBe(20);
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, 'lanes'), eq(diamonds.isGemstone, true)))).toBe(10);
  });

  it('two full syncs of one kind at once (a service started twice) merge one after the other: both succeed, the last to commit wins', async () => {
    const source = 'same-kind';
    const stones = stonesOf(400, { isLabGrown: false });
    // Both read the same new stones, in opposite orders and at different prices: side by side, both
    // inserts would take the same source ids and the second would fail on the unique index.
    const priced = (price: string) => stones.map((stone) => ({ ...stone, supplierPrice: price }));
    const results = await Promise.allSettled([
      ingestStones(fx.t.db, source, batchesOf(priced('5000.00')), { mode: 'full', kind: 'natural' }),
      ingestStones(fx.t.db, source, batchesOf(priced('6000.00').reverse()), { mode: 'full', kind: 'natural' }),
    ]);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : result.status))).toEqual(['fulfilled', 'fulfilled']);
    expect(await fx.t.db.$count(diamonds, eq(diamonds.source, source))).toBe(400);
    const prices = await fx.t.db.selectDistinct({ supplierPrice: diamonds.supplierPrice }).from(diamonds).where(eq(diamonds.source, source));
    expect(prices).toHaveLength(1);
    expect(['5000.00', '6000.00']).toContain(prices[0]!.supplierPrice);
  });

  it('a repricing that starts while a merge is open waits for it, and prices the merged stones at the new rate', async () => {
    const source = 'reprice-race';
    await setRate('0.79');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let mergeOpen!: () => void;
    const opened = new Promise<void>((resolve) => (mergeOpen = resolve));
    const merge = ingestStones(fx.t.db, source, batchesOf(stonesOf(200, { isLabGrown: false })), { mode: 'full', kind: 'natural' }, {
      // Inside the merge's transaction, its new stones priced at 0.79 and not yet committed.
      inTransaction: async () => {
        mergeOpen();
        await held;
      },
    });
    await opened;
    await setRate('0.80');
    let repriceDone = false;
    const reprice = fx.t.db.transaction((tx) => repriceAll(tx, systemContext(null, 0))).then((result) => {
      repriceDone = true;
      return result;
    });
    await sleep(500);
    expect(repriceDone, 'the repricing went ahead while the merge held its stones').toBe(false);
    release();
    await merge;
    expect((await reprice).repriced).toBeGreaterThanOrEqual(200);
    // Every stone is at the new rate: a repricing now finds nothing to change.
    expect((await fx.t.db.transaction((tx) => repriceAll(tx, systemContext(null, 0)))).repriced).toBe(0);
    expect(await fx.t.db.$count(diamonds, and(eq(diamonds.source, source), isNull(diamonds.price)))).toBe(0);
  });
});
