import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedReadOptions, FeedStone } from './feed-stone.ts';
import type { FakeStoneKind } from './fake-inventory.ts';
import type { FakeNivoda, FakeNivodaOptions } from './fake-server.ts';
import { startFakeNivoda } from './fake-server.ts';
import type { NivodaFeedConfig } from './nivoda-feed.ts';
import { createNivodaFeed } from './nivoda-feed.ts';

let fake: FakeNivoda | undefined;
let clock = Date.parse('2026-11-23T12:00:00Z');
const now = () => clock;

async function start(options: FakeNivodaOptions = {}) {
  clock = Date.parse('2026-11-23T12:00:00Z');
  fake = await startFakeNivoda({ stones: 4_000, now, ...options });
  return fake;
}

const feedFor = (server: FakeNivoda, config: Partial<NivodaFeedConfig> = {}) =>
  createNivodaFeed({ endpoint: server.endpoint, username: server.username, password: server.password, now, retryBaseDelayMs: 1, retryMaxDelayMs: 5, ...config });

async function readAll(feed: ReturnType<typeof createNivodaFeed>, options: FeedReadOptions) {
  const batches: FeedStone[][] = [];
  for await (const batch of feed.read(options)) batches.push(batch);
  return { batches, stones: batches.flat() };
}

/** The offer ids the fake holds of a kind, from its own index. */
function offered(server: FakeNivoda, kind: FakeStoneKind) {
  return Array.from(server.inventory.indicesOf(kind), (index) => server.inventory.stone(index)!.itemId).sort();
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('a full read', () => {
  it('partitions the search space, pages 50 at a time with small offsets, and reads every stone exactly once', async () => {
    const server = await start({ stones: 6_000 });
    const progress: [number, number | null][] = [];
    const feed = feedFor(server, { maxPartitionSize: 300, batchSize: 250, concurrency: 6 });
    const { batches, stones } = await readAll(feed, { kind: 'natural', mode: 'full', onProgress: (read, total) => progress.push([read, total]) });

    const ids = stones.map((stone) => stone.sourceId).sort();
    expect(ids).toEqual(offered(server, 'natural'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(stones.every((stone) => !stone.isLabGrown && !stone.isGemstone && stone.supplierCurrency === 'USD')).toBe(true);
    // ~2,970 natural stones in partitions of at most 300: offsets stay under 300, pages are 50.
    expect(server.stats.maxLimitAsked).toBe(50);
    expect(server.stats.maxOffsetAsked).toBeLessThan(300);
    expect(server.stats.searches).toBeGreaterThanOrEqual(Math.ceil(ids.length / 50));
    expect(batches.slice(0, -1).every((batch) => batch.length === 250)).toBe(true);
    expect(progress[0]).toEqual([0, ids.length]);
    expect(progress.at(-1)).toEqual([ids.length, ids.length]);
  });

  it('can ask several pages of 50 in one request, as aliased searches of one query', async () => {
    const server = await start({ stones: 6_000 });
    const feed = feedFor(server, { maxPartitionSize: 400, pagesPerRequest: 4 });
    const { stones } = await readAll(feed, { kind: 'natural', mode: 'full' });
    expect(stones.map((stone) => stone.sourceId).sort()).toEqual(offered(server, 'natural'));
    expect(server.stats.maxLimitAsked).toBe(50);
    // Each search request carries up to 4 searches: far fewer requests than pages.
    const searchRequests = server.stats.requests - server.stats.counts - server.stats.authentications;
    expect(searchRequests).toBeLessThan(server.stats.searches / 2);
  });

  it('reads lab grown diamonds and gemstones apart', async () => {
    const server = await start();
    const feed = feedFor(server, { maxPartitionSize: 500 });
    const lab = await readAll(feed, { kind: 'lab', mode: 'full' });
    expect(lab.stones.map((stone) => stone.sourceId).sort()).toEqual(offered(server, 'lab'));
    expect(lab.stones.every((stone) => stone.isLabGrown && !stone.isGemstone)).toBe(true);
    const gems = await readAll(feed, { kind: 'gemstone', mode: 'full' });
    expect(gems.stones.map((stone) => stone.sourceId).sort()).toEqual(offered(server, 'gemstone'));
    expect(gems.stones.every((stone) => stone.isGemstone && stone.gemType !== null && !stone.isLabGrown)).toBe(true);
  });

  it('splits by weight when too many stones share one price', async () => {
    const server = await start({ stones: 3_000 });
    const naturals = server.inventory.indicesOf('natural');
    // 400 stones at exactly $2,500: no price range can split them.
    for (const index of Array.from(naturals).slice(0, 400)) server.inventory.update(index, { priceCents: 250_000 });
    const feed = feedFor(server, { maxPartitionSize: 100 });
    const { stones } = await readAll(feed, { kind: 'natural', mode: 'full' });
    expect(stones.map((stone) => stone.sourceId).sort()).toEqual(offered(server, 'natural'));
    expect(server.stats.maxOffsetAsked).toBeLessThan(150);
  });

  it('keeps a long read going across token expiries by renewing ahead of them', async () => {
    const server = await start({ tokenLifetimeMs: 10 * 60 * 1000 });
    // Each request takes a simulated minute: a 6-hour token would last the read; a 10-minute one does not.
    const feed = feedFor(server, {
      maxPartitionSize: 400,
      // One request at a time, so the simulated clock moves in step with the requests.
      concurrency: 1,
      fetch: (input, init) => {
        clock += 60 * 1000;
        return fetch(input, init);
      },
    });
    const { stones } = await readAll(feed, { kind: 'natural', mode: 'full' });
    expect(stones.length).toBe(offered(server, 'natural').length);
    expect(server.stats.authentications).toBeGreaterThan(3);
    expect(server.stats.rejectedTokens).toBe(0);
  });
});

describe('an incremental read', () => {
  it('asks only for the stones updated since the watermark', async () => {
    const server = await start();
    const feed = feedFor(server);
    await readAll(feed, { kind: 'natural', mode: 'full' });
    const watermark = new Date(clock);
    clock += 60_000;
    const naturals = Array.from(server.inventory.indicesOf('natural'));
    const repriced = naturals.slice(0, 25).map((index) => server.inventory.update(index, { priceCents: 777_700 }));
    const added = [server.inventory.add('natural'), server.inventory.add('natural')];
    server.inventory.remove(naturals[30]!);
    server.inventory.update(server.inventory.indicesOf('lab')[0]!, { availability: 'ON HOLD' });
    const searches = server.stats.searches;

    const { stones } = await readAll(feed, { kind: 'natural', mode: 'incremental', since: watermark });
    expect(stones.map((stone) => stone.sourceId).sort()).toEqual([...repriced, ...added].map((stone) => stone.itemId).sort());
    expect(stones.filter((stone) => stone.supplierPrice === '7777.00')).toHaveLength(25);
    expect(server.stats.searches - searches).toBe(1);
  });

  it('reaches back to stones updated before the fake started when the watermark is older', async () => {
    const server = await start();
    const since = new Date(clock - 3 * 24 * 60 * 60 * 1000);
    const { stones } = await readAll(feedFor(server), { kind: 'lab', mode: 'incremental', since });
    const expected = Array.from(server.inventory.search({ kinds: ['lab'], updatedFrom: since.getTime() }), (index) => server.inventory.stone(index)!.itemId).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(offered(server, 'lab').length);
    expect(stones.map((stone) => stone.sourceId).sort()).toEqual(expected);
  });

  it('needs a watermark', async () => {
    const server = await start();
    await expect(readAll(feedFor(server), { kind: 'lab', mode: 'incremental' })).rejects.toThrow('An incremental read needs the watermark (since)');
  });
});

describe('a read that meets failures', () => {
  it('rides out a 429 and goes on', async () => {
    const server = await start();
    server.failNext(1, { status: 429, retryAfterSeconds: 0 });
    const feed = feedFor(server, { maxPartitionSize: 500 });
    const { stones } = await readAll(feed, { kind: 'natural', mode: 'full' });
    expect(stones.map((stone) => stone.sourceId).sort()).toEqual(offered(server, 'natural'));
    expect(server.stats.failuresServed).toBe(1);
  });

  it('ends with a clear error after repeated 500s, yields nothing more and sends no more requests', async () => {
    const server = await start({ stones: 6_000 });
    // Requests counted as the client sends them: the fake counts on arrival, and a request sent just
    // before the read gave up may still arrive after it.
    let sent = 0;
    const countingFetch: typeof fetch = (input, init) => {
      sent++;
      return fetch(input, init);
    };
    const feed = feedFor(server, { maxPartitionSize: 300, batchSize: 100, concurrency: 4, maxAttempts: 3, fetch: countingFetch });
    const received: FeedStone[] = [];
    let afterFailure = 0;
    let failing = false;
    const error = await (async () => {
      for await (const batch of feed.read({ kind: 'natural', mode: 'full' })) {
        received.push(...batch);
        if (failing) afterFailure += batch.length;
        if (!failing) {
          failing = true;
          server.failNext(Infinity, { status: 500 });
        }
      }
    })().catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'NivodaError', reason: 'unavailable', message: 'Nivoda is unavailable: HTTP 500 on 3 tries in a row' });
    expect(received.length).toBeLessThan(offered(server, 'natural').length);
    // Only pages already in hand when Nivoda began to fail can still arrive: at most a buffer's worth.
    expect(afterFailure).toBeLessThanOrEqual(2 * 100 + 4 * 50);
    const sentWhenItFailed = sent;
    await sleep(100);
    expect(sent).toBe(sentWhenItFailed);
  });

  it('stops when the caller aborts', async () => {
    const server = await start();
    const controller = new AbortController();
    const feed = feedFor(server, { maxPartitionSize: 200, batchSize: 100 });
    let batches = 0;
    const error = await (async () => {
      for await (const _batch of feed.read({ kind: 'natural', mode: 'full', signal: controller.signal })) {
        if (++batches === 2) controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(batches).toBe(2);
  });
});

describe('finding a stone by its certificate (Pull Diamond)', () => {
  it('finds natural, lab grown and gemstones, and says null for an unknown certificate', async () => {
    const server = await start();
    const feed = feedFor(server);
    for (const kind of ['natural', 'lab', 'gemstone'] as const) {
      const stone = server.inventory.stone(server.inventory.indicesOf(kind)[7]!)!;
      const found = await feed.findByCertificate(` ${stone.certNumber.toLowerCase()} `);
      expect(found).toMatchObject({
        sourceId: stone.itemId,
        certificateNumber: stone.certNumber,
        isLabGrown: kind === 'lab',
        isGemstone: kind === 'gemstone',
        carat: stone.caratMilli / 1000,
      });
    }
    expect(await feed.findByCertificate('9999999999999')).toBeNull();
    expect(await feed.findByCertificate('   ')).toBeNull();
  });
});
