/**
 * The storefront cache at scale on PostgreSQL (issue 11, Performance): seeds 100,000 products with
 * 500,000 variants (seed-products.ts, shared with the products bench), then times Generate of the
 * products key through the real route and job (POST /api/cache/products/generate, polled until the
 * job ends), into the in-memory store and, when one answers at 127.0.0.1:6379, into Redis.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cache.bench.ts   (in packages/server; also in `npm run bench`)
 *
 * BENCH_RUNS generates each backing that many times (median and p95 printed; default 1). BENCH_KEEP=1
 * keeps the seeded database (seeding takes minutes) for EXPLAIN and BENCH_REUSE=<its name>, which measures
 * it again without seeding (drop it by hand afterwards).
 *
 * Target: generate for 100,000 products <= 30 s. Also printed: the process's peak memory growth
 * (the build streams batches of 1,000 and never holds the catalogue).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { CacheStatusResponse } from '@facet/contract/modules/cache/cache.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { loadConfig } from '../src/config.ts';
import { isRedisAnswering } from '../src/integrations/redis/redis-probe.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { openBenchDatabase } from './bench-database.ts';
import { seedProducts } from './seed-products.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_SECONDS = 30;

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const REUSE = process.env.BENCH_REUSE;
const { database, drop, keep, cpuSeconds, name: databaseName } = await openBenchDatabase(REUSE);
const db = database.db;
const baseConfig = { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false };
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Generate of the products key through the route, timed from the POST to the job's end; answers the seconds. */
async function timeGenerate(label: string, config: Config): Promise<number> {
  const app = await buildApp({ db, config, logger: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'admin-pass1' } });
    const cookie = login.headers['set-cookie']!.toString().split(';')[0]!;
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 50);
    const cpuBefore = await cpuSeconds();
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/cache/products/generate', headers: { cookie } });
    if (response.statusCode !== 202) throw new Error(`generate: ${response.statusCode} ${response.body}`);
    let job = response.json() as JobRecord;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: { cookie } })).json() as JobRecord;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await cpuSeconds();
    clearInterval(sampler);
    if (job.status !== 'succeeded') throw new Error(`generate ${job.status}: ${job.error}`);
    const status = (await app.inject({ method: 'GET', url: '/api/cache', headers: { cookie } })).json() as CacheStatusResponse;
    const products = status.items.find((item) => item.key === 'products')!;
    console.log(
      `${`generate products (${label})`.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s   ${products.entries.toLocaleString('en-GB')} documents, ${mb(products.bytes)} of JSON, ` +
        `${Math.round(products.entries / seconds).toLocaleString('en-GB')} documents/s, peak RSS growth ${mb(peakRss - rssBefore)}   ` +
        `(target <= ${TARGET_SECONDS} s: ${seconds <= TARGET_SECONDS ? 'met' : 'MISSED'})   load ${load()}   ` +
        `CPU ${(cpuAfter.node - cpuBefore.node).toFixed(1)} s node + ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(1)} s postgres`,
    );
    return seconds;
  } finally {
    await app.close();
  }
}

try {
  if (!REUSE) {
    await bootstrap(db, baseConfig);
    await seedProducts(db, PRODUCTS);
  }
  console.log(`load average before: ${load()} (${os.cpus().length} cores)`);
  const summarise = (label: string, times: number[]) => {
    if (times.length < 2) return;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    console.log(`generate products (${label}): median ${at(0.5)} s   p95 ${at(0.95)} s   (${times.map((t) => t.toFixed(1)).join(', ')})`);
  };
  const inMemory: number[] = [];
  for (let run = 0; run < RUNS; run++) inMemory.push(await timeGenerate('in memory', baseConfig));
  summarise('in memory', inMemory);
  if (await isRedisAnswering(REDIS_URL)) {
    // Its own key prefix on the shared Redis, removed afterwards.
    const prefix = `facet-bench:${randomUUID()}`;
    try {
      const inRedis: number[] = [];
      for (let run = 0; run < RUNS; run++) inRedis.push(await timeGenerate('Redis', { ...baseConfig, redisUrl: REDIS_URL, redisKeyPrefix: prefix }));
      summarise('Redis', inRedis);
    } finally {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.unlink(...keys);
      await redis.quit();
    }
  } else console.log(`no Redis answers at ${REDIS_URL}: the Redis run is skipped`);
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
