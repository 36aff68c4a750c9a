import type { ProductPricing } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import type { PlaceOrderInput } from '@facet/contract/modules/orders/order.schema';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '../../events/event.table.ts';
import type { SubscriberContext } from '../../events/event-subscriber.ts';
import { createMemoryCacheStore } from '../../integrations/redis/memory-cache-store.ts';
import { systemContext } from '../../http/context.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { eventsDelivered } from '../../test/events.ts';
import { cachedDocument, generateCache } from '../../test/storefront-cache.ts';
import { storefrontCaller } from '../../test/storefront-sales.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { cacheJobKinds } from '../cache/cache.jobs.ts';
import { cacheSubscribers } from '../cache/cache.subscribers.ts';
import { sampleDiamondIdsForSale } from '../diamonds/index.ts';
import { SERVER_MODULES } from '../index.ts';
import type { ProductForSale } from '../products/index.ts';
import { productsForSale, sampleProductIdsForSale } from '../products/index.ts';
import { products } from '../products/product.table.ts';
import { cacheSourcesOf } from '../server-module.ts';
import { shippingRates } from '../shipping-rates/shipping-rate.table.ts';
import { catalogPriceRules } from './catalog-price-rule.table.ts';
import { publishPassedBoundaries } from './price-rule.boundaries.ts';

/**
 * Catalog price rules at work (issue 25 item 4), over the demo catalogue with its own rules removed:
 * which products a rule prices and when, which rule wins, what the storefront's documents, the product
 * form and an order placed through the storefront charge, and the rules' starts and ends reaching the
 * cached documents without a staff write.
 */

let t: TestApp;
let admin: string;
let shop: Awaited<ReturnType<typeof storefrontCaller>>;
/** A variant for sale, its product and the product's categories; and a product sharing none of them. */
let variant: ProductForSale;
let parent: { id: number; categoryIds: number[] };
let stranger: { id: number; variantId: number; categoryIds: number[] };
let freeRate: number;

const HOUR_MS = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
/** Pence of a price (numeric text), and back: the expected prices are worked out in whole pence. */
const pence = (price: string | number) => Math.round(Number(price) * 100);
/** The price after `percentage` off: the discount rounded to the penny, half up. */
const afterPercentage = (price: string, percentage: number) => (pence(price) - Math.round((pence(price) * percentage) / 100)) / 100;

