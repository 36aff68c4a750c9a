/**
 * Products at scale on PostgreSQL (issue 10, Performance): seeds 100,000 products with 500,000
 * variants set-based (categories, attribute sets, vendors, prices, statuses spread as a shop's
 * would be), then times through the real HTTP route (app.inject with a session cookie):
 *  - the products list: first page and each filter alone, with the SQL statements per request;
 *  - a product with 1,000 variants: the edit form's GET and a PUT that changes one variant's price.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/products.bench.ts   (in packages/server; also the last of `npm run bench`)
 *
 * BENCH_KEEP=1 keeps the seeded database; BENCH_REUSE=<its name> then measures it again without seeding
 * (the app's new migrations are applied to it first, then it is analysed), for a change of the list's SQL
 * or indexes; the 1,000-variant product gets a fresh model number each time.
 *
 * Targets: list p95 <= 25 ms with at most 3 SQL statements (the count includes the session lookup
 * every signed-in request makes); detail <= 300 ms; save <= 1 s.
 */
import os from 'node:os';
import type { ProductCreateInput, ProductRecord } from '@facet/contract/modules/products/product.schema';
import { generateVariantSku } from '@facet/contract/modules/products/product.schema';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrap } from '../src/bootstrap/bootstrap.ts';
import { openBenchDatabase } from './bench-database.ts';
import { seedProducts } from './seed-products.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const LIST_RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BIG_RUNS = Number(process.env.BENCH_BIG_RUNS ?? 10);
const BIG_VARIANTS = 1000;
/** A kept database holds the last run's big product already. */
const BIG_SKU = process.env.BENCH_REUSE ? `BIG-RING-${Date.now().toString(36).toUpperCase()}` : 'BIG-RING';

/** Every statement any pooled connection sends, so a request's statements can be counted. */
const statements: string[] = [];
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const REUSE = process.env.BENCH_REUSE;
const { database, drop, name: databaseName } = await openBenchDatabase(REUSE);
const db = database.db;
const config = { ...loadConfig({}), adminPassword: 'admin-pass1', demoData: false };
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

