/**
 * Lists at scale on PostgreSQL: seeds 1,000,000 rows into a wide table shaped like the diamond feed
 * (shape, carat, colour, clarity, cut, price, origin, certificate, vendor...) and times the toolkit's
 * list (first page, page 10, three filter combinations, a search) and an export of 100,000 rows
 * through the streaming Excel writer, with its peak memory.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/list-scale.bench.ts   (in packages/server)
 *
 * The table and its indexes are declared as a real table's are (drizzle, below) and created by
 * drizzle-kit's own migration generator: the table, then the rows, then the indexes (faster than
 * loading into indexed pages), then `vacuum analyze`, as autovacuum leaves a live table.
 * BENCH_KEEP=1 keeps the seeded database; BENCH_REUSE=<its name> measures it again without seeding,
 * after dropping its indexes and building the ones declared now: for a change of indexes or SQL.
 * The export runs in a child process (export-child.ts), which reports its own peak RSS.
 * BENCH_PROFILE_EXPORT=1 prints where the export's CPU goes (V8 sampling profiler).
 *
 * Targets (issue 9): list p95 <= 20 ms; export >= 30,000 rows/s with RSS <= 300 MB.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { openBenchDatabase } from './bench-database.ts';
import { sql } from 'drizzle-orm';
import { SHAPES, stoneResource, stones } from './bench-stones.ts';
import { tableDdl } from './table-ddl.ts';
import { createCrudService } from '../src/db/crud-service.ts';
import { SERVER_NODE_FLAGS } from '../src/server-command.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const REUSE = process.env.BENCH_REUSE;
const { database, drop, name: databaseName, url: databaseUrl } = await openBenchDatabase(REUSE);
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

function summarise(label: string, times: number[], extra = '') {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label.padEnd(52)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms${extra}`);
}

try {
  const seedStart = performance.now();
  const { createTable, createIndexes } = tableDdl('./bench-stones.ts', 'stones');
  if (REUSE) {
    // A kept table: its rows stay; its indexes are built again as declared now.
    const indexes = (await database.db.execute(sql`
      select indexname from pg_indexes where tablename = 'bench_stones' and indexname <> 'bench_stones_pkey'`)) as unknown as { rows: { indexname: string }[] };
    for (const { indexname } of indexes.rows) await database.db.execute(sql.raw(`drop index "${indexname}"`));
  } else {
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    for (const statement of createTable) await database.db.execute(sql.raw(statement));
    await database.db.execute(sql`
      insert into bench_stones (created_at, status, stock_number, shape, carat, colour, clarity, cut, is_lab, certificate, lab, vendor_id, price, measurements)
      select now() - (g || ' seconds')::interval, g % 17 <> 0, 'NV' || lpad(g::text, 8, '0'),
        (${sql.raw(`array[${SHAPES.map((shape) => `'${shape}'`).join(',')}]`)})[1 + g % 10],
        round((0.2 + (g * 7919 % 5000) / 1000.0)::numeric, 3),
        (array['D','E','F','G','H','I','J','K'])[1 + g % 8], (array['FL','IF','VVS1','VVS2','VS1','VS2','SI1','SI2'])[1 + (g / 8) % 8],
        (array['Excellent','Very Good','Good'])[1 + g % 3], g % 3 = 0, 'CERT' || (1000000000 + g * 37)::text,
        (array['GIA','IGI','HRD'])[1 + g % 3], 1 + g % 40, round((200 + (g * 104729 % 5000000) / 100.0)::numeric, 2),
        '6.40 x 6.42 x 3.95'
      from generate_series(1::bigint, ${ROWS}::bigint) g`);
  }
  for (const statement of createIndexes) await database.db.execute(sql.raw(statement));
  // What autovacuum does to a live table: statistics, and the visibility map that lets a capped
  // count read an index alone (a table loaded a moment ago has none).
  await database.db.execute(sql`vacuum analyze bench_stones`);
  console.log(
    `${REUSE ? 'reused' : 'seeded'} ${ROWS.toLocaleString('en-GB')} stones, ${createIndexes.length} declared indexes built, in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; load average ${load()}`,
  );

  const service = createCrudService(database.db, stoneResource, stones);
  /** A query string as the list route would read it. */
  const parse = (raw: Record<string, string>) => stoneResource.listQuery.schema.parse(raw) as Parameters<typeof service.list>[0];

  const base = { pageSize: '20' };
  const cases: [string, Record<string, string>][] = [
    ['first page (newest first)', {}],
    ['page 10', { page: '10' }],
    ['filter: shape Oval, carat 1.000-1.500', { shape: 'Oval', caratFrom: '1', caratTo: '1.5' }],
    ['filter: lab grown, price £1,000-£5,000, sort by price', { isLab: 'lab', priceFrom: '1000', priceTo: '5000', sort: 'price', order: 'asc' }],
    ['filter: Round|Pear|Heart, active, sort by carat desc', { shape: 'Round,Pear,Heart', status: 'active', sort: 'carat', order: 'desc' }],
    ['search: certificate "1000123"', { search: '1000123' }],
  ];
  for (const [label, raw] of cases) {
    const times: number[] = [];
    let answer: Awaited<ReturnType<typeof service.list>> | undefined;
    for (let i = 0; i < 5; i++) answer = await service.list(parse({ ...base, ...raw }));
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      // Parsed each time, as each request is.
      await service.list(parse({ ...base, ...raw }));
      times.push(performance.now() - start);
    }
    summarise(`list ${label}`, times, `   total ${answer!.totalIsCapped ? 'more than ' : ''}${answer!.total.toLocaleString('en-GB')}`);
  }

  // The export runs in a child process of its own (export-child.ts): its peak RSS is then the
  // export's, not this process's, which holds the seeding and the list timings (288 MB before).
  // With the server's own V8 settings (server-command.ts), so its memory is as a server's would be.
  const child = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', fileURLToPath(new URL('./export-child.ts', import.meta.url))], {
    env: { ...process.env, BENCH_EXPORT_URL: databaseUrl, BENCH_EXPORT_ROWS: String(EXPORT_ROWS) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the export child failed (${child.status ?? child.signal})`);
  const exported = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { seconds: number; cpuSeconds: number; bytes: number; rssBefore: number; peakRss: number; profile?: string };
  console.log(
    `export ${EXPORT_ROWS.toLocaleString('en-GB')} rows to .xlsx (earth mined, by price)`.padEnd(52) +
      ` ${exported.seconds.toFixed(2)} s = ${Math.round(EXPORT_ROWS / exported.seconds).toLocaleString('en-GB')} rows/s ` +
      `(${Math.round(EXPORT_ROWS / exported.cpuSeconds).toLocaleString('en-GB')} per CPU second of its process), ${(exported.bytes / 1e6).toFixed(1)} MB file, ` +
      `peak RSS ${Math.round(exported.peakRss / 1e6)} MB (its own process; ${Math.round(exported.rssBefore / 1e6)} MB before)${exported.profile ? ' (profiled)' : ''}`,
  );
  if (exported.profile) console.log(`where the export's CPU goes (V8 sampling profiler)\n${exported.profile}`);
  console.log(`load average at the end: ${load()}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // BENCH_KEEP=1 leaves the seeded database for EXPLAIN (ANALYZE, BUFFERS) and BENCH_REUSE (drop it by hand afterwards).
  if (process.env.BENCH_KEEP === '1' || REUSE) {
    console.log(`kept database ${databaseName}`);
    await database.close();
  } else await drop();
}
