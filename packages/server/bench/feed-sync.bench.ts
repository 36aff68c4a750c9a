/**
 * The diamond feed under real syncs, through the API of the server as `npm start` runs it (issue 22,
 * items 24-27), on PostgreSQL, from the fake Nivoda over HTTP in a process of its own:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/feed-sync.bench.ts   (in packages/server)
 *
 * Starts the fake with BENCH_STONES stones (1,000,000), the server on a throwaway database (the
 * demo's shapes, markup bands and rate; the fake in the feed settings), then runs the first load
 * (the three import services started at once, as the nightly schedule does) and BENCH_RESYNCS (1)
 * full syncs again with nothing changed. During each, staff's lists (BENCH_STAFF (10) staff, each
 * opening a list of random filters, sort and page through `GET /api/diamonds`, then looking at it for
 * BENCH_STAFF_THINK_MS (1,000) before the next: about ten lists a second) and the Import Services screen's poll
 * (`GET /api/nivoda-services`, every 500 ms) are timed; printed: each service's run from its start to
 * its end, the whole sync, the lists' and the polls' p50 / p95 / max with how many totals were capped,
 * and the server's RSS (/proc VmRSS) before, at the peak (sampled every 100 ms) and 15 s after the last run ended.
 * BENCH_KEEP=1 keeps the database. BENCH_STAFF=1 BENCH_STAFF_THINK_MS=0 is the stress of earlier
 * rounds (one client listing without a pause, 300-600 lists a second): on two cores it takes a core's
 * worth from the sync, which no shop's staff do.
 *
 * The storefront cache goes to Redis, as a shop of this size runs it, when one answers at
 * BENCH_REDIS_URL (redis://127.0.0.1:6379; `none`: the process's memory store), under a key prefix of
 * the bench's own, removed at the end. Its documents are then Redis's memory, printed beside the
 * server's: in the memory store they are the server's (about 450 bytes a stone for sale).
 *
 * What holds the memory: BENCH_HEAP_SNAPSHOT_DIR=/tmp/heap BENCH_SERVER_FLAGS="--heapsnapshot-signal=SIGUSR2
 * --diagnostic-dir=/tmp/heap" writes the server's heap snapshot there after each round has settled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_SERVICES } from '@facet/contract/modules/diamonds/diamond.schema';
import { seedDemoDiamondPricing } from '../src/modules/diamonds/diamond.demo.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { BenchServer } from './bench-server.ts';
import { memoryOf, startBenchServer } from './bench-server.ts';
import { startFakeNivodaProcess } from './fake-nivoda-process.ts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

const STONES = Number(process.env.BENCH_STONES ?? 1_000_000);
const RESYNCS = Number(process.env.BENCH_RESYNCS ?? 1);
const STAFF = Number(process.env.BENCH_STAFF ?? 10);
const STAFF_THINK_MS = Number(process.env.BENCH_STAFF_THINK_MS ?? 1_000);
const PASSWORD = 'Bench-feed-sync-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has used (all its threads), from /proc. */
function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(stat[11]) + Number(stat[12])) / 100;
}
/** CPU seconds the whole machine has spent busy (every core, not idle or waiting on I/O), from /proc/stat. */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}
/**
 * CPU seconds PostgreSQL's processes have used: the live ones' own, and the postmaster's children's
 * that have ended (a connection's backend closed by the pool adds its time there when reaped).
 */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim().startsWith('postgres')) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const parent = stat[1]!;
      const isPostmaster = !fs.readFileSync(`/proc/${parent}/comm`, 'utf8').trim().startsWith('postgres');
      total += (Number(stat[11]) + Number(stat[12]) + (isPostmaster ? Number(stat[13]) + Number(stat[14]) : 0)) / 100;
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}

function summary(label: string, times: number[], extra = '') {
  if (times.length === 0) return console.log(`${label}: none`);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`${label.padEnd(40)} ${String(times.length).padStart(6)}: p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   max ${at(1).padStart(8)} ms${extra}`);
}

