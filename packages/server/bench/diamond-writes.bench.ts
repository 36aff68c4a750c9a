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
 * that to the server's log (auto_explain). Targets: merge <= 30 s; incremental <= 3 s; repricing <= 15 s.
 */
import os from 'node:os';
import { EXCHANGE_RATE_SETTING_KEYS } from '@facet/contract/modules/diamonds/diamond.schema';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { systemContext } from '../src/http/context.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { ingestStones } from '../src/modules/diamonds/diamond-ingest.ts';
import { repriceAll } from '../src/modules/diamonds/diamond.service.ts';
import { seedDemoDiamondPricing } from '../src/modules/diamonds/diamond.demo.ts';
import { createGeneratedFeed } from '../src/modules/diamonds/generated-stone-feed.ts';
import { openPostgres } from '../src/db/client.ts';
import { databaseCpuSeconds, openBenchDatabase } from './bench-database.ts';

const STONES = Number(process.env.BENCH_STONES ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const COUNTS = { natural: Math.round(STONES * 0.6), lab: Math.round(STONES * 0.35), gemstone: STONES - Math.round(STONES * 0.6) - Math.round(STONES * 0.35) };
const INCREMENTAL = 10_000;
const REUSE = process.env.BENCH_REUSE;

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

/** CPU seconds the database's server processes on this database have used (bench-database.ts). */
const databaseCpu = () => databaseCpuSeconds(write);

/** Wall and database CPU seconds of `task`. */
async function measure<T>(task: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number | null }> {
  const cpuBefore = await databaseCpu();
  const started = performance.now();
  const result = await task();
  const wall = (performance.now() - started) / 1000;
  const cpuAfter = await databaseCpu();
  return { result, wall, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}
/** Updates of `diamonds` so far, and of those the HOT ones (new row version on the same page, no index entry written). */
async function hotUpdates(): Promise<{ updates: number; hot: number }> {
  const result = await write.execute(sql`select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'diamonds'`);
  const row = (result as unknown as { rows: { updates: string; hot: string }[] }).rows[0];
  return { updates: Number(row?.updates ?? 0), hot: Number(row?.hot ?? 0) };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cpuText = (cpu: number | null) => (cpu === null ? '' : `, database CPU ${cpu.toFixed(1)} s`);

console.log(`diamond writes bench: ${STONES.toLocaleString()} stones, database ${databaseName}, load ${load()}`);

/** A full sync of every kind: read and staged, then the merge and sweep (one transaction each), timed apart. */
async function fullSync(generation: number) {
  const feed = createGeneratedFeed({ counts: COUNTS, seed: 7, source: 'bench', batchSize: 5000, generation });
  let staged = 0;
  let merged = 0;
  let mergeCpu = 0;
  for (const kind of ['natural', 'lab', 'gemstone'] as const) {
    const started = performance.now();
    let downloaded = started;
    let cpuAtMerge: number | null = null;
    const counts = await ingestStones(write, feed.source, feed.read({ kind, mode: 'full' }), { mode: 'full', kind }, {
      onDownloaded: async () => {
        downloaded = performance.now();
        cpuAtMerge = await databaseCpu();
      },
      inTransaction: async () => {
        merged += performance.now() - downloaded;
        const cpu = await databaseCpu();
        if (cpu !== null && cpuAtMerge !== null) mergeCpu += cpu - cpuAtMerge;
        console.log(
          `  full ${kind.padEnd(9)} read + staged ${((downloaded - started) / 1000).toFixed(1)} s, merge and sweep ${((performance.now() - downloaded) / 1000).toFixed(1)} s${cpuText(cpu === null || cpuAtMerge === null ? null : cpu - cpuAtMerge)}   (load ${load()})`,
        );
      },
    });
    console.log(`    ${counts.added} added, ${counts.updated} updated, ${counts.repriced} repriced, ${counts.removed} removed`);
    staged += downloaded - started;
  }
  console.log(`full sync of ${STONES.toLocaleString()}: read + staged ${(staged / 1000).toFixed(1)} s, merges and sweeps ${(merged / 1000).toFixed(1)} s${cpuText(mergeCpu)}   (load ${load()})`);
}

if (!REUSE) {
  await bootstrap(write, { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false });
  await write.transaction(async (tx) => {
    await seedDemoDiamondPricing(tx, { adminId: 1, permissionIds: new Map() });
  });
  await fullSync(0);
  const { wall } = await measure(() => write.execute(sql`vacuum analyze diamonds`));
  console.log(`vacuum analyze ${wall.toFixed(1)} s`);
}
if (!REUSE || process.env.BENCH_FULL) {
  // The nightly case: every stone read again, none changed (nothing written but the sweep's check).
  console.log('full sync again, nothing changed:');
  await fullSync(0);
}

// Incremental: each generation changes the price of 10,000 natural stones.
const changeEvery = Math.max(1, Math.floor(COUNTS.natural / INCREMENTAL));
const incrementalWalls: number[] = [];
const incrementalCpus: number[] = [];
const firstGeneration = Number(process.env.BENCH_GENERATION ?? 1);
for (let i = 0; i < REPEAT; i += 1) {
  const changed = createGeneratedFeed({ counts: COUNTS, seed: 7, source: 'bench', batchSize: 5000, generation: firstGeneration + i, changeEvery });
  const started = performance.now();
  let staged = 0;
  let merged = 0;
  const { result: counts, wall, cpu } = await measure(() =>
    ingestStones(write, changed.source, changed.read({ kind: 'natural', mode: 'incremental' }), { mode: 'incremental', kind: 'natural' }, {
      onDownloaded: async () => {
        staged = performance.now();
      },
      inTransaction: async () => {
        merged = performance.now();
      },
    }),
  );
  incrementalWalls.push(wall);
  if (cpu !== null) incrementalCpus.push(cpu);
  const phases = `read + staged ${((staged - started) / 1000).toFixed(2)} s, analyse + merge ${((merged - staged) / 1000).toFixed(2)} s, commit + clear ${((performance.now() - merged) / 1000).toFixed(2)} s`;
  console.log(`  incremental: ${counts.total} read, ${counts.updated} updated, ${counts.repriced} repriced in ${wall.toFixed(2)} s (${phases})${cpuText(cpu)}   (load ${load()})`);
}
console.log(`incremental merge of ${INCREMENTAL.toLocaleString()}, ${REPEAT} runs: p50 ${median(incrementalWalls).toFixed(2)} s${incrementalCpus.length ? `, database CPU p50 ${median(incrementalCpus).toFixed(2)} s` : ''}   (load ${load()})`);

const repriceWalls: number[] = [];
const repriceCpus: number[] = [];
for (let i = 0; i < REPEAT; i += 1) {
  // Up and down by turns, so repeated runs stay near the demo rate.
  await write.execute(sql`update settings set value = (value::numeric + ${i % 2 === 0 ? '0.01' : '-0.01'})::text where key = ${EXCHANGE_RATE_SETTING_KEYS.rate}`);
  const hotBefore = await hotUpdates();
  const { result, wall, cpu } = await measure(() => write.transaction((tx) => repriceAll(tx, context)));
  repriceWalls.push(wall);
  if (cpu !== null) repriceCpus.push(cpu);
  // The server publishes a transaction's table statistics within a second of its end.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const hotAfter = await hotUpdates();
  const hot = `${hotAfter.hot - hotBefore.hot} of ${hotAfter.updates - hotBefore.updates} updates HOT`;
  console.log(`  repricing all: ${result.repriced} repriced in ${wall.toFixed(2)} s${cpuText(cpu)}; ${hot}   (load ${load()})`);
}
console.log(`repricing all, ${REPEAT} runs: p50 ${median(repriceWalls).toFixed(2)} s${repriceCpus.length ? `, database CPU p50 ${median(repriceCpus).toFixed(2)} s` : ''}   (load ${load()})`);

const [size] = ((await write.execute(sql`select pg_size_pretty(pg_total_relation_size('diamonds')) as size, (select n_tup_hot_upd::float / nullif(n_tup_upd, 0) from pg_stat_user_tables where relname = 'diamonds') as hot`)) as unknown as { rows: { size: string; hot: number | null }[] }).rows;
console.log(`diamonds: ${size?.size}, HOT updates ${((size?.hot ?? 0) * 100).toFixed(0)}%   (load ${load()})`);

if (opened !== bench.database) await opened.close();
if (process.env.BENCH_KEEP) {
  if (process.env.BENCH_EXPLAIN) await bench.database.db.execute(sql.raw(`alter database ${databaseName} reset all`));
  console.log(`kept database ${databaseName}`);
  await bench.keep();
} else {
  await bench.drop();
}
