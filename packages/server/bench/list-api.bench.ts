/**
 * Generic lists at a million rows, through the API as the screens call it (issue 23 §4): seeds
 * 1,000,000 customers and 1,000,000 content pages by SQL on PostgreSQL, `vacuum analyze`, starts the
 * server as `npm start` does (bench-server.ts) and times each list request over HTTP: the first page,
 * page 10, each sortable column both ways, each filter, and a search that matches a sixth of the rows.
 * Prints median and p95 of BENCH_RUNS (30) requests each, the answer's total, and the load average.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/list-api.bench.ts   (in packages/server)
 *
 * The rows go in with the tables' indexes dropped and are indexed after, by the migrations' own
 * definitions (faster than loading into indexed pages), so the bench measures the indexes as declared.
 * BENCH_ROWS sets the rows of each table; BENCH_KEEP=1 keeps the seeded database; BENCH_REUSE=<its
 * name> measures a kept one again (opening it applies any new migration, new indexes included).
 * Besides wall times, each case prints the CPU one request took in the server and in PostgreSQL
 * (from /proc), which a loaded machine does not inflate as it does wall time.
 * Target: p95 <= 20 ms for every case.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.ts';
import { loadIndexedLater } from './load-indexed-later.ts';
import type { ApiCase } from './api-cases.ts';
import { endServerBench, serverAndDatabaseCpuSeconds, timeApiCases } from './api-cases.ts';
import type { BenchServer } from './bench-server.ts';
import { startBenchServer } from './bench-server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REUSE = process.env.BENCH_REUSE;
const PASSWORD = 'Bench-lists-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

/** Six e-mail domains and six title topics, one row in six each: a search for one matches a sixth. */
const DOMAINS = ['btinternet.com', 'gmail.com', 'outlook.com', 'yahoo.co.uk', 'icloud.com', 'sky.com'];
const TOPICS = ['Ring care', 'Diamond guide', 'Gold news', 'Gift ideas', 'Wedding bands', 'Gemstones'];
const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]`);

const bench = await openBenchDatabase(REUSE);
const { database, url } = bench;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-list-api-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const seedStart = performance.now();
  const db = database.db;
  if (!REUSE) await db.execute(sql`insert into customer_groups (name) values ('Bench retail'), ('Bench trade')`);
  const customerIndexes = await loadIndexedLater(
    db,
    'customers',
    sql`
      insert into customers (first_name, last_name, email, contact_number, group_id, password_hash, is_subscribed, status, created_at)
      select first_name, last_name, lower(first_name) || '.' || lower(last_name) || g || '@' || (${textArray(DOMAINS)})[1 + g % 6],
             '07700 ' || lpad((g % 1000000)::text, 6, '0'),
             (select id from customer_groups where name = case when g % 20 = 0 then 'Bench trade' else 'Bench retail' end),
             '$argon2id$v=19$m=19456,t=2,p=1$' || md5(g::text) || md5((g + 1)::text), g % 3 = 0, g % 11 <> 0, now() - (g || ' seconds')::interval
      -- Names drawn by a hash of the row number, so neither the order by name nor the domain follows it.
      from generate_series(1, ${ROWS}) g,
        lateral (select (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Leo','Lily'])[1 + abs(hashint4(g)) % 10] as first_name,
                        (array['Smith','Jones','Taylor','Brown','Patel','Wright','Evans'])[1 + abs(hashint4(g + 1000003)) % 7] as last_name) names
`,
    REUSE !== undefined,
  );
  const pageIndexes = await loadIndexedLater(
    db,
    'content_pages',
    sql`
      insert into content_pages (title, page_code, slug, meta_title, meta_keywords, meta_description, content, status, created_at)
      select (${textArray(TOPICS)})[1 + g % 6] || ': page ' || g, 'page-' || g, 'page-' || g, 'Page ' || g, 'jewellery, diamonds',
             'About page ' || g, '<p>' || repeat('Facet fine jewellery. ', 20) || '</p>', g % 10 <> 0, now() - (g || ' minutes')::interval
      from generate_series(1, ${ROWS}) g`,
    REUSE !== undefined,
  );
  const [trade] = ((await db.execute(sql`select id from customer_groups where name = 'Bench trade'`)) as unknown as { rows: { id: number }[] }).rows;
  console.log(
    `${REUSE ? 'reused' : 'seeded'} ${ROWS.toLocaleString('en-GB')} customers and ${ROWS.toLocaleString('en-GB')} content pages ` +
      `(${customerIndexes} and ${pageIndexes} indexes built after) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; load average ${load()}`,
  );

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });

  const cases: ApiCase[] = [
    ['customers: first page', '/api/customers'],
    ['customers: page 10', '/api/customers?page=10'],
    ['customers: sort by name', '/api/customers?sort=name&order=asc'],
    ['customers: sort by name, descending', '/api/customers?sort=name&order=desc'],
    ['customers: sort by email', '/api/customers?sort=email&order=asc'],
    ['customers: sort by created date, oldest first', '/api/customers?sort=createdAt&order=asc'],
    ['customers: filter name "smith"', '/api/customers?name=smith'],
    ['customers: filter email "smith4242"', '/api/customers?email=smith4242'],
    ['customers: filter group (trade, 1 in 20)', `/api/customers?groupId=${trade!.id}`],
    ['customers: search "btinternet" (a sixth)', '/api/customers?search=btinternet'],
    ['customers: search "btinternet", sort by name', '/api/customers?search=btinternet&sort=name&order=asc'],
    ['content pages: first page', '/api/content-pages'],
    ['content pages: page 10', '/api/content-pages?page=10'],
    ['content pages: sort by title', '/api/content-pages?sort=title&order=asc'],
    ['content pages: sort by title, descending', '/api/content-pages?sort=title&order=desc'],
    ['content pages: sort by created date, oldest first', '/api/content-pages?sort=createdAt&order=asc'],
    ['content pages: filter status inactive (1 in 10)', '/api/content-pages?status=inactive'],
    ['content pages: filter status active', '/api/content-pages?status=active'],
    ['content pages: filter created in one month', `/api/content-pages?createdAtFrom=${dayBefore(90)}&createdAtTo=${dayBefore(60)}`],
    ['content pages: search "gift" (a sixth)', '/api/content-pages?search=gift'],
  ];
  await timeApiCases(server, cases, RUNS, serverAndDatabaseCpuSeconds(bench, server.pid));
  console.log(`load average at the end: ${load()} (2 cores; the figures are wall times of HTTP requests to the server)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await endServerBench(server, dataDir, bench, process.env.BENCH_KEEP === '1' || REUSE !== undefined);
}

/** A calendar day `days` before today, as the date filter takes it. */
function dayBefore(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
