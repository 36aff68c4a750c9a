/**
 * The diamond feed's write path on PostgreSQL (issue 12, Performance), without the list: a full sync
 * of STONES generated stones through the real ingest (read and staged, then the merge and sweep
 * timed apart), the same full sync again (nothing changed: the nightly case), then repeated
 * incremental merges of 10,000 changed stones and repeated repricings of every stone (each after an
 * exchange-rate change), with p50 and the database's CPU.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/diamond-writes.bench.ts   (in packages/server)
 *
 * BENCH_STONES sets the count (default 1,000,000); BENCH_REPEAT the repeats (default 3);
 * BENCH_KEEP=1 keeps the database, BENCH_REUSE=<name> measures a kept one again without the first full
 * sync (BENCH_FULL=1 runs the second: every stone already there, none changed);
 * BENCH_EXPLAIN=<seconds> logs the plan (EXPLAIN ANALYZE, BUFFERS) of every statement slower than
 * that to the server's log (auto_explain); BENCH_NAME tags the database's name (bench-database.ts);
 * BENCH_ONLY=first stops after the first full sync (the first load's figures alone, about a minute).
 * BENCH_FEED=fake reads the full syncs from the fake Nivoda over HTTP (its own process, started here,
 * as `npm run fake:nivoda`; the adapter a sync uses) instead of the generated feed, and prints the
 * fake's CPU apart; the incremental syncs (they need stones that change) and the repricings are then
 * left out.
 *
 * Each scenario prints its wall time against its target, and the CPU seconds of this process (the
 * feed's reading and preparing) and of the database's backends (autovacuum's included): on a
 * shared machine wall time is mostly the queue, CPU is the work. Targets (issue 12): a full sync
 * end to end <= 60 s, of which the database merge <= 30 s; an incremental sync of 10,000 changed
 * stones <= 3 s; repricing every stone <= 15 s. A summary of every scenario ends the output.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { EXCHANGE_RATE_SETTING_KEYS } from '@facet/contract/modules/diamonds/diamond.schema';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { systemContext } from '../src/http/context.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { ingestStones } from '../src/modules/diamonds/feed/diamond-ingest.ts';
import { readForSync } from '../src/modules/diamonds/feed/feed-read-thread.ts';
import { repriceAll } from '../src/modules/diamonds/diamond.service.ts';
import { seedDemoDiamondPricing } from '../src/modules/diamonds/diamond.demo.ts';
import { createGeneratedFeed } from '../src/modules/diamonds/feed/generated-stone-feed.ts';
import { openPostgres } from '../src/db/client.ts';
import { SERVER_NODE_FLAGS } from '../src/server-command.ts';
import { createNivodaFeed } from '../src/integrations/nivoda/nivoda-feed.ts';
import type { FeedStoneKind, StoneFeed } from '../src/integrations/nivoda/feed-stone.ts';
import { openBenchDatabase } from './bench-database.ts';
import { startFakeNivodaProcess } from './fake-nivoda-process.ts';

// A sync runs in the server's process: measured under the server's node flags (its young generation
// capped, server-command.ts) and on Node's own type stripping, as the server runs, not under tsx.
if (!SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, import.meta.filename], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const STONES = Number(process.env.BENCH_STONES ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const COUNTS = { natural: Math.round(STONES * 0.6), lab: Math.round(STONES * 0.35), gemstone: STONES - Math.round(STONES * 0.6) - Math.round(STONES * 0.35) };
const INCREMENTAL = 10_000;
const REUSE = process.env.BENCH_REUSE;
/** BENCH_IN_PROCESS=1: the full syncs read in this thread, not in the worker a sync uses (to compare). */
const IN_PROCESS = Boolean(process.env.BENCH_IN_PROCESS);
const fake = process.env.BENCH_FEED === 'fake' ? await startFakeNivodaProcess(STONES) : null;

const bench = await openBenchDatabase(REUSE);
const databaseName = bench.name;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const context = systemContext(null, 0);

