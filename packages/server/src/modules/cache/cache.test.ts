import { CACHE_KEYS } from '@facet/contract/modules/cache/cache.schema';
import type { CacheKeyStatus, CacheStatusResponse } from '@facet/contract/modules/cache/cache.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { isLive } from '../../db/columns.ts';
import { eventOutbox } from '../../events/event.table.ts';
import type { SubscriberContext } from '../../events/event-subscriber.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { createMemoryCacheStore } from '../../integrations/redis/memory-cache-store.ts';
import { systemContext } from '../../http/context.ts';
import { cacheJobKinds } from './cache.jobs.ts';
import { SERVER_MODULES } from '../index.ts';
import { cacheSourcesOf } from '../server-module.ts';
import { eventsDelivered } from '../../test/events.ts';
import type { TestApp } from '../../test/test-app.ts';
import { contextOfSession, createTestApp } from '../../test/test-app.ts';
import { attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { diamondShapes } from '../diamond-shapes/diamond-shape.table.ts';
import { COMBINATION_CARAT_BANDS, stoneDocumentBatches } from '../diamonds/diamond-storefront.ts';
import { diamonds } from '../diamonds/diamond.table.ts';
import { createProductService } from '../products/product.service.ts';
import { products } from '../products/product.table.ts';
import { cacheSubscribers } from './cache.subscribers.ts';

/** The demo shop: products with variants, categories, pages and a menu to build documents from. */
describe('cache management', () => {
  let t: TestApp;
  let admin: string;
  let staff: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    admin = await t.login();
    staff = await t.createUserWith(['cache_management']);
  });
  afterAll(() => t?.close());

  const post = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'POST', url });
  const status = async (cookie = admin) => (await t.request(cookie, { method: 'GET', url: '/api/cache' })).json() as CacheStatusResponse;
  const row = async (key: string) => (await status()).items.find((item) => item.key === key)!;

  async function finished(cookie: string, job: JobRecord): Promise<JobRecord> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = (await t.request(cookie, { method: 'GET', url: `/api/jobs/${job.id}` })).json() as JobRecord;
      if (now.status !== 'queued' && now.status !== 'running') return now;
      if (Date.now() > deadline) throw new Error(`job ${job.id} still ${now.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function generate(key: string, cookie = admin): Promise<JobRecord> {
    const response = await post(cookie, `/api/cache/${key}/generate`);
    expect(response.statusCode, response.body).toBe(202);
    const job = await finished(cookie, response.json());
    expect(job.status, job.error ?? '').toBe('succeeded');
    return job;
  }

  const activeProducts = () => t.db.$count(products, and(isLive(products), isNull(products.parentProductId), eq(products.status, true)));
  /** One document through the API, as staff (and the storefront) read it; null when the cache holds none. */
  const document = async (key: string, entry: string | number) => {
    const response = await t.request(admin, { method: 'GET', url: `/api/cache/${key}/entries/${encodeURIComponent(String(entry))}` });
    if (response.statusCode === 404) return null;
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };

  it('refuses without a session (401) and without cache_management (403), changing nothing', async () => {
    const outsider = await t.createUserWith(['products', 'categories']);
    const routes: [string, string][] = [
      ['GET', '/api/cache'],
      ['POST', '/api/cache/clear'],
      ['POST', '/api/cache/products/generate'],
      ['POST', '/api/cache/products/clear'],
      ['POST', '/api/cache/products/reset'],
      ['GET', '/api/cache/products/entries/1'],
    ];
    for (const [method, url] of routes) {
      expect((await t.request(undefined, { method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.request(outsider.cookie, { method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await post(undefined, '/api/products/sync')).statusCode).toBe(401);
    const nobody = await t.createUserWith(['categories']);
    expect((await post(nobody.cookie, '/api/products/sync')).statusCode).toBe(403);
    expect((await status()).items.every((item) => item.generatedAt === null)).toBe(true);
  });

  it('lists every key with its label, Reset only for Products, Diamonds and Diamond Combinations', async () => {
    const shown = await status(staff.cookie);
    expect(shown.store).toBe('memory');
    expect(shown.items.map((item) => item.key)).toEqual([...CACHE_KEYS]);
    expect(shown.items.filter((item) => item.canReset).map((item) => item.label)).toEqual(['Products', 'Diamonds', 'Diamond Combinations']);
    expect(shown.items.find((item) => item.key === 'navigation-menu')!.label).toBe('Navigation Menu');
    expect(shown.items[0]).toMatchObject<Partial<CacheKeyStatus>>({ entries: 0, bytes: 0, generatedAt: null });
  });

  it('refuses an unknown key, and Reset of a key that has none, with 400', async () => {
    const unknown = await post(admin, '/api/cache/orders/generate');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
    const notResettable = await post(admin, '/api/cache/categories/reset');
    expect(notResettable.statusCode).toBe(400);
    expect(notResettable.json().error.issues[0].message).toBe('Only products, diamonds, diamond-combinations can be reset.');
  });

  it('generates the products key as a job: one storefront document per active product, with its variants in GBP', async () => {
    const job = await generate('products', staff.cookie);
    const count = await activeProducts();
    expect(count).toBeGreaterThan(0);
    expect(job).toMatchObject({ kind: 'cache.generate', label: 'Generate cache', progressDone: count, progressTotal: count, result: { key: 'products', entries: count } });
    const held = await row('products');
    expect(held.entries).toBe(count);
    expect(held.bytes).toBeGreaterThan(count * 100);
    expect(held.generatedAt).not.toBeNull();
    const [configured] = await t.db
      .select()
      .from(products)
      .where(and(isLive(products), isNull(products.parentProductId), eq(products.isConfigured, true), eq(products.status, true)))
      .limit(1);
    const doc = (await document('products', configured!.id))!;
    expect(doc).toMatchObject({ id: configured!.id, sku: configured!.sku, name: configured!.name, currency: 'GBP', price: Number(configured!.price), categoryIds: configured!.categoryIds });
    expect(doc.seo).toEqual({ metaTitle: configured!.metaTitle, metaKeywords: configured!.metaKeywords, metaDescription: configured!.metaDescription });
    const variants = doc.variants as { sku: string; price: number; options: { attributeCode: string; value: string }[] }[];
    expect(variants.length).toBeGreaterThan(0);
    const liveVariants = await t.db.select().from(products).where(and(isLive(products), eq(products.parentProductId, configured!.id), eq(products.status, true)));
    expect(variants.map((v) => v.sku).sort()).toEqual(liveVariants.map((v) => v.sku).sort());
    expect(typeof variants[0]!.price).toBe('number');
    expect(variants[0]!.options.length).toBeGreaterThan(0);
    expect(variants[0]!.options[0]!.value).toEqual(expect.any(String));
  });

  it('generates the diamonds key: one document per stone for sale, without the supplier’s cost', async () => {
    const forSale = and(eq(diamonds.isSold, false), eq(diamonds.isUnavailable, false), isNotNull(diamonds.price), isNotNull(diamonds.shapeId));
    const [stone] = await t.db.select().from(diamonds).where(forSale).orderBy(asc(diamonds.id)).limit(1);
    const [sold] = await t.db.select().from(diamonds).where(eq(diamonds.isSold, true)).limit(1);
    // One stone the feed no longer offers and one without a price: neither is for sale.
    const [gone, unpriced] = await t.db.select().from(diamonds).where(and(forSale, ne(diamonds.id, stone!.id))).orderBy(asc(diamonds.id)).limit(2);
    await t.db.update(diamonds).set({ isUnavailable: true }).where(eq(diamonds.id, gone!.id));
    await t.db.update(diamonds).set({ price: null, unpricedReason: 'no_band' }).where(eq(diamonds.id, unpriced!.id));
    const count = await t.db.$count(diamonds, forSale);
    expect(count).toBeGreaterThan(0);

    const job = await generate('diamonds');
    expect(job).toMatchObject({ progressDone: count, progressTotal: count, result: { key: 'diamonds', entries: count } });
    const [shape] = await t.db.select().from(diamondShapes).where(eq(diamondShapes.id, stone!.shapeId!));
    const doc = (await document('diamonds', stone!.id))!;
    expect(doc).toMatchObject({ id: stone!.id, sku: stone!.stockId, name: stone!.name, shapeId: shape!.id, shape: shape!.name, carat: Number(stone!.carat), currency: 'GBP', price: Number(stone!.price), isLab: stone!.isLab });
    for (const secret of ['supplierPrice', 'supplierCurrency', 'vendor', 'source', 'sourceId']) expect(doc, secret).not.toHaveProperty(secret);
    expect(JSON.stringify(doc)).not.toContain(stone!.supplierPrice);
    for (const excluded of [sold!, gone!, unpriced!]) expect(await document('diamonds', excluded.id), `stone ${excluded.id}`).toBeNull();

    // In small batches, a stone with no shop shape among them: it is left out and the keyset still walks past it.
    const [shapeless] = await t.db.select().from(diamonds).where(and(forSale, ne(diamonds.id, stone!.id))).orderBy(asc(diamonds.id)).offset(4).limit(1);
    await t.db.update(diamonds).set({ shapeId: null }).where(eq(diamonds.id, shapeless!.id));
    const walked: string[] = [];
    for await (const batch of stoneDocumentBatches(t.db, 3)) walked.push(...batch.map(([id]) => id));
    const expected = await t.db.select({ id: diamonds.id }).from(diamonds).where(forSale).orderBy(asc(diamonds.id));
    expect(walked).toEqual(expected.map((row) => String(row.id)));
    expect(walked).not.toContain(String(shapeless!.id));
  });

  it('generates the diamond combinations: each live shape × carat band with diamonds for sale, with counts and the lowest price of each origin', async () => {
    const job = await generate('diamond-combinations');
    const rows = await t.db
      .select({ shapeId: diamonds.shapeId, carat: diamonds.carat, isLab: diamonds.isLab, price: diamonds.price })
      .from(diamonds)
      .innerJoin(diamondShapes, and(eq(diamondShapes.id, diamonds.shapeId), isLive(diamondShapes), eq(diamondShapes.status, true)))
      .where(and(eq(diamonds.isSold, false), eq(diamonds.isUnavailable, false), isNotNull(diamonds.price), eq(diamonds.isGemstone, false)));
    // The expected documents, worked out here from the stones: band = the last start at or below the carat.
    const expected = new Map<string, { natural: { count: number; priceFrom: number | null }; labGrown: { count: number; priceFrom: number | null } }>();
    for (const row of rows) {
      const band = COMBINATION_CARAT_BANDS.findLastIndex((from) => Number(row.carat) >= Number(from));
      if (band < 0) continue;
      const name = `${row.shapeId}:${COMBINATION_CARAT_BANDS[band]}-${COMBINATION_CARAT_BANDS[band + 1] ?? 'up'}`;
      const entry = expected.get(name) ?? { natural: { count: 0, priceFrom: null }, labGrown: { count: 0, priceFrom: null } };
      const side = row.isLab ? entry.labGrown : entry.natural;
      side.count += 1;
      side.priceFrom = Math.min(side.priceFrom ?? Infinity, Number(row.price));
      expected.set(name, entry);
    }
    expect(expected.size).toBeGreaterThan(1);
    expect(job.result).toMatchObject({ key: 'diamond-combinations', entries: expected.size });
    for (const [name, counts] of expected) {
      const doc = (await document('diamond-combinations', name))!;
      expect(doc, name).toMatchObject({ shapeId: Number(name.split(':')[0]), currency: 'GBP', ...counts });
    }
    const [first] = expected.keys();
    const [, from, below] = /^\d+:([\d.]+)-([\d.]+|up)$/.exec(first!)!;
    expect((await document('diamond-combinations', first!))!.carat).toEqual({ from: Number(from), below: below === 'up' ? null : Number(below) });
  });

  it('generates the small keys from the catalogue', async () => {
    for (const key of ['categories', 'navigation-menu', 'content-pages', 'settings', 'shipping-rates', 'diamond-shapes']) await generate(key);
    const [page] = await t.db.select().from(contentPages).where(and(isLive(contentPages), eq(contentPages.status, true))).limit(1);
    expect(await document('content-pages', page!.slug)).toMatchObject({ title: page!.title, slug: page!.slug });
    const [category] = await t.db.select().from(categories).where(and(isLive(categories), eq(categories.status, true), eq(categories.parentId, 1))).limit(1);
    expect(await document('categories', category!.slug)).toMatchObject({ id: category!.id, name: category!.name, parentId: null });
    const tree = (await document('navigation-menu', 'tree')) as unknown as { title: string; children: unknown[] }[];
    expect(tree.length).toBeGreaterThan(0);
    expect(await row('shipping-rates')).toMatchObject({ entries: 1 });
  });

  it('publishes only the settings the storefront reads (an allow-list), never a secret or a back-office option', async () => {
    const create = async (payload: object) => {
      const created = await t.request(admin, { method: 'POST', url: '/api/settings', payload });
      expect(created.statusCode, created.body).toBe(201);
    };
    // Back-office options whose keys no deny-list would catch, a secret under an unremarkable name,
    // and the feed's schedule.
    await create({ title: 'Supplier login', key: 'supplier.username', value: 'buyer@facet.example' });
    await create({ title: 'Supplier address', key: 'supplier.endpoint', value: 'https://supplier.example/api' });
    await create({ title: 'Courier login', key: 'courier_login', value: 'hidden-value-31', isSecret: true });
    await create({ title: 'Nivoda full sync', key: 'nivoda.full_sync_hours', value: '24' });
    // The creates' settings.changed first: delivered after the build, it would remove what the build wrote
    // (which of the two pg-boss queues is polled first depended on when the app's timers started).
    await eventsDelivered(t.db);
    await generate('settings');
    expect(await document('settings', 'store_name')).toMatchObject({ key: 'store_name', value: 'Facet Jewellers' });
    for (const key of ['supplier.username', 'supplier.endpoint', 'courier_login', 'nivoda.full_sync_hours', 'order_notification_email', 'usd_gbp_rate']) {
      expect(await document('settings', key), key).toBeNull();
    }
  });

  it('a product save removes that product’s document; the next generate brings it back as saved', async () => {
    const [set] = await t.db.select({ id: attributeSets.id }).from(attributeSets).where(isLive(attributeSets)).limit(1);
    const [category] = await t.db.select({ id: categories.id }).from(categories).where(and(isLive(categories), eq(categories.parentId, 1))).limit(1);
    const input = { attributeSetId: set!.id, name: 'Cache Test Band', sku: 'CACHE-BAND-1', categoryIds: [category!.id], price: 199.99 };
    const createdResponse = await t.request(admin, { method: 'POST', url: '/api/products', payload: input });
    expect(createdResponse.statusCode, createdResponse.body).toBe(201);
    const created = createdResponse.json().product as { id: number; version: number };
    // The create's own event would remove the document a Generate made before it was delivered.
    await eventsDelivered(t.db);
    await generate('products');
    expect(await document('products', created.id)).toMatchObject({ name: 'Cache Test Band', price: 199.99 });
    const before = await row('products');

    const saved = await t.request(admin, { method: 'PUT', url: `/api/products/${created.id}`, payload: { ...input, name: 'Cache Test Band II', price: 210.5, version: created.version } });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventsDelivered(t.db);
    expect(await document('products', created.id)).toBeNull();
    const after = await row('products');
    expect(after.entries).toBe(before.entries - 1);
    expect(after.bytes).toBeLessThan(before.bytes);
    expect(after.invalidatedAt).not.toBeNull();
    // Other products' documents stay.
    expect(after.entries).toBeGreaterThan(0);

    await generate('products');
    expect(await document('products', created.id)).toMatchObject({ name: 'Cache Test Band II', price: 210.5 });

    // Switched off: stale at once, and left out of the next generate.
    const version = (await t.request(admin, { method: 'GET', url: `/api/products/${created.id}` })).json().version as number;
    expect((await t.request(admin, { method: 'PATCH', url: `/api/products/${created.id}/status`, payload: { status: false, version } })).statusCode).toBe(200);
    await eventsDelivered(t.db);
    expect(await document('products', created.id)).toBeNull();
    await generate('products');
    expect(await document('products', created.id)).toBeNull();
  });

  it('an attribute renamed removes the documents of the products that carry it, and only those', async () => {
    await generate('products');
    const carried = (await t.db.execute(sql`select v.attribute_id as "attributeId", coalesce(p.parent_product_id, p.id) as "productId"
      from product_attribute_values v join products p on p.id = v.product_id
      where p.deleted_at is null and p.status limit 1`)) as unknown as { rows: { attributeId: number; productId: number }[] };
    const { attributeId, productId } = carried.rows[0]!;
    const [other] = await t.db.select({ id: products.id }).from(products).where(and(isLive(products), isNull(products.parentProductId), eq(products.status, true),
      sql`not exists (select 1 from product_attribute_values v join products p on p.id = v.product_id where v.attribute_id = ${attributeId} and coalesce(p.parent_product_id, p.id) = ${products.id})`)).limit(1);
    expect(await document('products', productId)).not.toBeNull();
    expect(await document('products', other!.id)).not.toBeNull();

    const attribute = (await t.request(admin, { method: 'GET', url: `/api/product-attributes/${attributeId}` })).json() as Record<string, unknown>;
    const saved = await t.request(admin, { method: 'PUT', url: `/api/product-attributes/${attributeId}`, payload: { ...attribute, name: `${String(attribute.name)} Renamed` } });
    expect(saved.statusCode, saved.body).toBe(200);
    // The cache hears of it through the event the save emitted, once it committed.
    await expect.poll(() => document('products', productId), { timeout: 10_000 }).toBeNull();
    expect(await document('products', other!.id)).not.toBeNull();
  });

  it('a stone sold and a repricing remove the stones’ documents and the combinations', async () => {
    const forSale = and(eq(diamonds.isSold, false), eq(diamonds.isUnavailable, false), isNotNull(diamonds.price));
    await generate('diamonds');
    await generate('diamond-combinations');
    const [stone, other] = await t.db.select({ id: diamonds.id }).from(diamonds).where(forSale).orderBy(asc(diamonds.id)).limit(2);
    expect(await document('diamonds', stone!.id)).not.toBeNull();
    expect((await row('diamond-combinations')).entries).toBeGreaterThan(0);

    const sold = await t.request(admin, { method: 'POST', url: `/api/diamonds/${stone!.id}/sold`, payload: { isSold: true } });
    expect(sold.statusCode, sold.body).toBe(200);
    await expect.poll(() => document('diamonds', stone!.id), { timeout: 10_000 }).toBeNull();
    await expect.poll(async () => (await row('diamond-combinations')).entries, { timeout: 10_000 }).toBe(0);
    expect(await document('diamonds', other!.id)).not.toBeNull();

    // A repricing (a markup band or the exchange rate changed) changes every stone's price.
    await generate('diamond-combinations');
    const reprice = await t.request(admin, { method: 'POST', url: '/api/diamonds/reprice' });
    expect(reprice.statusCode, reprice.body).toBe(202);
    const job = await finished(admin, { id: reprice.json().jobId } as JobRecord);
    expect(job.status, job.error ?? '').toBe('succeeded');
    // Every stone changed: the cache clears both keys and queues a Generate of each (by the system),
    // so the storefront gets the new prices back without anyone pressing Generate.
    const rebuilt = (key: string) =>
      t.db.select({ status: jobRuns.status }).from(jobRuns).where(and(eq(jobRuns.kind, 'cache.generate'), eq(jobRuns.actorName, 'system'), sql`${jobRuns.params}->>'key' = ${key}`, sql`${jobRuns.id} > ${job.id}`));
    await expect.poll(() => rebuilt('diamonds'), { timeout: 30_000 }).toEqual([{ status: 'succeeded' }]);
    await expect.poll(() => rebuilt('diamond-combinations'), { timeout: 30_000 }).toEqual([{ status: 'succeeded' }]);
    // Every stone for sale again: of a live, active shape (a stone of no shop shape is not offered).
    const offered = await t.db
      .select({ id: diamonds.id })
      .from(diamonds)
      .innerJoin(diamondShapes, and(eq(diamondShapes.id, diamonds.shapeId), isLive(diamondShapes), eq(diamondShapes.status, true)))
      .where(forSale);
    expect((await row('diamonds')).entries).toBe(offered.length);
    expect((await row('diamond-combinations')).entries).toBeGreaterThan(0);
    await t.request(admin, { method: 'POST', url: `/api/diamonds/${stone!.id}/sold`, payload: { isSold: false } });
  });

  it('a product saved while a build runs is not published stale by the build’s swap', async () => {
    // The app's own job and the cache's subscriber, over a store this test holds.
    const store = createMemoryCacheStore();
    const productService = createProductService(t.db);
    const subscriber = cacheSubscribers(t.db, store, { submit: async () => 0 }, cacheSourcesOf(SERVER_MODULES)).find((s) => s.event === 'products.changed')!;
    const [build] = cacheJobKinds(store, cacheSourcesOf(SERVER_MODULES));
    const [target] = await t.db.select().from(products).where(and(isLive(products), isNull(products.parentProductId), eq(products.status, true))).limit(1);
    const context = await contextOfSession(t, admin);
    let isSaved = false;
    await build!.run({
      runId: 0,
      params: { key: 'products', reset: false },
      context: systemContext(null, 0),
      db: t.db,
      // Called after each batch was read (the target's document among the first) and before the swap:
      // the save commits and its event is delivered in between, as a staff member's would be.
      async progress(done) {
        if (done === 0 || isSaved) return;
        await productService.setStatus(target!.id, false, target!.version, context);
        const [event] = await t.db.select().from(eventOutbox).where(eq(eventOutbox.name, 'products.changed')).orderBy(desc(eventOutbox.id)).limit(1);
        expect(event!.payload).toEqual({ ids: [target!.id] });
        await (subscriber.handle as (payload: unknown, context: SubscriberContext) => Promise<void>)(event!.payload, { db: t.db, eventId: event!.id, emittedAt: event!.createdAt, log: t.app.log });
        isSaved = true;
      },
      succeed: async () => undefined,
    });
    expect(isSaved).toBe(true);
    expect(await store.read('products', String(target!.id))).toBeNull();
    expect((await store.stats(['products'])).get('products')!.entries).toBe(await activeProducts());
    await store.close();
  });

  it('a category, page or menu save invalidates its keys', async () => {
    await generate('categories');
    await generate('content-pages');
    await generate('navigation-menu');
    const [page] = await t.db.select().from(contentPages).where(and(isLive(contentPages), eq(contentPages.status, true))).limit(1);
    const record = (await t.request(admin, { method: 'GET', url: `/api/content-pages/${page!.id}` })).json();
    const { id: _id, createdAt: _c, updatedAt: _u, pageCode: _p, ...fields } = record;
    const saved = await t.request(admin, { method: 'PUT', url: `/api/content-pages/${page!.id}`, payload: { ...fields, title: 'Our Story' } });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(() => row('content-pages'), { timeout: 10_000 }).toMatchObject({ entries: 0, invalidatedAt: expect.any(String) });
    await expect.poll(() => row('navigation-menu'), { timeout: 10_000 }).toMatchObject({ entries: 0 });
    // Categories were not touched by a page.
    expect((await row('categories')).entries).toBeGreaterThan(0);
    await generate('content-pages');
    expect(await document('content-pages', page!.slug)).toMatchObject({ title: 'Our Story' });
  });

  it('a setting, shipping rate or diamond shape save invalidates its key (and the diamonds and combinations, which carry shape names)', async () => {
    /** Saves the first record of a resource unchanged: a save, not a change, is what makes its document stale. */
    const saveFirst = async (resource: string) => {
      const [first] = (await t.request(admin, { method: 'GET', url: `/api/${resource}` })).json().items as { id: number }[];
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = (await t.request(admin, { method: 'GET', url: `/api/${resource}/${first!.id}` })).json();
      const saved = await t.request(admin, { method: 'PUT', url: `/api/${resource}/${first!.id}`, payload: fields });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    for (const key of ['settings', 'shipping-rates', 'diamond-shapes'] as const) {
      await generate(key);
      expect((await row(key)).entries, key).toBeGreaterThan(0);
      await saveFirst(key);
      await expect.poll(() => row(key), { message: key, timeout: 10_000 }).toMatchObject({ entries: 0, invalidatedAt: expect.any(String) });
    }
    await expect.poll(async () => (await row('diamonds')).invalidatedAt, { timeout: 10_000 }).not.toBeNull();
    await expect.poll(() => row('diamond-combinations'), { timeout: 10_000 }).toMatchObject({ entries: 0, invalidatedAt: expect.any(String) });
  });

  it('the diamond feed’s settings saved as setting options (the exchange rate) invalidate the settings key too', async () => {
    await generate('settings');
    expect((await row('settings')).entries).toBeGreaterThan(0);
    const saved = await t.request(admin, { method: 'PUT', url: '/api/diamonds/exchange-rate', payload: { rate: '0.81', date: '2026-12-01' } });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(() => row('settings'), { timeout: 10_000 }).toMatchObject({ entries: 0, invalidatedAt: expect.any(String) });
  });

  it('clears one key, resets a key (emptied at once, rebuilt by a job) and clears all, each audited', async () => {
    await generate('categories');
    const cleared = await post(staff.cookie, '/api/cache/categories/clear');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ key: 'categories', entries: 0, bytes: 0, generatedAt: null });

    const reset = await post(staff.cookie, '/api/cache/products/reset');
    expect(reset.statusCode).toBe(202);
    const job = await finished(staff.cookie, reset.json());
    expect(job).toMatchObject({ status: 'succeeded', params: { key: 'products', reset: true } });
    expect((await row('products')).entries).toBe(await activeProducts());

    const all = await post(staff.cookie, '/api/cache/clear');
    expect(all.statusCode).toBe(200);
    expect((all.json() as CacheStatusResponse).items.every((item) => item.entries === 0 && item.generatedAt === null)).toBe(true);
    const audits = await t.db.select({ action: auditLog.action, entityId: auditLog.entityId }).from(auditLog).where(eq(auditLog.entity, 'cache'));
    expect(audits).toEqual(expect.arrayContaining([{ action: 'clear', entityId: 'categories' }, { action: 'reset', entityId: 'products' }, { action: 'clear', entityId: 'all' }]));
  });

  it('Sync Products rebuilds the products key as a job, for products staff too', async () => {
    const productsStaff = await t.createUserWith(['products']);
    const response = await post(productsStaff.cookie, '/api/products/sync');
    expect(response.statusCode).toBe(202);
    const job = await finished(productsStaff.cookie, response.json());
    expect(job).toMatchObject({ kind: 'products.sync', label: 'Sync products', status: 'succeeded' });
    expect((await row('products')).entries).toBe(await activeProducts());
    // The cache screen's staff see the job too.
    expect((await t.request(staff.cookie, { method: 'GET', url: `/api/jobs/${job.id}` })).statusCode).toBe(200);
  });
});
