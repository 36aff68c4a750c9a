/**
 * The Diamonds and Diamond Combinations cache keys at scale on PostgreSQL (issue 22): stones from the
 * generated feed through the real ingest (as diamonds.bench.ts), then Generate of each key through the
 * real route and job, timed from the POST to the job's end, into Redis when one answers at
 * 127.0.0.1:6379 (a million documents are ~0.6 GB: the in-memory store holds them in the server's heap,
 * BENCH_MEMORY=1 measures it too). The second Generate of the diamonds runs while a reader asks the
 * store for stones' documents about 100 times a second, as the storefront does (its own HGET of the
 * live hash): the answers' p50, p95 and worst and any miss are printed, with this process's peak RSS
 * growth (the build streams batches of 5,000).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/diamond-cache.bench.ts   (in packages/server)
 *
 * BENCH_STONES sets the count (default 1,000,000); BENCH_KEEP=1 keeps the database, BENCH_REUSE=<name>
 * measures a kept one again without ingesting.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { CacheKey, CacheStatusResponse } from '@facet/contract/modules/cache/cache.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { loadConfig } from '../src/config.ts';
import { isRedisAnswering } from '../src/integrations/redis/redis-probe.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { ingestStones } from '../src/modules/diamonds/feed/diamond-ingest.ts';
import { seedDemoDiamondPricing } from '../src/modules/diamonds/diamond.demo.ts';
import { createGeneratedFeed } from '../src/modules/diamonds/feed/generated-stone-feed.ts';
import { openBenchDatabase } from './bench-database.ts';

const STONES = Number(process.env.BENCH_STONES ?? 1_000_000);
const COUNTS = { natural: Math.round(STONES * 0.6), lab: Math.round(STONES * 0.35), gemstone: STONES - Math.round(STONES * 0.6) - Math.round(STONES * 0.35) };
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REUSE = process.env.BENCH_REUSE;

const { database, drop, keep, cpuSeconds, name: databaseName } = await openBenchDatabase(REUSE);
const db = database.db;
const baseConfig = { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false };
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Percentiles of the reader's answers, in ms. */
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, worst ${at(1)} ms over ${times.length.toLocaleString('en-GB')} reads`;
}

/** `readDocument`: how the storefront reads one (Redis: its own HGET); by default through the API. */
async function measure(label: string, config: Config, stoneIds: number[], readDocument?: (id: number) => Promise<boolean>) {
  const app = await buildApp({ db, config, logger: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'admin-pass1' } });
    const cookie = login.headers['set-cookie']!.toString().split(';')[0]!;
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const read = readDocument ?? (async (id: number) => (await get(`/api/cache/diamonds/entries/${id}`)).statusCode === 200);

    async function generate(key: CacheKey, whileRunning?: (isDone: () => boolean) => Promise<void>) {
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 50);
      const cpuBefore = await cpuSeconds();
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: `/api/cache/${key}/generate`, headers: { cookie } });
      if (response.statusCode !== 202) throw new Error(`generate: ${response.statusCode} ${response.body}`);
      let job = response.json() as JobRecord;
      let isDone = false;
      const reading = whileRunning?.(() => isDone);
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await get(`/api/jobs/${job.id}`)).json() as JobRecord;
      }
      isDone = true;
      await reading;
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = await cpuSeconds();
      clearInterval(sampler);
      if (job.status !== 'succeeded') throw new Error(`generate ${job.status}: ${job.error}`);
      const held = ((await get('/api/cache')).json() as CacheStatusResponse).items.find((item) => item.key === key)!;
      console.log(
        `${`generate ${key} (${label})`.padEnd(40)} ${seconds.toFixed(1).padStart(6)} s   ${held.entries.toLocaleString('en-GB')} documents, ${mb(held.bytes)} of JSON, ` +
          `peak RSS growth ${mb(peakRss - rssBefore)}   load ${load()}   CPU ${(cpuAfter.node - cpuBefore.node).toFixed(1)} s node + ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(1)} s postgres`,
      );
    }

    await generate('diamond-combinations');
    await generate('diamonds');
    // Again, with the storefront reading the live documents while the build runs.
    const times: number[] = [];
    let misses = 0;
    await generate('diamonds', async (isDone) => {
      for (let i = 0; !isDone(); i++) {
        const started = performance.now();
        if (!(await read(stoneIds[i % stoneIds.length]!))) misses++;
        times.push(performance.now() - started);
        // About 100 reads a second: this process also runs the build, which a storefront's reads never share.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    console.log(`  storefront reads during the rebuild: ${summary(times)}, ${misses} misses`);
  } finally {
    await app.close();
  }
}

try {
  console.log(`diamond cache bench: ${STONES.toLocaleString('en-GB')} stones, database ${databaseName}, load ${load()}`);
  if (!REUSE) {
    await bootstrap(db, baseConfig);
    await db.transaction((tx) => seedDemoDiamondPricing(tx, { adminId: 1, permissionIds: new Map() }));
    const feed = createGeneratedFeed({ counts: COUNTS, seed: 7, source: 'bench', batchSize: 5000 });
    const started = performance.now();
    for (const kind of ['natural', 'lab', 'gemstone'] as const) await ingestStones(db, feed.source, feed.read({ kind, mode: 'full' }), { mode: 'full', kind });
    await db.execute(sql`vacuum analyze diamonds`);
    console.log(`ingest of ${STONES.toLocaleString('en-GB')} stones ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()})`);
  }
  const sample = (await db.execute(sql`select id from diamonds where not is_sold and not is_unavailable and price is not null and shape_id is not null order by random() limit 1000`)) as unknown as { rows: { id: number }[] };
  const stoneIds = sample.rows.map((row) => row.id);
  if (await isRedisAnswering(REDIS_URL)) {
    const prefix = `facet-bench:${randomUUID()}`;
    // The storefront's read: one HGET of the live hash, on its own connection.
    const storefront = new Redis(REDIS_URL);
    try {
      await measure('Redis', { ...baseConfig, redisUrl: REDIS_URL, redisKeyPrefix: prefix }, stoneIds, async (id) => (await storefront.hget(`${prefix}:diamonds`, String(id))) !== null);
    } finally {
      await storefront.quit();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.unlink(...keys);
      await redis.quit();
    }
  } else console.log(`no Redis answers at ${REDIS_URL}: the Redis run is skipped`);
  // The in-memory store is the app's own: read through the API.
  if (process.env.BENCH_MEMORY === '1') await measure('in memory', baseConfig, stoneIds);
  console.log(`load average at the end: ${load()}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (process.env.BENCH_KEEP === '1' || REUSE) {
    console.log(`kept database ${databaseName}`);
    await keep();
  } else await drop();
}
