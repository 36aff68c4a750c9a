/**
 * Catalog price rules at scale on PostgreSQL (issue 25 items 3-4): 100,000 products with 500,000
 * variants (seed-products.ts), the server as `npm start` runs it (bench-server.ts) with its storefront
 * cache in Redis (127.0.0.1:6379, a key prefix of its own, removed afterwards), timed over HTTP:
 *  (a) saving a running rule (PUT) on a category of about 10,000 products, and on every product;
 *  (b) a category rule's start and end: from the boundary until every covered product's document in
 *      Redis carries the new price (the cache builds those documents itself, no Generate);
 *  (c) a Generate of the Products key with no rule running, then with two (one on the category, one on
 *      every product);
 *  (d) the product form's `GET /api/products/:id/pricing` and a storefront order of 3 lines, rules running.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/price-rules.bench.ts   (in packages/server)
 *
 * BENCH_KEEP=1 keeps the seeded database (seeding takes minutes); BENCH_REUSE=<its name> measures it
 * again without seeding (its rules are deleted first). BENCH_RUNS: saves and API requests timed (20);
 * BENCH_BOUNDARY_RUNS: start/end pairs (3); BENCH_GENERATE_RUNS: Generates per case (2).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { eventDeliveries, eventOutbox } from '../src/events/event.table.ts';
import { isRedisAnswering } from '../src/integrations/redis/redis-probe.ts';
import { jobRuns } from '../src/jobs/job-run.table.ts';
import { publishPassedBoundaries } from '../src/modules/catalog-price-rules/price-rule.boundaries.ts';
import { productsForSale } from '../src/modules/products/index.ts';
import { products } from '../src/modules/products/product.table.ts';
import { endServerBench, serverAndDatabaseCpuSeconds, timeApiCases } from './api-cases.ts';
import { openBenchDatabase } from './bench-database.ts';
import type { BenchServer } from './bench-server.ts';
import { startBenchServer } from './bench-server.ts';
import { seedProducts } from './seed-products.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BOUNDARY_RUNS = Number(process.env.BENCH_BOUNDARY_RUNS ?? 3);
const GENERATE_RUNS = Number(process.env.BENCH_GENERATE_RUNS ?? 2);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'admin-pass1';
const REUSE = process.env.BENCH_REUSE;
const HOUR_MS = 3_600_000;

// The storefront's rate limits are not what is measured.
process.env.STOREFRONT_RATE_LIMIT = '1000000';
process.env.STOREFRONT_ADDRESS_RATE_LIMIT = '1000000';

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const at = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function figures(times: readonly number[], unit = 'ms', digits = 1) {
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(digits);
  return `p50 ${q(0.5).padStart(7)} ${unit}   p95 ${q(0.95).padStart(7)} ${unit}   (${sorted.length} runs)`;
}

if (!(await isRedisAnswering(REDIS_URL))) throw new Error(`no Redis answers at ${REDIS_URL}: this bench watches the documents in Redis`);
const bench = await openBenchDatabase(REUSE);
const { database, url } = bench;
const db = database.db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-price-rules-bench-'));
const prefix = `facet-bench:${randomUUID()}`;
const redis = new Redis(REDIS_URL);
let server: BenchServer | undefined;

/** Every event committed so far delivered: a save's republish (or a Generate it queued) is over or queued. */
async function eventsSettled() {
  for (;;) {
    const waiting = await db.$count(eventOutbox, isNull(eventOutbox.dispatchedAt));
    const delivering = await db.$count(eventDeliveries, inArray(eventDeliveries.status, ['pending', 'running']));
    if (waiting + delivering === 0) return;
    await sleep(50);
  }
}
/** No Generate queued or running. */
async function generatesDone() {
  while ((await db.$count(jobRuns, and(eq(jobRuns.kind, 'cache.generate'), inArray(jobRuns.status, ['queued', 'running'])))) > 0) await sleep(200);
}