type RuleBody = Record<string, unknown>;
let ruleCount = 0;
/** A rule saved through the API: 10% off the variant's product, running from an hour ago for a day, unless told otherwise. */
async function rule(overrides: RuleBody = {}): Promise<{ id: number; version: number }> {
  const response = await t.request(admin, {
    method: 'POST',
    url: '/api/catalog-price-rules',
    payload: {
      name: `Rule ${++ruleCount}`,
      description: 'test',
      discountType: 'percentage',
      percentage: 10,
      startDate: at(-1),
      endDate: at(24),
      status: true,
      productIds: [parent.id],
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const saleOf = async (id: number) => (await productsForSale(t.db, [id])).get(id)!;

beforeAll(async () => {
  t = await createTestApp({ demoData: true, storefrontRateLimit: 1_000_000 });
  admin = await t.login();
  shop = await storefrontCaller(t, admin, ['orders:write']);
  // The demo's own rules (one runs on Bracelets) would price these products too.
  await t.db.delete(catalogPriceRules);
  const forSale = [...(await productsForSale(t.db, await sampleProductIdsForSale(t.db, 500))).values()].filter((product) => product.parentSku && Number(product.price) > 100);
  const parents = new Map(
    (await t.db.select({ id: products.id, parentId: products.parentProductId }).from(products).where(sql`${products.parentProductId} is not null`)).map((row) => [row.id, row.parentId!]),
  );
  const categoriesOf = new Map(
    (await t.db.select({ id: products.id, categoryIds: products.categoryIds }).from(products).where(and(isNull(products.parentProductId), isNull(products.deletedAt)))).map((row) => [row.id, row.categoryIds]),
  );
  variant = forSale[0]!;
  parent = { id: parents.get(variant.id)!, categoryIds: categoriesOf.get(parents.get(variant.id)!)! };
  const other = forSale.find((product) => !categoriesOf.get(parents.get(product.id)!)!.some((id) => parent.categoryIds.includes(id)))!;
  stranger = { id: parents.get(other.id)!, variantId: other.id, categoryIds: categoriesOf.get(parents.get(other.id)!)! };
  const [rate] = await t.db.select().from(shippingRates).where(and(isNull(shippingRates.deletedAt), eq(shippingRates.status, true), eq(shippingRates.rate, 0)));
  freeRate = rate!.id;
}, 240_000);
/**
 * Waits for the Generates of the Products key that the rules' saves queued: jobs run one at a time, so a
 * test's own Generate (or the app's close) would wait behind them.
 */
async function generatesDone(timeoutMs = 180_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if ((await t.db.$count(jobRuns, and(eq(jobRuns.kind, 'cache.generate'), inArray(jobRuns.status, ['queued', 'running'])))) === 0) return;
  }
  throw new Error('Generates of the Products key still queued or running');
}
afterAll(async () => {
  if (t) await generatesDone();
  await t?.close();
}, 240_000);
afterEach(async () => {
  await eventsDelivered(t.db);
  await generatesDone();
  await t.db.delete(catalogPriceRules);
}, 240_000);

describe('which products a rule prices, and when', () => {
  it('a running percentage rule on a product’s category prices its variants: the discount rounded to the penny', async () => {
    const made = await rule({ productIds: [], categoryIds: [parent.categoryIds[0]], percentage: 12.5 });
    const priced = await saleOf(variant.id);
    expect(priced.price).toBe(variant.price);
    expect(Number(priced.salePrice)).toBe(afterPercentage(variant.price, 12.5));
    expect(priced.priceRule).toMatchObject({ id: made.id, discountType: 'percentage', percentage: 12.5, price: afterPercentage(variant.price, 12.5) });
    // A product in none of its categories is not.
    expect((await saleOf(stranger.variantId)).priceRule).toBeNull();
  });

  it('a fixed amount comes off the price, and never takes it below zero', async () => {
    await rule({ discountType: 'fixed_amount', percentage: null, amount: 25.5 });
    expect(Number((await saleOf(variant.id)).salePrice)).toBe((pence(variant.price) - 2550) / 100);
    await t.db.delete(catalogPriceRules);
    await rule({ discountType: 'fixed_amount', percentage: null, amount: 9_999_999 });
    expect((await saleOf(variant.id)).salePrice).toBe('0.00');
  });

  it('a rule naming neither products nor categories prices every product', async () => {
    await rule({ productIds: [] });
    expect((await saleOf(variant.id)).priceRule).not.toBeNull();
    expect((await saleOf(stranger.variantId)).priceRule).not.toBeNull();
  });

  it('prices nothing before its start, after its end, or switched off', async () => {
    await rule({ startDate: at(1), endDate: at(3) });
    await rule({ startDate: at(-3), endDate: at(-1) });
    await rule({ status: false });
    const priced = await saleOf(variant.id);
    expect(priced.priceRule).toBeNull();
    expect(priced.salePrice).toBe(variant.price);
  });

  it('an excluded product or an excluded category is not priced', async () => {
    await rule({ productIds: [], excludeProductIds: [parent.id] });
    await rule({ productIds: [], excludeCategoryIds: [parent.categoryIds[0]] });
    expect((await saleOf(variant.id)).priceRule).toBeNull();
    // The same rules price a product they exclude nothing of.
    expect((await saleOf(stranger.variantId)).priceRule).not.toBeNull();
  });

  it('of overlapping rules the lowest price wins; a tie goes to the latest start, then to the lowest id', async () => {
    const early = await rule({ name: 'Early tenth', startDate: at(-5) });
    const late = await rule({ name: 'Late tenth', startDate: at(-2) });
    const sameStart = await t.db.select({ startDate: catalogPriceRules.startDate }).from(catalogPriceRules).where(eq(catalogPriceRules.id, late.id));
    const twin = await rule({ name: 'Twin tenth', startDate: sameStart[0]!.startDate.toISOString() });
    expect((await saleOf(variant.id)).priceRule).toMatchObject({ id: late.id, name: 'Late tenth' });
    expect(twin.id).toBeGreaterThan(late.id);
    expect(early.id).toBeLessThan(late.id);
    const deeper = await rule({ name: 'Fifth off', percentage: 20, startDate: at(-10) });
    expect((await saleOf(variant.id)).priceRule).toMatchObject({ id: deeper.id, price: afterPercentage(variant.price, 20) });
  });

  it('the product form’s panel shows the rule pricing the product now and the price it gives, for the product and its variants', async () => {
    const made = await rule({ name: 'Panel rule', percentage: 15 });
    const response = await t.request(admin, { method: 'GET', url: `/api/products/${parent.id}/pricing` });
    expect(response.statusCode, response.body).toBe(200);
    const pricing = response.json() as ProductPricing;
    expect(pricing.priceRule).toMatchObject({ id: made.id, name: 'Panel rule', percentage: 15 });
    expect(pricing.salePrice).toBe(afterPercentage(String(pricing.price), 15));
    expect(pricing.variants.find((row) => row.id === variant.id)).toMatchObject({ price: Number(variant.price), salePrice: afterPercentage(variant.price, 15), priceRule: { id: made.id } });
    // A variant is no product of the form's; a product staff cannot open is 403.
    expect((await t.request(admin, { method: 'GET', url: `/api/products/${variant.id}/pricing` })).statusCode).toBe(404);
    const marketer = await t.createUserWith(['marketing']);
    expect((await t.request(marketer.cookie, { method: 'GET', url: `/api/products/${parent.id}/pricing` })).statusCode).toBe(403);
  });
});

describe('what the storefront charges', () => {
  let emails = 0;
  const address = { firstName: 'Ava', lastName: 'Smith', street: '1 Baker Street', countryId: 'GB', stateId: 'ENG', city: 'London', postcode: 'NW1 6XE', contactNumber: '07700 900123' };
  const order = (lines: PlaceOrderInput['lines']): PlaceOrderInput => ({
    email: `rule.buyer.${++emails}@example.co.uk`,
    firstName: 'Ava',
    lastName: 'Smith',
    phone: '07700 900123',
    billingAddress: address,
    shippingAddress: address,
    lines,
    paymentMethod: 'credit_card',
    shippingRateId: freeRate,
  });

  it('an order placed through the storefront is charged the discounted price: the line keeps the price and the rule’s discount', async () => {
    // Every product, so the stone on the same order shows a rule never touches diamonds.
    await rule({ productIds: [], percentage: 20 });
    const [stoneId] = await sampleDiamondIdsForSale(t.db, 1);
    const response = await shop({ method: 'POST', url: '/api/storefront/v1/orders', headers: { 'idempotency-key': `rule-order-${emails}` }, payload: order([{ productId: variant.id, qty: 3, size: '' }, { diamondId: stoneId! }]) as object });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json();
    const unit = afterPercentage(variant.price, 20);
    const [line, stoneLine] = placed.lines;
    expect(line).toMatchObject({ productId: variant.id, price: Number(variant.price), qty: 3, discount: (pence(variant.price) * 3 - pence(unit) * 3) / 100, total: (pence(unit) * 3) / 100 });
    expect(stoneLine).toMatchObject({ isDiamond: true, discount: 0, total: stoneLine.price });
    expect(placed.subtotal).toBe((pence(unit) * 3 + pence(stoneLine.price)) / 100);
  });

  it('checkout options answer the catalogue’s price and the price a unit costs now', async () => {
    await rule({ productIds: [], percentage: 30 });
    const response = await shop({ method: 'GET', url: '/api/storefront/v1/checkout-options', query: { limit: '100' } });
    expect(response.statusCode, response.body).toBe(200);
    const offered = (response.json().products as { id: number; price: number; salePrice: number }[]).filter((product) => product.price > 0);
    expect(offered.length).toBeGreaterThan(0);
    const sale = await productsForSale(t.db, offered.map((product) => product.id));
    for (const product of offered) expect(product).toMatchObject({ price: Number(sale.get(product.id)!.price), salePrice: afterPercentage(sale.get(product.id)!.price, 30) });
  });
});

describe('the storefront’s cached documents', () => {
  const documentOf = async (id: number) => (await cachedDocument(t, admin, 'products', id)) as { price: number; regularPrice: number; priceRule: { id: number } | null; variants: { id: number; price: number; regularPrice: number }[] } | null;
  /** Waits for the product's document to be built again with the variant at `price`. */
  const republishedAt = (price: number) =>
    expect.poll(async () => (await documentOf(parent.id))?.variants.find((row) => row.id === variant.id)?.price, { timeout: 60_000, interval: 200 }).toBe(price);

  it('a document carries the price now, the regular price and the rule; saving a running rule republishes the products it covers', async () => {
    await generateCache(t, admin, 'products');
    expect((await documentOf(parent.id))?.priceRule).toBeNull();
    const made = await rule({ percentage: 25 });
    await republishedAt(afterPercentage(variant.price, 25));
    const document = (await documentOf(parent.id))!;
    expect(document.priceRule).toMatchObject({ id: made.id });
    expect(document.variants.find((row) => row.id === variant.id)).toMatchObject({ regularPrice: Number(variant.price) });
    // Switched off by staff: republished at the regular price.
    const off = await t.request(admin, { method: 'PATCH', url: `/api/catalog-price-rules/${made.id}/status`, payload: { status: false, version: made.version } });
    expect(off.statusCode, off.body).toBe(200);
    await republishedAt(Number(variant.price));
  }, 120_000);

  it('a rule starting, and ending, changes the storefront documents without a staff write', async () => {
    const made = await rule({ percentage: 40, startDate: at(48), endDate: at(72) });
    await generateCache(t, admin, 'products');
    expect((await documentOf(parent.id))?.priceRule).toBeNull();
    // Time passes: the rule's start is now behind us. Nobody saves anything.
    await t.db.execute(sql`update catalog_price_rules set start_date = now() - interval '1 second' where id = ${made.id}`);
    await publishPassedBoundaries(t.db);
    await republishedAt(afterPercentage(variant.price, 40));
    expect((await documentOf(parent.id))?.priceRule).toMatchObject({ id: made.id });
    // And its end.
    await t.db.execute(sql`update catalog_price_rules set end_date = now() - interval '1 second' where id = ${made.id}`);
    await publishPassedBoundaries(t.db);
    await republishedAt(Number(variant.price));
    const [published] = await t.db.select({ phase: catalogPriceRules.publishedPhase }).from(catalogPriceRules).where(eq(catalogPriceRules.id, made.id));
    expect(published!.phase).toBe('ended');
  }, 120_000);

  it('at a rule’s start and end the documents it covers are built again at once, without a Generate; the others are untouched', async () => {
    // A second product of the rule that staff switched off before the start: its document goes, none comes back.
    const [gone] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(isNull(products.deletedAt), isNull(products.parentProductId), eq(products.status, true), sql`${products.id} not in (${parent.id}, ${stranger.id})`))
      .limit(1);
    const made = await rule({ percentage: 40, productIds: [parent.id, gone!.id], startDate: at(48), endDate: at(72) });
    await generateCache(t, admin, 'products');
    const strangerBefore = await documentOf(stranger.id);
    expect(strangerBefore).not.toBeNull();
    expect(await documentOf(gone!.id)).not.toBeNull();
    await t.db.update(products).set({ status: false }).where(eq(products.id, gone!.id));
    const [mark] = await t.db.select({ last: sql<number>`coalesce(max(${jobRuns.id}), 0)::int` }).from(jobRuns);
    const variantPrice = async () => (await documentOf(parent.id))?.variants.find((row) => row.id === variant.id)?.price;
    try {
      await t.db.execute(sql`update catalog_price_rules set start_date = now() - interval '1 second' where id = ${made.id}`);
      await publishPassedBoundaries(t.db);
      // Delivered is enough: no Generate runs or waits in between.
      await eventsDelivered(t.db);
      expect(await variantPrice()).toBe(afterPercentage(variant.price, 40));
      expect((await documentOf(parent.id))?.priceRule).toMatchObject({ id: made.id });
      expect(await documentOf(gone!.id)).toBeNull();
      await t.db.execute(sql`update catalog_price_rules set end_date = now() - interval '1 second' where id = ${made.id}`);
      await publishPassedBoundaries(t.db);
      await eventsDelivered(t.db);
      expect(await variantPrice()).toBe(Number(variant.price));
      expect((await documentOf(parent.id))?.priceRule).toBeNull();
      expect(await t.db.$count(jobRuns, and(eq(jobRuns.kind, 'cache.generate'), gt(jobRuns.id, mark!.last)))).toBe(0);
      expect(await documentOf(stranger.id)).toEqual(strangerBefore);
    } finally {
      await t.db.update(products).set({ status: true }).where(eq(products.id, gone!.id));
    }
  }, 120_000);

  it('a rule starting while a Generate runs: the swap keeps the republished document, never the older one the build read', async () => {
    // The app's Generate job and the cache's subscriber, over a store this test holds; the boundary is
    // published (and its event delivered) right after the build read the product's batch, before its swap.
    const store = createMemoryCacheStore();
    const sources = cacheSourcesOf(SERVER_MODULES);
    const subscriber = cacheSubscribers(t.db, store, { submit: async () => 0 }, sources).find((s) => s.event === 'products.changed')!;
    const made = await rule({ percentage: 40, startDate: at(48), endDate: at(72) });
    await eventsDelivered(t.db);
    const productSource = sources.get('products')!;
    let isStarted = false;
    const [build] = cacheJobKinds(
      store,
      new Map([
        [
          'products',
          {
            ...productSource,
            async *batches(db) {
              for await (const batch of productSource.batches(db)) {
                yield batch;
                if (isStarted || !batch.some(([id]) => id === String(parent.id))) continue;
                const [mark] = await t.db.select({ last: sql<number>`coalesce(max(${eventOutbox.id}), 0)::int` }).from(eventOutbox);
                await t.db.execute(sql`update catalog_price_rules set start_date = now() - interval '1 second' where id = ${made.id}`);
                await publishPassedBoundaries(t.db);
                // Published here, or by the app's own timer a moment before (then its transaction may still be committing).
                const published = () => t.db.select().from(eventOutbox).where(and(gt(eventOutbox.id, mark!.last), eq(eventOutbox.name, 'products.changed')));
                await expect.poll(published).toHaveLength(1);
                const [event] = await published();
                expect(event!.payload).toEqual({ ids: [parent.id], republish: true });
                await (subscriber.handle as (payload: unknown, context: SubscriberContext) => Promise<void>)(event!.payload, { db: t.db, eventId: event!.id, emittedAt: event!.createdAt, log: t.app.log });
                expect(JSON.parse((await store.read('products', String(parent.id)))!)).toMatchObject({ priceRule: { id: made.id } });
                isStarted = true;
              }
            },
          },
        ],
      ]),
    );
    await build!.run({ runId: 0, params: { key: 'products', reset: false }, context: systemContext(null, 0), db: t.db, progress: async () => undefined, succeed: async () => undefined });
    expect(isStarted).toBe(true);
    const document = JSON.parse((await store.read('products', String(parent.id)))!) as { priceRule: { id: number } | null; variants: { id: number; price: number }[] };
    expect(document.priceRule).toMatchObject({ id: made.id });
    expect(document.variants.find((row) => row.id === variant.id)?.price).toBe(afterPercentage(variant.price, 40));
    // Nothing else was lost: every live, active product has its document.
    expect((await store.stats(['products'])).get('products')!.entries).toBe(
      await t.db.$count(products, and(isNull(products.deletedAt), isNull(products.parentProductId), eq(products.status, true))),
    );
    await store.close();
  }, 120_000);

  it('two publishers racing for one boundary publish it once', async () => {
    const made = await rule({ startDate: at(48), endDate: at(72) });
    await eventsDelivered(t.db);
    const [mark] = await t.db.select({ last: sql<number>`coalesce(max(${eventOutbox.id}), 0)::int` }).from(eventOutbox);
    await t.db.execute(sql`update catalog_price_rules set start_date = now() - interval '1 second' where id = ${made.id}`);
    const [a, b] = await Promise.all([publishPassedBoundaries(t.db), publishPassedBoundaries(t.db)]);
    // The app's own timer may have published it first: then neither here did.
    expect(a + b).toBeLessThanOrEqual(1);
    const republished = await t.db
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(and(gt(eventOutbox.id, mark!.last), eq(eventOutbox.name, 'products.changed'), sql`${eventOutbox.payload}->>'republish' = 'true'`));
    expect(republished).toEqual([{ payload: { ids: [parent.id], republish: true } }]);
  });
});
