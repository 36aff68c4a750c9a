/**
 * Orders at a million (issue 24, performance): seeds 1,000,000 orders with about 3,000,000 lines over
 * two years on PostgreSQL (seed-orders.ts, by COPY), starts the server as `npm start` does
 * (bench-server.ts) and times, over HTTP as the screens call them, the list's first page and each
 * filter, the order detail and a status change (p50 and p95 of BENCH_RUNS, 30, after three warm-up
 * requests), then the Excel export of 100,000 filtered orders as a job (rows/s, job start to end).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders.bench.ts   (in packages/server)
 *
 * Targets: list p95 <= 15 ms for the first page and each filter (the total as the toolkit gives it,
 * capped past its threshold), detail <= 10 ms, status change <= 20 ms, export >= 30,000 rows/s.
 * BENCH_ORDERS sets the orders; BENCH_KEEP=1 keeps the database; BENCH_REUSE=<its name> measures a
 * kept one again. Each case also prints the CPU one request took in the server and in PostgreSQL
 * (from /proc), which a loaded machine does not inflate as it does wall time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.ts';
import type { ApiCase } from './api-cases.ts';
import { endServerBench, exportAsJob, serverAndDatabaseCpuSeconds, timeApiCases } from './api-cases.ts';
import type { BenchServer } from './bench-server.ts';
import { startBenchServer } from './bench-server.ts';
import { seedOrderVolume } from './seed-orders.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REUSE = process.env.BENCH_REUSE;
const PASSWORD = 'Bench-orders-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const bench = await openBenchDatabase(REUSE);
const { database, url } = bench;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-orders-bench-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const db = database.db;
  if (!REUSE) {
    await db.execute(sql`insert into shipping_rates (name, rate, min_free_shipping_amount) values ('Bench courier', 9.95, 500)`);
    const seeded = await seedOrderVolume(db, ORDERS);
    console.log(
      `seeded ${seeded.orders.toLocaleString('en-GB')} orders, ${seeded.lines.toLocaleString('en-GB')} lines, ${seeded.history.toLocaleString('en-GB')} history rows ` +
        `in ${seeded.seconds.toFixed(1)} s; load average ${load()}`,
    );
  }
  const [sample] = rowsOf<{ order_number: string; email: string; name: string; customer_id: number }>(
    await db.execute(sql`select order_number, email, name, customer_id from orders where customer_id is not null order by id desc offset 5000 limit 1`),
  );
  // The second commonest surname (about 1% of orders): a name filter whose matches are counted (10,000 or so, under the cap's ten times).
  const [surname] = rowsOf<{ last_name: string; n: number }>(
    await db.execute(sql`select last_name, count(*)::int as n from orders group by last_name order by count(*) desc offset 1 limit 1`),
  );
  const pending = rowsOf<{ order_number: string }>(await db.execute(sql`select order_number from orders where status = 'PENDING' order by id desc limit ${2 * (RUNS + 3)}`)).map((row) => row.order_number);
  // About 100,000 orders: the last 73 days of two years.
  const [range] = rowsOf<{ from: string; to: string; n: number }>(
    await db.execute(sql`select to_char(now() - interval '72 days', 'YYYY-MM-DD') as from, to_char(now(), 'YYYY-MM-DD') as to,
      (select count(*)::int from orders where created_at >= (now() - interval '72 days')::date) as n`),
  );

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const monthAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

  const cases: ApiCase[] = [
    ['list: first page', '/api/orders'],
    ['list: page 10', '/api/orders?page=10'],
    ['list: order number', `/api/orders?orderNumber=${sample!.order_number}`],
    ['list: email (one customer’s address)', `/api/orders?email=${encodeURIComponent(sample!.email)}`],
    ['list: email "btinternet" (a sixth)', '/api/orders?email=btinternet'],
    ['list: name (one customer’s full name)', `/api/orders?name=${encodeURIComponent(sample!.name)}`],
    [`list: name "${surname!.last_name}" (${surname!.n.toLocaleString('en-GB')} orders)`, `/api/orders?name=${encodeURIComponent(surname!.last_name)}`],
    ['list: order date, one month', `/api/orders?dateFrom=${monthAgo(90)}&dateTo=${monthAgo(60)}`],
    ['list: status PENDING (about 1%)', '/api/orders?status=PENDING'],
    ['list: status SHIPPING (about half)', '/api/orders?status=SHIPPING'],
    ['list: status CANCELLED and REFUNDED (repeated)', '/api/orders?status=CANCELLED&status=REFUNDED'],
    ['list: country IE (4%)', '/api/orders?country=IE'],
    ['list: payment method wallet (10%)', '/api/orders?paymentMethod=wallet'],
    ['list: customer (the Orders tab)', `/api/orders?customerId=${sample!.customer_id}`],
    ['list: status and one month', `/api/orders?status=REFUNDED&dateFrom=${monthAgo(90)}&dateTo=${monthAgo(60)}`],
    ['detail', `/api/orders/${sample!.order_number}`],
    [
      'status change PENDING -> CONFIRMED',
      (run) => [`/api/orders/${pending[run + 3]}/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'CONFIRMED', comment: 'Payment checked.' }) }],
    ],
    [
      // Four changes a second, faster than a busy team: each confirmed order's invoice is laid out
      // in the background (a PDF thread), and the back-to-back case above also queues behind those.
      'status change, one every 250 ms',
      (run) => [`/api/orders/${pending[run + 3 + RUNS + 3]}/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'CONFIRMED', comment: 'Payment checked.' }) }],
      { paceMs: 250 },
    ],
  ];
  await timeApiCases(server, cases, RUNS, serverAndDatabaseCpuSeconds(bench, server.pid), 50);

  // Export Excel of about 100,000 filtered orders: over the toolkit's threshold it runs as a job.
  const exported = await exportAsJob(server, `/api/orders/export?dateFrom=${range!.from}&dateTo=${range!.to}`);
  console.log(
    `export of the orders from ${range!.from} to ${range!.to} (${range!.n.toLocaleString('en-GB')} orders): ${exported.rows.toLocaleString('en-GB')} rows in ` +
      `${exported.seconds.toFixed(2)} s (job start to end) = ${Math.round(exported.rows / exported.seconds).toLocaleString('en-GB')} rows/s`,
  );
  console.log(`load average at the end: ${load()} (2 cores, shared; the figures are wall times of HTTP requests to the server)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await endServerBench(server, dataDir, bench, process.env.BENCH_KEEP === '1' || REUSE !== undefined);
}