try {
  console.log(`load average at the start: ${load()} (${os.cpus().length} cores)`);
  if (!REUSE) {
    await bootstrap(db, { ...loadConfig({}), adminPassword: PASSWORD, demoData: false });
    await seedProducts(db, PRODUCTS);
  }
  await db.execute(sql`delete from catalog_price_rules`);
  await db.execute(sql`analyze`);
  // A kept database holds the last run's rate already.
  await db.execute(sql`insert into shipping_rates (name, rate, min_free_shipping_amount) select 'Bench courier', 9.95, 500 where not exists (select from shipping_rates where name = 'Bench courier')`);
  const [rate] = rowsOf<{ id: number }>(await db.execute(sql`select id from shipping_rates where name = 'Bench courier' and deleted_at is null`));
  // The category nearest 10,000 live, active products, and those products (the documents a rule on it changes).
  const [category] = rowsOf<{ id: number; products: number }>(
    await db.execute(sql`
      select c.id, count(*)::int as products from categories c join products p on p.category_ids @> array[c.id]
      where p.parent_product_id is null and p.deleted_at is null and p.status group by c.id order by abs(count(*) - 10000) limit 1`),
  );
  const covered = rowsOf<{ id: number }>(
    await db.execute(sql`select id from products where parent_product_id is null and deleted_at is null and status and category_ids @> array[${category!.id}::int] order by id`),
  ).map((row) => String(row.id));
  console.log(`category ${category!.id}: ${covered.length.toLocaleString('en-GB')} live, active products`);

  process.env.REDIS_URL = REDIS_URL;
  process.env.REDIS_KEY_PREFIX = prefix;
  server = await startBenchServer({ databaseUrl: url, dataDir, adminPassword: PASSWORD });
  const send = async (method: string, route: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await server!.api(route, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const ruleBody = (name: string, percentage: number, scope: { categoryIds?: number[] }, startDate = at(-1), endDate = at(24 * 30)) => ({
    name,
    description: 'bench',
    discountType: 'percentage',
    percentage,
    startDate,
    endDate,
    status: true,
    productIds: [],
    categoryIds: scope.categoryIds ?? [],
    excludeProductIds: [],
    excludeCategoryIds: [],
  });

  /** A Generate of the Products key through the route, from the POST to the job's end; seconds. */
  async function generate(): Promise<number> {
    await generatesDone();
    const started = performance.now();
    let job = await send('POST', '/api/cache/products/generate', {});
    while (job.status === 'queued' || job.status === 'running') {
      await sleep(100);
      job = (await (await server!.api(`/api/jobs/${String(job.id)}`)).json()) as Record<string, unknown>;
    }
    if (job.status !== 'succeeded') throw new Error(`generate ${String(job.status)}: ${String(job.error)}`);
    return (performance.now() - started) / 1000;
  }
  const median = (times: readonly number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const perTenThousand = (times: readonly number[]) => `${((median(times) * 10_000) / PRODUCTS).toFixed(2)} s per 10,000 (p50)`;

  // (c) Generate with no rule running.
  const bare: number[] = [];
  for (let run = 0; run < GENERATE_RUNS; run++) bare.push(await generate());
  console.log(`(c) Generate, no rule running:          ${figures(bare, 's', 1)}   ${perTenThousand(bare)}   load ${load()}`);

  // Two running rules: 10% off the category, 5% off everything.
  const onCategory = await send('POST', '/api/catalog-price-rules', ruleBody('Bench category', 10, { categoryIds: [category!.id] }));
  const onAll = await send('POST', '/api/catalog-price-rules', ruleBody('Bench everything', 5, {}));
  await eventsSettled();
  await generatesDone();
  const ruled: number[] = [];
  for (let run = 0; run < GENERATE_RUNS; run++) ruled.push(await generate());
  console.log(`(c) Generate, two rules running:        ${figures(ruled, 's', 1)}   ${perTenThousand(ruled)}   load ${load()}`);

  // (a) Saves of a running rule, each alone: its republish (or the Generate it queues) over before the next.
  let version = Number(onCategory.version);
  const categorySaves: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const saved = await send('PUT', `/api/catalog-price-rules/${String(onCategory.id)}`, { ...ruleBody('Bench category', 10 + (run % 2), { categoryIds: [category!.id] }), version });
    categorySaves.push(performance.now() - started);
    version = Number(saved.version);
    await eventsSettled();
  }
  console.log(`(a) save of a running rule on ${covered.length.toLocaleString('en-GB')} products: ${figures(categorySaves)}   load ${load()}`);
  let allVersion = Number(onAll.version);
  const allSaves: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 5); run++) {
    await generatesDone();
    const started = performance.now();
    const saved = await send('PUT', `/api/catalog-price-rules/${String(onAll.id)}`, { ...ruleBody('Bench everything', 5 + (run % 2), {}), version: allVersion });
    allSaves.push(performance.now() - started);
    allVersion = Number(saved.version);
    await eventsSettled();
  }
  console.log(`(a) save of a running rule on every product: ${figures(allSaves)}   (each queues a Generate: waited for before the next save)   load ${load()}`);
  await generatesDone();

  // (b) A category rule's start and end, nobody saving: until every covered document carries the change.
  const boundary = await send('POST', '/api/catalog-price-rules', ruleBody('Bench boundary', 30, { categoryIds: [category!.id] }, at(24 * 7), at(24 * 8)));
  await eventsSettled();
  /** Waits until every covered document satisfies `isDone`; seconds since `started`. */
  async function documentsChanged(started: number, isDone: (document: { priceRule: { id: number } | null }) => boolean): Promise<number> {
    let waiting = covered;
    while (waiting.length) {
      const documents = await redis.hmget(`${prefix}:products`, ...waiting);
      waiting = waiting.filter((_, index) => documents[index] === null || !isDone(JSON.parse(documents[index]!) as { priceRule: { id: number } | null }));
      if (waiting.length) await sleep(50);
    }
    return (performance.now() - started) / 1000;
  }
  const starts: number[] = [];
  const ends: number[] = [];
  for (let run = 0; run < BOUNDARY_RUNS; run++) {
    await db.execute(sql`update catalog_price_rules set start_date = now() - interval '1 second', end_date = now() + interval '1 day' where id = ${Number(boundary.id)}`);
    let started = performance.now();
    // The server's own timer would publish it within a minute; published here, the time counts from the boundary.
    await publishPassedBoundaries(db);
    starts.push(await documentsChanged(started, (document) => document.priceRule?.id === Number(boundary.id)));
    await db.execute(sql`update catalog_price_rules set start_date = now() - interval '2 hours', end_date = now() - interval '1 second' where id = ${Number(boundary.id)}`);
    started = performance.now();
    await publishPassedBoundaries(db);
    ends.push(await documentsChanged(started, (document) => document.priceRule?.id === Number(onCategory.id)));
    await eventsSettled();
    // Scheduled again, unpublished: its next start is a boundary again.
    await db.execute(sql`update catalog_price_rules set start_date = now() + interval '7 days', end_date = now() + interval '8 days', published_phase = 'scheduled' where id = ${Number(boundary.id)}`);
  }
  console.log(`(b) a rule's start: every one of ${covered.length.toLocaleString('en-GB')} documents at its price: ${figures(starts, 's', 2)}   load ${load()}`);
  console.log(`(b) a rule's end:   every one of ${covered.length.toLocaleString('en-GB')} documents at the price after: ${figures(ends, 's', 2)}   load ${load()}`);

  // (d) The product form's pricing and a storefront order of 3 lines, rules running.
  const variants = rowsOf<{ id: number }>(
    await db.execute(sql`
      select c.id from products p join products c on c.parent_product_id = p.id and c.deleted_at is null and c.status
      where p.parent_product_id is null and p.deleted_at is null and p.status and p.category_ids @> array[${category!.id}::int]
      order by md5(c.id::text) limit 3`),
  ).map((row) => row.id);
  const forSale = await productsForSale(db, variants);
  if (![...forSale.values()].every((product) => product.isForSale && product.priceRule)) throw new Error('the order’s variants are not for sale at a rule’s price');
  const [parent] = await db.select({ id: products.parentProductId }).from(products).where(eq(products.id, variants[0]!));
  const cpuSeconds = serverAndDatabaseCpuSeconds(bench, server.pid);
  await timeApiCases(server, [[`(d) GET /api/products/:id/pricing`, `/api/products/${parent!.id}/pricing`]], RUNS, cpuSeconds);
  const { key } = (await send('POST', '/api/api-keys', { name: 'bench shop', scopes: ['orders:write'] })) as { key: string };
  const address = { firstName: 'Ava', lastName: 'Smith', street: '1 Baker Street', countryId: 'GB', stateId: 'ENG', city: 'London', postcode: 'NW1 6XE', contactNumber: '07700 900123' };
  const lines = [...forSale.values()].map((product) => ({ productId: product.id, qty: 1, size: product.optionSize ?? product.sizes[0] ?? '' }));
  const orders: number[] = [];
  for (let run = -3; run < RUNS; run++) {
    const started = performance.now();
    await send(
      'POST',
      '/api/storefront/v1/orders',
      { email: `bench.buyer.${run + 4}@example.co.uk`, firstName: 'Ava', lastName: 'Smith', phone: '07700 900123', billingAddress: address, shippingAddress: address, lines, paymentMethod: 'credit_card', shippingRateId: rate!.id },
      { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() },
    );
    if (run >= 0) orders.push(performance.now() - started);
  }
  console.log(`(d) storefront order of 3 lines at rules' prices: ${figures(orders)}   load ${load()}`);
  console.log(`load average at the end: ${load()}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.unlink(...keys);
  await redis.quit();
  await endServerBench(server, dataDir, bench, process.env.BENCH_KEEP === '1' || Boolean(REUSE));
}
