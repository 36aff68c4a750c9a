/**
 * A storefront order applying a coupon under the usage lock (issue 25, performance): on PostgreSQL,
 * the server as `npm start` runs it (bench-server.ts), a small catalogue (seed-products.ts), one
 * coupon; rounds of 20 orders sent at once for that coupon over HTTP, each order timed from send to
 * answer. Printed: median and p95 of one order alone, then of the orders of the concurrent rounds,
 * and the same for a coupon with a usage limit that the rounds use up (the refused answers timed too).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/coupons.bench.ts   (in packages/server)
 *
 * Target: p95 <= 30 ms with 20 concurrent orders for the same coupon. BENCH_ROUNDS sets the rounds (10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { productsForSale, sampleProductIdsForSale } from '../src/modules/products/index.ts';
import { endServerBench, serverAndDatabaseCpuSeconds } from './api-cases.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { BenchServer } from './bench-server.ts';
import { startBenchServer } from './bench-server.ts';
import { seedProducts } from './seed-products.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CONCURRENT = 20;
const PASSWORD = 'Bench-coupons-1';
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms   (${times.length} orders)`;
};

// The storefront's rate limits are not what is measured.
process.env.STOREFRONT_RATE_LIMIT = '1000000';
process.env.STOREFRONT_ADDRESS_RATE_LIMIT = '1000000';

const bench = await openBenchDatabase();
const { database, url } = bench;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-coupons-bench-'));
let server: BenchServer | undefined;
try {
  console.log(`load average at the start: ${load()}`);
  const db = database.db;
  // The reference data the server would seed (the admin, the attributes the products use), then the catalogue.
  await bootstrap(db, { ...loadConfig({}), adminPassword: PASSWORD, demoData: false });
  await seedProducts(db, 200);
  const [rate] = rowsOf<{ id: number }>(await db.execute(sql`insert into shipping_rates (name, rate, min_free_shipping_amount) values ('Bench courier', 9.95, 500) returning id`));
  const forSale = [...(await productsForSale(db, await sampleProductIdsForSale(db, 20))).values()].find((product) => product.isForSale)!;
  const size = forSale.optionSize ?? forSale.sizes[0] ?? '';

  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const post = async (route: string, body: unknown, headers: Record<string, string> = {}) =>
    server!.api(route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const { key } = (await (await post('/api/api-keys', { name: 'bench shop', scopes: ['orders:write'] })).json()) as { key: string };
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const makeCoupon = async (code: string, usagePerCoupon: number) => {
    const response = await post('/api/coupons', {
      code,
      description: 'Bench coupon',
      discountType: 'fixed_cart_discount',
      valueType: 'percentage',
      percentage: 10,
      expiryDate: nextYear,
      minimumSpend: 1,
      maximumSpend: 10_000_000,
      usagePerCoupon,
      usagePerUser: 0,
    });
    if (response.status !== 201) throw new Error(`the coupon was not saved: ${response.status} ${await response.text()}`);
  };
  await makeCoupon('BENCH-OPEN', 0);

  const address = { firstName: 'Ava', lastName: 'Smith', street: '1 Baker Street', countryId: 'GB', stateId: 'ENG', city: 'London', postcode: 'NW1 6XE', contactNumber: '07700 900123' };
  let buyers = 0;
  /** One storefront order with the coupon, timed from send to answer; its status. */
  const placeOrder = async (couponCode: string): Promise<{ ms: number; status: number }> => {
    const body = {
      email: `bench.buyer.${++buyers}@example.co.uk`,
      firstName: 'Ava',
      lastName: 'Smith',
      phone: '07700 900123',
      billingAddress: address,
      shippingAddress: address,
      lines: [{ productId: forSale.id, qty: 1, size }],
      paymentMethod: 'credit_card',
      shippingRateId: rate!.id,
      couponCode,
    };
    const start = performance.now();
    const answer = await post('/api/storefront/v1/orders', body, { authorization: `Bearer ${key}` });
    await answer.text();
    return { ms: performance.now() - start, status: answer.status };
  };

  // Warm-up: the server's and the database's caches, as a shop in use has them.
  for (let n = 0; n < 5; n++) await placeOrder('BENCH-OPEN');
  await Promise.all(Array.from({ length: CONCURRENT }, () => placeOrder('BENCH-OPEN')));

  const alone: number[] = [];
  for (let n = 0; n < 30; n++) {
    const { ms, status } = await placeOrder('BENCH-OPEN');
    if (status !== 201) throw new Error(`an order answered ${status}`);
    alone.push(ms);
  }
  console.log(`one order at a time, coupon applied:              ${figures(alone)}`);

  // The same load without the shared lock: each of the 20 orders with a coupon of its own.
  for (let n = 0; n < CONCURRENT; n++) await makeCoupon(`BENCH-OWN-${n}`, 0);
  const own: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, n) => placeOrder(`BENCH-OWN-${n}`)));
    if (answers.some((answer) => answer.status !== 201)) throw new Error('an order was refused');
    own.push(...answers.map((answer) => answer.ms));
  }
  console.log(`${CONCURRENT} at once, each its own coupon (no shared lock): ${figures(own)}`);

  const cpuSeconds = serverAndDatabaseCpuSeconds(bench, server.pid);
  const cpuBefore = await cpuSeconds();
  const concurrent: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => placeOrder('BENCH-OPEN')));
    if (answers.some((answer) => answer.status !== 201)) throw new Error(`an order answered ${answers.find((answer) => answer.status !== 201)!.status}`);
    concurrent.push(...answers.map((answer) => answer.ms));
  }
  const cpuPerOrder = ((await cpuSeconds()) - cpuBefore) / concurrent.length;
  console.log(`${CONCURRENT} at once, same coupon (no limit):           ${figures(concurrent)}   CPU/order ${(cpuPerOrder * 1000).toFixed(1)} ms (server + PostgreSQL)`);

  // A limit of 10 uses a round: 10 placed, 10 refused (409) under the lock.
  const limited: number[] = [];
  let placed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await makeCoupon(`BENCH-LIMIT-${round}`, 10);
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => placeOrder(`BENCH-LIMIT-${round}`)));
    placed += answers.filter((answer) => answer.status === 201).length;
    if (answers.some((answer) => answer.status !== 201 && answer.status !== 409)) throw new Error('an order answered neither 201 nor 409');
    limited.push(...answers.map((answer) => answer.ms));
  }
  if (placed !== ROUNDS * 10) throw new Error(`${placed} orders used limited coupons, not ${ROUNDS * 10}`);
  console.log(`${CONCURRENT} at once for the last 10 uses (placed/refused): ${figures(limited)}`);
  const [uses] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from coupon_usages`));
  console.log(`usage rows: ${uses!.n}; load average at the end: ${load()}`);
} finally {
  await endServerBench(server, dataDir, bench, false);
}