let seed = 2211;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
function randomList(): string {
  const query = new URLSearchParams();
  if (random() < 0.2) query.set('type', 'gemstone');
  else if (random() < 0.5) query.set('diamondType', pick(['earth', 'lab']));
  if (random() < 0.5) query.append('color', pick(['D', 'E', 'F', 'G', 'H', 'I']));
  if (random() < 0.4) query.append('clarity', pick(['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1']));
  if (random() < 0.3) {
    const from = Math.floor(random() * 8000);
    query.set('priceFrom', String(from));
    query.set('priceTo', String(from + Math.floor(random() * 20000)));
  }
  query.set('sort', pick(['createdAt', 'price', 'carat']));
  query.set('order', pick(['asc', 'desc']));
  query.set('page', String(1 + Math.floor(random() * 10)));
  return `/api/diamonds?${query}`;
}

/** The Redis the bench's server keeps its storefront cache in, when one answers; null: the memory store. */
async function benchRedis(): Promise<{ url: string; prefix: string; client: Redis } | null> {
  const url = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (url === 'none') return null;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return { url, prefix: `facet-bench-${process.pid}:cache`, client };
  } catch {
    client.disconnect();
    return null;
  }
}
const redisUsedBytes = async (client: Redis) => Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1] ?? 0);
async function dropRedisKeys(client: Redis, prefix: string) {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await client.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

const redis = await benchRedis();
if (redis) Object.assign(process.env, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix });
else delete process.env.REDIS_URL;
const fake = await startFakeNivodaProcess(STONES);
const { database, drop, keep, url, name } = await openBenchDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-feed-sync-'));
let server: BenchServer | undefined;
try {
  console.log(`feed sync bench: ${STONES.toLocaleString('en-GB')} stones from the fake, database ${name}, storefront cache in ${redis ? `Redis (${redis.url})` : "the server's memory"}, ${STAFF} staff listing with ${STAFF_THINK_MS} ms between lists, load ${load()}`);
  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const api = server.api;
  await database.db.transaction((tx) => seedDemoDiamondPricing(tx, { adminId: 1, permissionIds: new Map() }));
  const saved = await api('/api/nivoda-settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fake.config, incrementalMinutes: 60, fullSyncHours: 24 }),
  });
  if (!saved.ok) throw new Error(`the feed settings were refused: ${saved.status} ${await saved.text()}`);
  // The index of the empty table, as a server that has been up a while has it.
  await api('/api/diamonds');

  for (let round = 0; round <= RESYNCS; round += 1) {
    const label = round === 0 ? 'first load' : `full sync again, nothing changed (${round})`;
    const pid = server.pid;
    const rssBefore = memoryOf(pid).rss;
    const redisBefore = redis ? await redisUsedBytes(redis.client) : 0;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, memoryOf(pid).rss)), 100);
    const cpuBefore = { fake: fake.cpuSeconds(), server: cpuSecondsOf(pid), postgres: postgresCpuSeconds(), machine: machineBusySeconds() };
    const started = performance.now();
    const jobs = new Map<string, { id: number; endedAt: number | null; status: string }>();
    for (const service of IMPORT_SERVICES) {
      const response = await api(`/api/nivoda-services/${service}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'full' }) });
      if (response.status !== 202) throw new Error(`${service} did not start: ${response.status} ${await response.text()}`);
      jobs.set(service, { id: ((await response.json()) as { jobId: number }).jobId, endedAt: null, status: 'queued' });
    }
    const lists: number[] = [];
    const polls: number[] = [];
    let capped = 0;
    let isDone = false;
    const listing = Promise.all(
      Array.from({ length: STAFF }, async (_, member) => {
        // Staff do not all click at once: each starts a part of a pause in.
        await sleep(((member + 1) / STAFF) * STAFF_THINK_MS);
        while (!isDone) {
          const at = performance.now();
          const response = await api(randomList());
          const body = (await response.json()) as { totalIsCapped?: boolean };
          lists.push(performance.now() - at);
          if (body.totalIsCapped) capped += 1;
          if (STAFF_THINK_MS > 0) await sleep(STAFF_THINK_MS);
        }
      }),
    );
    const polling = (async () => {
      while (!isDone) {
        const at = performance.now();
        await (await api('/api/nivoda-services')).json();
        polls.push(performance.now() - at);
        await sleep(500);
      }
    })();
    while ([...jobs.values()].some((job) => job.endedAt === null)) {
      for (const [, job] of jobs) {
        if (job.endedAt !== null) continue;
        const record = (await (await api(`/api/jobs/${job.id}`)).json()) as { status: string; error?: string | null };
        if (record.status !== 'queued' && record.status !== 'running') {
          job.endedAt = performance.now();
          job.status = record.error ? `${record.status}: ${record.error}` : record.status;
        }
      }
      await sleep(250);
    }
    const ended = performance.now();
    const cpuUsed = { fake: fake.cpuSeconds() - cpuBefore.fake, server: cpuSecondsOf(pid) - cpuBefore.server, postgres: postgresCpuSeconds() - cpuBefore.postgres, machine: machineBusySeconds() - cpuBefore.machine };
    // Staff keep listing a little after the runs end (the index's rebuild or refresh lands here).
    await sleep(15_000);
    isDone = true;
    await Promise.all([listing, polling]);
    clearInterval(sampler);
    const rssAfter = memoryOf(pid).rss;
    // What the runs queued after them (the storefront cache's Generate of the stones they changed)
    // runs to its end before the next round starts or the memory is read again: a nightly sync does
    // not start while the last one's follow-up work is running, and otherwise the round after would
    // be timed with it.
    const followUpStarted = performance.now();
    const hasJobsUnderWay = async () => {
      const result = (await database.db.execute(sql`select count(*)::int as n from job_runs where status in ('queued', 'running')`)) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0) > 0;
    };
    while (await hasJobsUnderWay()) await sleep(500);
    const followUpSeconds = (performance.now() - followUpStarted) / 1000;
    const rssSettled = memoryOf(pid).rss;
    console.log(`  threads ${fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/Threads:\s+(\d+)/)?.[1]}; ${fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n').filter((line) => /^(Rss|Anonymous|Private_Dirty|Shared_Clean)/.test(line)).map((line) => line.replace(/\s+/g, ' ')).join(', ')}`);
    if (process.env.BENCH_HEAP_SNAPSHOT_DIR) await writeHeapSnapshot(pid, process.env.BENCH_HEAP_SNAPSHOT_DIR);
    console.log(`${label}: ${((ended - started) / 1000).toFixed(1)} s from the starts to the last run's end   (load ${load()})`);
    for (const [service, job] of jobs) console.log(`  ${service.padEnd(9)} ended after ${((job.endedAt! - started) / 1000).toFixed(1)} s, ${job.status}`);
    // Where the runs' time went on the machine's cores: the fake (Nivoda's servers, in production not
    // ours), the server (its reading threads included) and PostgreSQL; the rest is the bench's own
    // requests and other work on the machine.
    console.log(`  CPU during the runs: fake Nivoda ${cpuUsed.fake.toFixed(1)} s, server ${cpuUsed.server.toFixed(1)} s, PostgreSQL ${cpuUsed.postgres.toFixed(1)} s, the machine ${cpuUsed.machine.toFixed(1)} s busy of ${((os.cpus().length * (ended - started)) / 1000).toFixed(1)} s (${os.cpus().length} cores)`);
    summary('  lists (during and 15 s after)', lists, `, ${capped} capped totals`);
    summary('  Import Services polls', polls);
    console.log(`  server RSS ${mb(rssBefore)} before, ${mb(rssPeak)} at the peak, ${mb(rssAfter)} 15 s after the last run, ${mb(rssSettled)} once the jobs they queued had ended (${followUpSeconds.toFixed(1)} s more)`);
    if (redis) console.log(`  Redis used memory ${mb((redisBefore / 1024) | 0)} before, ${mb(((await redisUsedBytes(redis.client)) / 1024) | 0)} after (the storefront cache's documents)`);
  }
} finally {
  await server?.stop();
  fake.stop();
  if (redis) {
    await dropRedisKeys(redis.client, redis.prefix);
    redis.client.disconnect();
  }
  if (process.env.BENCH_KEEP) await keep();
  else await drop();
}

/** Asks the server (started with --heapsnapshot-signal=SIGUSR2) for a heap snapshot and waits until it is written. */
async function writeHeapSnapshot(pid: number, dir: string) {
  const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    await sleep(1_000);
    const written = fs.readdirSync(dir).find((file) => !before.has(file) && file.endsWith('.heapsnapshot'));
    if (!written || fs.statSync(path.join(dir, written)).size === 0) continue;
    const size = fs.statSync(path.join(dir, written)).size;
    await sleep(2_000);
    if (fs.statSync(path.join(dir, written)).size === size) return console.log(`  heap snapshot ${path.join(dir, written)} (${mb((size / 1024) | 0)})`);
  }
}