function summarise(label: string, times: number[], extra = '') {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(50)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms${extra}`);
}

/** The ids the list cases filter by, read back from a kept database. */
async function reused() {
  await db.execute(sql`vacuum analyze`);
  const result = (await db.execute(sql`
    select (select min(id) from categories where slug like 'bench-%') as first_category, (select min(id) from attribute_sets) as first_set`)) as unknown as {
    rows: { first_category: number; first_set: number }[];
  };
  const [ids] = result.rows;
  console.log(`reusing database ${databaseName}`);
  return { firstCategory: ids!.first_category, firstSet: ids!.first_set };
}

try {
  const fixture = REUSE ? await reused() : (await bootstrap(db, config), await seedProducts(db, PRODUCTS));
  const app = await buildApp({ db, config, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'admin-pass1' } });
  const cookie = login.headers['set-cookie']!.toString().split(';')[0]!;

  /** One request; its statements, those that read products first. */
  async function request(method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
    statements.length = 0;
    const start = performance.now();
    const response = await app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const ms = performance.now() - start;
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    return { ms, response, statementCount: statements.length, productStatements: statements.filter((text) => /"products"|product_/.test(text)).length };
  }

  async function measure(label: string, method: 'GET' | 'PUT', url: string, runs: number, payload?: () => unknown, after?: (body: unknown) => void) {
    for (let i = 0; i < Math.min(5, runs); i++) after?.((await request(method, url, payload?.())).response.json());
    const times: number[] = [];
    let counts = '';
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const result = await request(method, url, payload?.());
      times.push(result.ms);
      counts = `${result.statementCount} SQL (${result.productStatements} on products)`;
      const body = result.response.json() as { total?: number };
      total = body.total ?? total;
      after?.(body);
    }
    summarise(label, times, `   ${counts}${method === 'GET' && url.includes('?') ? `, total ${total}` : ''}`);
  }

  console.log(`load average before the list: ${load()} (${os.cpus().length} cores)`);
  const list = '/api/products?pageSize=20';
  const cases: [string, string][] = [
    ['first page (newest first)', ''],
    ['page 50', '&page=50'],
    ['category (one)', `&cid=${fixture.firstCategory + 7}`],
    ['category (three)', `&cid=${fixture.firstCategory + 1},${fixture.firstCategory + 30},${fixture.firstCategory + 59}`],
    ['price £1,000 to £2,000', '&pricefrom=1000&priceto=2000'],
    ['price £20,000 to £25,000 (rare)', '&pricefrom=20000&priceto=25000'],
    ['sorted by price, cheapest first', '&sort=price&order=asc'],
    ['sorted by price, dearest first', '&sort=price&order=desc'],
    ['category (one), sorted by price', `&cid=${fixture.firstCategory + 7}&sort=price&order=asc`],
    ['attribute set (one)', `&aid=${fixture.firstSet + 5}`],
    ['attribute set (rarest)', `&aid=${fixture.firstSet + 11}`],
    ['vendor', '&vendor=Supplier%207'],
    ['status inactive', '&status=0'],
    ['name "mayfair"', '&name=mayfair'],
    ['name "solitaire engagement"', '&name=solitaire%20engagement'],
    ['model number "FJ0421"', '&sku=FJ0421'],
    ['model number "FJ042137" (one product)', '&sku=FJ042137'],
  ];
  for (const [label, query] of cases) await measure(`list ${label}`, 'GET', `${list}${query}`, LIST_RUNS);
  console.log(`load average after the list: ${load()}`);

  // A ring in 7 metals x 37 ring sizes x 4 of the 10 bridal shapes: the first 1,000 combinations.
  const options = (await db.execute(sql`
    select a.attribute_code as code, a.id as attribute_id, o.id as option_id
    from attribute_options o join product_attributes a on a.id = o.attribute_id
    where a.attribute_code in ('metal', 'ringSize', 'bridalshape') and o.deleted_at is null order by a.id, o.sort_order, o.id`)) as unknown as {
    rows: { code: string; attribute_id: number; option_id: number }[];
  };
  const byCode = new Map<string, { attributeId: number; optionId: number }[]>();
  for (const row of options.rows) {
    byCode.set(row.code, [...(byCode.get(row.code) ?? []), { attributeId: row.attribute_id, optionId: row.option_id }]);
  }
  const combos = byCode.get('bridalshape')!.flatMap((shape) => byCode.get('metal')!.flatMap((metal) => byCode.get('ringSize')!.map((size) => [metal, size, shape])));
  // A system SKU's 4 random characters: 1,000 draws repeat one about a third of the time, which the save refuses.
  const skus = new Set<string>();
  while (skus.size < BIG_VARIANTS) skus.add(generateVariantSku(BIG_SKU));
  const variantSkus = [...skus];
  const variants = combos.slice(0, BIG_VARIANTS).map((combo, index) => ({ options: combo, sku: variantSkus[index]!, price: 1000 + index }));
  const body: ProductCreateInput = {
    attributeSetId: fixture.firstSet,
    name: 'Belgravia Solitaire Engagement Ring',
    sku: BIG_SKU,
    categoryIds: [fixture.firstCategory],
    price: 1000,
    variants,
    variationGroupByProperty: 'metal',
  };
  const created = await request('POST', '/api/products', body);
  let record = (created.response.json() as { product: ProductRecord }).product;
  console.log(`${`POST a product with ${record.variants.length} variants`.padEnd(50)} ${created.ms.toFixed(1).padStart(7)} ms   ${created.statementCount} SQL`);

  console.log(`load average before the 1,000-variant product: ${load()}`);
  await measure(`GET /api/products/:id (${BIG_VARIANTS} variants)`, 'GET', `/api/products/${record.id}`, BIG_RUNS, undefined, (json) => {
    record = json as ProductRecord;
  });
  let price = 5000;
  const changeOnePrice = () => {
    const { id: _id, createdAt: _c, updatedAt: _u, attributeSetName: _a, isSold: _s, isConfigured: _i, relatedProducts: _r, ...rest } = record;
    price += 1;
    return { ...rest, variants: record.variants.map((variant, index) => ({ ...variant, price: index === 500 ? price : variant.price })) };
  };
  await measure(`PUT /api/products/:id (one of ${BIG_VARIANTS} prices)`, 'PUT', `/api/products/${record.id}`, BIG_RUNS, changeOnePrice, (json) => {
    record = (json as { product: ProductRecord }).product;
  });
  console.log(`load average at the end: ${load()}`);
  await app.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  pg.Client.prototype.query = originalQuery;
  // BENCH_KEEP=1 leaves the seeded database for EXPLAIN ANALYZE (drop it by hand afterwards).
  if (process.env.BENCH_KEEP === '1') {
    console.log(`kept database ${databaseName}`);
    await database.close();
  } else await drop();
}