if (process.env.BENCH_EXPLAIN) {
  // New connections of this database log the plans of slow statements, with their timings and buffers.
  const settings = {
    session_preload_libraries: 'auto_explain',
    'auto_explain.log_min_duration': `${Number(process.env.BENCH_EXPLAIN) * 1000}`,
    'auto_explain.log_analyze': 'on',
    'auto_explain.log_buffers': 'on',
    'auto_explain.log_nested_statements': 'on',
    'auto_explain.log_triggers': 'on',
  };
  for (const [key, value] of Object.entries(settings)) await bench.database.db.execute(sql.raw(`alter database ${databaseName} set ${key} = '${value}'`));
}
// Connections opened from here on carry the settings above.
const opened = process.env.BENCH_EXPLAIN ? await openPostgres(bench.url) : bench.database;
const write = opened.db;

// The backends' CPU is read from /proc while they live: polled every half second, so that one that
// ends (the pool closes idle connections, autovacuum's workers come and go) keeps its last reading.
const cpuPoll = setInterval(() => void bench.cpuSeconds().catch(() => undefined), 500);
interface Cpu {
  node: number;
  database: number;
}
const cpuNow = async (): Promise<Cpu> => {
  const { node, postgres } = await bench.cpuSeconds();
  return { node, database: postgres };
};
const cpuSince = async (before: Cpu): Promise<Cpu> => {
  const now = await cpuNow();
  return { node: now.node - before.node, database: now.database - before.database };
};
const seconds = (from: number, to = performance.now()) => (to - from) / 1000;
const cpuText = (cpu: Cpu) => `CPU: bench process ${cpu.node.toFixed(1)} s, database ${cpu.database.toFixed(1)} s`;

