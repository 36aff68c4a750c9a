/**
 * The subscribers list at a million rows (issue 25, Performance), through the API as the screen calls
 * it: seeds 1,000,000 subscribers by SQL on PostgreSQL (the table's indexes built after, from the
 * migrations' definitions), `vacuum analyze`, starts the server as `npm start` does and times the
 * first page, page 10, the sorts, the status filter both ways and searches (one that matches a sixth
 * of the rows, one that matches a handful). Prints median and p95 of BENCH_RUNS (30) requests each,
 * the CPU per request, and the load average. Target: p95 <= 20 ms for every case.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/subscribers.bench.ts   (in packages/server)
 *
 * BENCH_ROWS sets the rows; BENCH_KEEP=1 keeps the seeded database; BENCH_REUSE=<its name> measures a kept one again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ApiCase } from './api-cases.ts';
import { endServerBench, serverAndDatabaseCpuSeconds, timeApiCases } from './api-cases.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { BenchServer } from './bench-server.ts';
import { startBenchServer } from './bench-server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REUSE = process.env.BENCH_REUSE;
const PASSWORD = 'Bench-subscribers-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

const bench = await openBenchDatabase(REUSE);
const { database, url } = bench;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-subscribers-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const seedStart = performance.now();
  const db = database.db;
  const { rows: indexes } = (await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'subscribers' and indexname <> 'subscribers_pkey'`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  if (!REUSE) {
    for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
    // Six domains, one row in six each: a search for one matches a sixth. One in eleven inactive.
    await db.execute(sql`
      insert into subscribers (email, status, klaviyo_id, klaviyo_synced, created_at, updated_at)
      select lower(first_name) || '.' || g || '@' || (array['btinternet.com','gmail.com','outlook.com','yahoo.co.uk','icloud.com','sky.com'])[1 + g % 6],
             g % 11 <> 0, 'P' || g, true, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(1, ${ROWS}) g,
        lateral (select (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Leo','Lily'])[1 + abs(hashint4(g)) % 10] as first_name) names`);
    for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  }
  await db.execute(sql.raw('vacuum (analyze) subscribers'));
  console.log(`${REUSE ? 'reused' : 'seeded'} ${ROWS.toLocaleString('en-GB')} subscribers (${indexes.length} indexes built after) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; load average ${load()}`);

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const cases: ApiCase[] = [
    ['subscribers: first page', '/api/subscribers'],
    ['subscribers: page 10', '/api/subscribers?page=10'],
    ['subscribers: sort by email', '/api/subscribers?sort=email&order=asc'],
    ['subscribers: sort by email, descending', '/api/subscribers?sort=email&order=desc'],
    ['subscribers: sort by created date, oldest first', '/api/subscribers?sort=createdAt&order=asc'],
    ['subscribers: filter inactive (1 in 11)', '/api/subscribers?status=inactive'],
    ['subscribers: filter active', '/api/subscribers?status=active'],
    ['subscribers: search "btinternet" (a sixth)', '/api/subscribers?search=btinternet'],
    ['subscribers: search "amelia.4242" (a handful)', '/api/subscribers?search=amelia.4242'],
    ['subscribers: search "gmail", inactive', '/api/subscribers?search=gmail&status=inactive'],
  ];
  await timeApiCases(server, cases, RUNS, serverAndDatabaseCpuSeconds(bench, server.pid));
  console.log(`load average at the end: ${load()} (2 cores; the figures are wall times of HTTP requests to the server)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await endServerBench(server, dataDir, bench, process.env.BENCH_KEEP === '1' || REUSE !== undefined);
}
