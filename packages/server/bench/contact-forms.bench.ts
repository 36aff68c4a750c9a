/**
 * The Contact Us list at 100,000 entries (issue 25, Performance), through the API as the screen calls
 * it: seeds the entries by SQL on PostgreSQL (indexes built after, by the migrations' definitions),
 * `vacuum analyze`, starts the server as `npm start` does (bench-server.ts) and times each request over
 * HTTP: the first page, page 10, each server sort both ways, the Replied and date filters, and searches
 * (one that matches a sixth of the entries, a rare one, one in the messages). Prints median and p95 of
 * BENCH_RUNS (30) requests each, the answer's total, the CPU per request and the load average.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/contact-forms.bench.ts   (in packages/server)
 *
 * BENCH_ROWS sets the entries (100,000); BENCH_KEEP=1 keeps the seeded database; BENCH_REUSE=<its name>
 * measures a kept one again. Target: p95 <= 20 ms for every case.
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
import { loadIndexedLater } from './load-indexed-later.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REUSE = process.env.BENCH_REUSE;
const PASSWORD = 'Bench-contact-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

/** Six e-mail domains, one entry in six each: a search for one matches a sixth. */
const DOMAINS = ['btinternet.com', 'gmail.com', 'outlook.com', 'yahoo.co.uk', 'icloud.com', 'sky.com'];
const MESSAGES = [
  'Do you offer ring resizing, and how long does it take?',
  'Can we book a consultation for a bespoke engagement ring?',
  'Do you deliver to Ireland, and are there customs charges?',
  'Does the diamond come with an IGI certificate?',
  'Can you gift wrap an order and include a note?',
  'My order has not arrived yet, could you check where it is?',
  'What is the best way to clean a white gold ring?',
  'I would like to return a pendant, what do I need to do?',
];
const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`);

const bench = await openBenchDatabase(REUSE);
const { database, url } = bench;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-contact-forms-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const seedStart = performance.now();
  const indexes = await loadIndexedLater(
    database.db,
    'contact_forms',
    sql`
      insert into contact_forms (name, email, phone, message, response_subject, response, responded_at, responded_by, created_at)
      select first_name || ' ' || last_name, lower(first_name) || '.' || lower(last_name) || g || '@' || (${textArray(DOMAINS)})[1 + g % 6],
             case when g % 5 < 3 then '07700 ' || lpad((abs(hashint4(g)) % 1000000)::text, 6, '0') else '' end,
             (${textArray(MESSAGES)})[1 + abs(hashint4(g + 7)) % 8] || ' (' || g || ')',
             case when g % 3 = 0 then 'Re: your message' end, case when g % 3 = 0 then 'Thank you, we have answered by e-mail.' end,
             case when g % 3 = 0 then now() - (g || ' minutes')::interval + interval '3 hours' end, case when g % 3 = 0 then 'admin' end,
             now() - (g || ' minutes')::interval
      -- Names drawn by a hash of the row number, so neither the order by name nor the domain follows it.
      from generate_series(1, ${ROWS}) g,
        lateral (select (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Leo','Lily'])[1 + abs(hashint4(g)) % 10] as first_name,
                        (array['Smith','Jones','Taylor','Brown','Patel','Wright','Evans'])[1 + abs(hashint4(g + 1000003)) % 7] as last_name) names`,
    REUSE !== undefined,
  );
  console.log(
    `${REUSE ? 'reused' : 'seeded'} ${ROWS.toLocaleString('en-GB')} contact form entries (${indexes} indexes built after) in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s; load average ${load()}`,
  );

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const cases: ApiCase[] = [
    ['contact forms: first page', '/api/contact-forms'],
    ['contact forms: page 10', '/api/contact-forms?page=10'],
    ['contact forms: sort by name', '/api/contact-forms?sort=name&order=asc'],
    ['contact forms: sort by name, descending', '/api/contact-forms?sort=name&order=desc'],
    ['contact forms: sort by email', '/api/contact-forms?sort=email&order=asc'],
    ['contact forms: sort by phone, descending', '/api/contact-forms?sort=phone&order=desc'],
    ['contact forms: sort by message', '/api/contact-forms?sort=message&order=asc'],
    ['contact forms: sort by created date, oldest first', '/api/contact-forms?sort=createdAt&order=asc'],
    ['contact forms: filter replied (1 in 3)', '/api/contact-forms?replied=yes'],
    ['contact forms: filter not replied', '/api/contact-forms?replied=no'],
    ['contact forms: filter created in one month', `/api/contact-forms?createdAtFrom=${day(60)}&createdAtTo=${day(30)}`],
    ['contact forms: search "btinternet" (a sixth)', '/api/contact-forms?search=btinternet'],
    ['contact forms: search "smith4242" (rare)', '/api/contact-forms?search=smith4242'],
    ['contact forms: search "resizing" (in messages)', '/api/contact-forms?search=resizing'],
    ['contact forms: search "btinternet", sort by name', '/api/contact-forms?search=btinternet&sort=name&order=asc'],
    ['contact forms: search "gmail", not replied', '/api/contact-forms?search=gmail&replied=no'],
  ];
  await timeApiCases(server, cases, RUNS, serverAndDatabaseCpuSeconds(bench, server.pid));
  console.log(`load average at the end: ${load()} (2 cores; the figures are wall times of HTTP requests to the server)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await endServerBench(server, dataDir, bench, process.env.BENCH_KEEP === '1' || REUSE !== undefined);
}