/** Updates of `diamonds` so far, and of those the HOT ones (new row version on the same page, no index entry written). */
async function hotUpdates(): Promise<{ updates: number; hot: number }> {
  const result = await write.execute(sql`select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'diamonds'`);
  const row = (result as unknown as { rows: { updates: string; hot: string }[] }).rows[0];
  return { updates: Number(row?.updates ?? 0), hot: Number(row?.hot ?? 0) };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One line of the closing summary: a measured wall time against its target, with the CPU it took. */
interface Outcome {
  scenario: string;
  wall: number;
  target?: number;
  /** Left out where it cannot be told apart (merges running beside reads). */
  cpu?: Cpu;
  load: string;
}
const summary: Outcome[] = [];
const verdict = (wall: number, target?: number) => (target === undefined ? '' : wall <= target ? `met (≤ ${target} s)` : `MISSED (≤ ${target} s)`);

console.log(`diamond writes bench: ${STONES.toLocaleString()} stones, database ${databaseName}, load ${load()}`);

/**
 * A full sync of every kind, as the app runs it: the job engine's side lane runs two syncs at once
 * (`JobKindDefinition.sideLane`), so natural and lab start together and gemstones take the lane that
 * frees first. Each is read and staged, then merged and swept in one transaction, then its staged
 * rows cleared. Prints each kind's phases; returns the end-to-end time and the merges' part: the wall
 * time during which some merge ran (the union of their intervals), and their sum.
 */
async function fullSync(title: string, generation: number) {
  const feed: StoneFeed = fake ? createNivodaFeed({ ...fake.config, ...(process.env.BENCH_BATCH && { batchSize: Number(process.env.BENCH_BATCH) }) }) : createGeneratedFeed({ counts: COUNTS, seed: 7, source: 'bench', batchSize: 5000, generation });
  const fakeCpuStart = fake?.cpuSeconds() ?? 0;
  const merges: [number, number][] = [];
  const cpuStart = await cpuNow();
  const started = performance.now();
  console.log(`${title}:`);
  const waiting: FeedStoneKind[] = ['natural', 'lab', 'gemstone'];
  const lane = async () => {
    for (let kind = waiting.shift(); kind; kind = waiting.shift()) {
      const kindStarted = performance.now();
      let downloaded = kindStarted;
      let committed = kindStarted;
      const counts = await ingestStones(write, feed.source, IN_PROCESS ? feed.read({ kind, mode: 'full' }) : readForSync(feed, { kind, mode: 'full' }), { mode: 'full', kind }, {
        onDownloaded: async () => {
          downloaded = performance.now();
        },
        onCommitted: async () => {
          committed = performance.now();
          merges.push([downloaded, committed]);
        },
      });
      console.log(
        `  ${kind.padEnd(9)} from ${seconds(started, kindStarted).toFixed(1)} s: read + staged ${seconds(kindStarted, downloaded).toFixed(1)} s, merge and sweep ${seconds(downloaded, committed).toFixed(1)} s (to the commit), staging cleared ${seconds(committed).toFixed(1)} s: ` +
          `${counts.added} added, ${counts.updated} updated, ${counts.repriced} repriced, ${counts.removed} removed   (load ${load()})`,
      );
    }
  };
  await Promise.all([lane(), lane()]);
  const wall = seconds(started);
  const cpu = await cpuSince(cpuStart);
  const mergeSum = merges.reduce((sum, [from, to]) => sum + (to - from), 0) / 1000;
  // The union of the merges' intervals: the wall time in which at least one merge was running.
  let mergeWall = 0;
  let reach = -Infinity;
  for (const [from, to] of merges.sort((x, y) => x[0] - y[0])) {
    mergeWall += Math.max(0, to - Math.max(from, reach));
    reach = Math.max(reach, to);
  }
  mergeWall /= 1000;
  const fakeCpu = fake ? `, the fake Nivoda ${(fake.cpuSeconds() - fakeCpuStart).toFixed(1)} s` : '';
  console.log(`  end to end ${wall.toFixed(1)} s ${verdict(wall, 60)}, ${cpuText(cpu)}${fakeCpu} (read from ${fake ? 'the fake Nivoda over HTTP' : 'the generated feed'})`);
  console.log(`  of which merges and sweeps ${mergeWall.toFixed(1)} s ${verdict(mergeWall, 30)} (wall time with a merge running; the merges' own times add up to ${mergeSum.toFixed(1)} s)   (load ${load()})`);
  summary.push({ scenario: `${title}, end to end`, wall, target: 60, cpu, load: load() }, { scenario: `  of which merges and sweeps (wall time with one running)`, wall: mergeWall, target: 30, load: load() });
}

if (!REUSE) {
  await bootstrap(write, { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false });
  await write.transaction(async (tx) => {
    await seedDemoDiamondPricing(tx, { adminId: 1, permissionIds: new Map() });
  });
  await fullSync(`first full sync (an empty table to ${STONES.toLocaleString()} stones)`, 0);
  const cpuBefore = await cpuNow();
  const started = performance.now();
  await write.execute(sql`vacuum analyze diamonds`);
  console.log(`vacuum analyze ${seconds(started).toFixed(1)} s, ${cpuText(await cpuSince(cpuBefore))}   (load ${load()})`);
}
const firstOnly = process.env.BENCH_ONLY === 'first';
if ((!REUSE || process.env.BENCH_FULL) && !firstOnly) {
  // The nightly case: every stone read again, none changed (nothing written but the sweep's check).
  await fullSync('nightly full sync (every stone read again, none changed)', 0);
}

if (!firstOnly && !fake) {
  // Incremental: each generation changes the price of 10,000 natural stones.
  const changeEvery = Math.max(1, Math.floor(COUNTS.natural / INCREMENTAL));
  const incrementals: { wall: number; cpu: Cpu }[] = [];
  const firstGeneration = Number(process.env.BENCH_GENERATION ?? 1);
  console.log(`incremental sync of ${INCREMENTAL.toLocaleString()} changed stones, ${REPEAT} runs:`);
  for (let i = 0; i < REPEAT; i += 1) {
    const changed = createGeneratedFeed({ counts: COUNTS, seed: 7, source: 'bench', batchSize: 5000, generation: firstGeneration + i, changeEvery });
    const cpuBefore = await cpuNow();
    const started = performance.now();
    let staged = started;
    let committed = started;
    const counts = await ingestStones(write, changed.source, readForSync(changed, { kind: 'natural', mode: 'incremental' }), { mode: 'incremental', kind: 'natural' }, {
      onDownloaded: async () => {
        staged = performance.now();
      },
      onCommitted: async () => {
        committed = performance.now();
      },
    });
    const wall = seconds(started);
    const cpu = await cpuSince(cpuBefore);
    incrementals.push({ wall, cpu });
    const phases = `read + staged ${seconds(started, staged).toFixed(2)} s, analyse + merge + commit ${seconds(staged, committed).toFixed(2)} s, staging cleared ${seconds(committed).toFixed(2)} s`;
    console.log(`  ${counts.total} read, ${counts.updated} updated, ${counts.repriced} repriced in ${wall.toFixed(2)} s ${verdict(wall, 3)} (${phases}), ${cpuText(cpu)}   (load ${load()})`);
  }
  const incremental = median(incrementals.map((run) => run.wall));
  const incrementalCpu = { node: median(incrementals.map((run) => run.cpu.node)), database: median(incrementals.map((run) => run.cpu.database)) };
  console.log(`  p50 ${incremental.toFixed(2)} s ${verdict(incremental, 3)}, ${cpuText(incrementalCpu)} (p50 each)   (load ${load()})`);
  summary.push({ scenario: `incremental sync of ${INCREMENTAL.toLocaleString()}, p50 of ${REPEAT}`, wall: incremental, target: 3, cpu: incrementalCpu, load: load() });

  const repricings: { wall: number; cpu: Cpu }[] = [];
  console.log(`repricing every stone after an exchange-rate change, ${REPEAT} runs:`);
  for (let i = 0; i < REPEAT; i += 1) {
    // Up and down by turns, so repeated runs stay near the demo rate.
    await write.execute(sql`update settings set value = (value::numeric + ${i % 2 === 0 ? '0.01' : '-0.01'})::text where key = ${EXCHANGE_RATE_SETTING_KEYS.rate}`);
    const hotBefore = await hotUpdates();
    const cpuBefore = await cpuNow();
    const started = performance.now();
    const result = await write.transaction((tx) => repriceAll(tx, context));
    const wall = seconds(started);
    const cpu = await cpuSince(cpuBefore);
    repricings.push({ wall, cpu });
    // The server publishes a transaction's table statistics within a second of its end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const hotAfter = await hotUpdates();
    const hot = `${hotAfter.hot - hotBefore.hot} of ${hotAfter.updates - hotBefore.updates} updates HOT`;
    console.log(`  ${result.repriced} repriced in ${wall.toFixed(2)} s ${verdict(wall, 15)}, ${cpuText(cpu)}; ${hot}   (load ${load()})`);
  }
  const repricing = median(repricings.map((run) => run.wall));
  const repricingCpu = { node: median(repricings.map((run) => run.cpu.node)), database: median(repricings.map((run) => run.cpu.database)) };
  console.log(`  p50 ${repricing.toFixed(2)} s ${verdict(repricing, 15)}, ${cpuText(repricingCpu)} (p50 each)   (load ${load()})`);
  summary.push({ scenario: `repricing every stone, p50 of ${REPEAT}`, wall: repricing, target: 15, cpu: repricingCpu, load: load() });
}

const [size] = ((await write.execute(sql`select pg_size_pretty(pg_total_relation_size('diamonds')) as size, (select n_tup_hot_upd::float / nullif(n_tup_upd, 0) from pg_stat_user_tables where relname = 'diamonds') as hot`)) as unknown as { rows: { size: string; hot: number | null }[] }).rows;
console.log(`diamonds: ${size?.size}, HOT updates ${((size?.hot ?? 0) * 100).toFixed(0)}%   (load ${load()})`);

console.log(`\nsummary (${STONES.toLocaleString()} stones; wall time against the target, then CPU seconds; load average when measured):`);
for (const row of summary) {
  console.log(`  ${row.scenario.padEnd(78)} ${`${row.wall.toFixed(1)} s`.padStart(8)}  ${verdict(row.wall, row.target).padEnd(16)}  ${row.cpu ? `${cpuText(row.cpu)}   ` : ''}(load ${row.load})`);
}

clearInterval(cpuPoll);
fake?.stop();
if (opened !== bench.database) await opened.close();
if (process.env.BENCH_KEEP) {
  if (process.env.BENCH_EXPLAIN) await bench.database.db.execute(sql.raw(`alter database ${databaseName} reset all`));
  console.log(`kept database ${databaseName}`);
  await bench.keep();
} else {
  await bench.drop();
}
