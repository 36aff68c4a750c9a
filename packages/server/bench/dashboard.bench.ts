/**
 * The dashboard at a million orders (issue 27 item 3): seeds 1,000,000 orders with about 3,000,000
 * lines on PostgreSQL (seed-orders.ts), 100,000 search terms and 20,000 viewed products, builds the
 * rollups once (`rebuildDashboard`, as the demo seeder does; timed), starts the server as `npm start`
 * does, and times every widget over HTTP as the page calls it (p50 and p95 of BENCH_RUNS, 30, after
 * three warm-up requests). Then it times the subscriber's work for one placed order (`countPlacedOrder`).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.bench.ts   (in packages/server)
 *
 * Target: every widget p95 <= 50 ms. BENCH_ORDERS sets the orders; BENCH_KEEP=1 keeps the database;
 * BENCH_REUSE=<its name> measures a kept one again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DASHBOARD_API } from '@facet/contract/modules/dashboard/dashboard.schema';
import { sql } from 'drizzle-orm';
import { countPlacedOrder, rebuildDashboard } from '../src/modules/dashboard/dashboard.rollups.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { ApiCase } from './api-cases.ts';
import { endServerBench, serverAndDatabaseCpuSeconds, timeApiCases } from './api-cases.ts';
import type { BenchServer } from './bench-server.ts';
import { startBenchServer } from './bench-server.ts';
import { seedOrderVolume } from './seed-orders.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REUSE = process.env.BENCH_REUSE;
// The orders bench's, so a database it kept (BENCH_REUSE) signs in here too.
const PASSWORD = 'Bench-orders-1';
const SEARCH_TERMS = 100_000;
const VIEWED_PRODUCTS = 20_000;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

const bench = await openBenchDatabase(REUSE);
const { database, url } = bench;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-dashboard-bench-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const db = database.db;
  if (!REUSE) {
    const seeded = await seedOrderVolume(db, ORDERS);
    console.log(`seeded ${seeded.orders.toLocaleString('en-GB')} orders, ${seeded.lines.toLocaleString('en-GB')} lines in ${seeded.seconds.toFixed(1)} s; load average ${load()}`);
  }
  // A kept orders bench database (BENCH_REUSE of orders.bench.ts) gets the rest of the dashboard's data once.
  const [terms] = ((await db.execute(sql`select count(*)::int as n from search_terms`)) as unknown as { rows: { n: number }[] }).rows;
  if (terms!.n === 0) {
    await db.execute(sql`
      insert into search_terms (keyword, uses, results, last_searched_at, created_at, updated_at)
      select 'term ' || g, 1 + (g::bigint * 7919) % 500, (g::bigint * 104729) % 300, now() - ((g * 37) % 90) * interval '1 day' - (g % 86400) * interval '1 second', now(), now()
      from generate_series(1, ${SEARCH_TERMS}) g`);
    await db.execute(sql`
      insert into product_views (product_id, name, image, parent_sku, views, updated_at)
      select g, 'Viewed piece ' || g, '', 'PV-' || g, 1 + (g::bigint * 7919) % 5000, now() - (g % 1000) * interval '1 minute' from generate_series(1, ${VIEWED_PRODUCTS}) g`);
    await db.execute(sql`vacuum analyze search_terms`);
    await db.execute(sql`vacuum analyze product_views`);
    const started = performance.now();
    await rebuildDashboard(db);
    await db.execute(sql`vacuum analyze dashboard_best_sellers`);
    console.log(`rollups built from the tables in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()}`);
  }

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const cases: ApiCase[] = [
    ['Online Orders', DASHBOARD_API.orders],
    ['sales chart (30 days)', DASHBOARD_API.salesChart],
    ['Best Sellers', DASHBOARD_API.bestSellers],
    ['Last Orders', DASHBOARD_API.lastOrders],
    ['Total Diamonds', DASHBOARD_API.diamonds],
    ['Total Products', DASHBOARD_API.products],
    ['Most Viewed Products', DASHBOARD_API.mostViewed],
    ['Customers', DASHBOARD_API.customers],
    ['Last Search Terms (5 a page)', '/api/search-terms?pageSize=5&sort=lastSearchedAt&order=desc'],
    ['Top Search Terms (5 a page)', '/api/search-terms?pageSize=5&sort=uses&order=desc'],
    ['Top Search Terms, page 3', '/api/search-terms?pageSize=5&page=3&sort=uses&order=desc'],
    ['Search terms searched "term 12"', '/api/search-terms?pageSize=5&search=term%2012&sort=uses&order=desc'],
  ];
  await timeApiCases(server, cases, RUNS, serverAndDatabaseCpuSeconds(bench, server.pid), 36);

  // What one placed order costs the subscriber (its once-mark, the counters, the day, Best Sellers, Last Orders).
  const numbers = (
    (await db.execute(sql`select order_number from orders order by id desc limit ${RUNS}`)) as unknown as { rows: { order_number: string }[] }
  ).rows.map((row) => row.order_number);
  await db.execute(sql`delete from dashboard_counted_orders where order_id in (select id from orders order by id desc limit ${RUNS})`);
  const times: number[] = [];
  for (const orderNumber of numbers) {
    const start = performance.now();
    await countPlacedOrder(db, orderNumber);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`subscriber: one placed order counted   median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms   p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(2)} ms`);
  console.log(`load average at the end: ${load()} (2 cores, shared; wall times of HTTP requests to the server)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await endServerBench(server, dataDir, bench, process.env.BENCH_KEEP === '1' || REUSE !== undefined);
}
