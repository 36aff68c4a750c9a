/**
 * The customers' Excel export at the issue's scale (issue 13: 100,000 customers, RSS <= 300 MB, formula
 * injection neutralised), measured on the server as it runs, on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/customers-export.bench.ts   (in packages/server)
 *
 * Seeds a throwaway database with BENCH_CUSTOMERS customers (100,000; every 1,000th named
 * '=HYPERLINK(...)') in one `insert ... select from generate_series`, starts the server on it exactly
 * as `npm start` does (SERVER_NODE_ARGS), signs in, lists customers and looks up a city (as staff
 * would have, which loads the place lookups), asks for the export as the Export Excel button
 * does (over the job threshold it answers 202 with a job), waits for the job and downloads its file.
 * Prints the job's time and rows/s, and the server process's RSS (VmRSS, VmHWM from /proc) idle,
 * after those requests, and its peak through the export, with the load average. Then checks the
 * file's formula-looking cells start with an apostrophe, stops the server and drops the database.
 * BENCH_EXPORT_RUNS (3) exports in a row give the median and the worst.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SERVER_NODE_ARGS } from '../src/server-command.ts';
import { openBenchDatabase } from './bench-database.ts';
import { exportAsJob } from './api-cases.ts';
import type { BenchServer } from './bench-server.ts';
import { memoryOf, startBenchServer } from './bench-server.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const PASSWORD = 'Bench-export-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

const { database, drop, url } = await openBenchDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-customers-export-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const seedStart = performance.now();
  await database.db.execute(sql`insert into customer_groups (name) values ('Bench customers')`);
  await database.db.execute(sql`
    insert into customers (first_name, last_name, email, contact_number, group_id, is_subscribed, status, created_at)
    select case when i % 1000 = 0 then '=HYPERLINK("http://evil.example","x")' else (array['Oliver','Amelia','George','Isla','Harry','Ava'])[1 + i % 6] end,
           (array['Smith','Jones','Taylor','Brown','Patel','Wright','Evans'])[1 + i % 7],
           'customer' || i || '@example.co.uk', '07700 ' || lpad((i % 1000000)::text, 6, '0'),
           (select id from customer_groups where name = 'Bench customers'), i % 3 = 0, i % 11 <> 0, now() - (i || ' minutes')::interval
    from generate_series(1, ${CUSTOMERS}) as i`);
  await database.db.execute(sql`vacuum (analyze) customers`);
  console.log(`seeded ${CUSTOMERS.toLocaleString('en-GB')} customers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const { api, pid } = server;
  const idle = memoryOf(pid);
  // What staff would have done first: the list, and an address's city select (which loads the lookups).
  await (await api('/api/customers?page=1')).json();
  const cities = await api('/api/lookups/cities?countryId=GB&stateId=ENG&search=Lon');
  if (!cities.ok) throw new Error(`the cities lookup answered ${cities.status}`);
  const listed = memoryOf(pid);
  console.log(`server RSS: idle ${mb(idle.rss)} (peak so far ${mb(idle.peak)}); after a list and a city lookup ${mb(listed.rss)} (peak ${mb(listed.peak)})   [${SERVER_NODE_ARGS.join(' ')}]`);

  const seconds: number[] = [];
  let file = '';
  for (let run = 1; run <= RUNS; run++) {
    const { job, seconds: took } = await exportAsJob(server, '/api/customers/export');
    seconds.push(took);
    if (process.env.BENCH_SERVER_FLAGS?.includes('heapsnapshot-signal')) {
      server.process.kill('SIGUSR2'); // a heap snapshot (after a full GC) into the server's working directory
      await new Promise((resolve) => setTimeout(resolve, 8000));
    }
    const memory = memoryOf(pid);
    console.log(
      `export ${run}: ${Number(job.result?.rows).toLocaleString('en-GB')} customers in ${took.toFixed(2)} s (job start to end) = ` +
        `${Math.round(Number(job.result?.rows) / took).toLocaleString('en-GB')} rows/s; server RSS ${mb(memory.rss)}, peak so far ${mb(memory.peak)}; load ${load()}`,
    );
    if (run === RUNS) {
      file = path.join(dataDir, 'Customers.xlsx');
      fs.writeFileSync(file, Buffer.from(await (await api(`/api/jobs/${job.id}/download`)).arrayBuffer()));
    }
  }
  seconds.sort((a, b) => a - b);
  console.log(`export time: median ${seconds[Math.floor(seconds.length / 2)]!.toFixed(2)} s, worst ${seconds.at(-1)!.toFixed(2)} s over ${RUNS}; server's peak RSS ${mb(memoryOf(pid).peak)} (target 300 MB)`);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  let formulas = 0;
  let neutralised = 0;
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      if (cell.formula) formulas++;
      if (typeof cell.value === 'string' && cell.value.startsWith(`'=HYPERLINK`)) neutralised++;
    });
  });
  console.log(`rows in the file ${(sheet.rowCount - 1).toLocaleString('en-GB')} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB); '=HYPERLINK(...)' names written as text ${neutralised}, cells read as formulas ${formulas}`);
  console.log(`load average at the end: ${load()}`);
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await drop();
}
