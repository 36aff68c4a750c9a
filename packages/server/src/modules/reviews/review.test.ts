import { MESSAGES } from '@facet/contract/messages';
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '@facet/contract/modules/reviews/review.schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '../../events/event.table.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { storefrontCaller } from '../../test/storefront-sales.ts';
import { productCacheSource } from '../products/product.cache.ts';
import { products } from '../products/product.table.ts';
import { productReviews } from './review.table.ts';

/**
 * Reviews (document 3 §2.11, §3, §4, §5, §9; issue 25 item 8): the storefront sends them (reviews:write),
 * staff with `marketing` moderate them; only approved reviews count towards a product's rating, which
 * the product's storefront document carries.
 */

let t: TestApp;
let admin: string;
let shop: Awaited<ReturnType<typeof storefrontCaller>>;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = await t.login();
  shop = await storefrontCaller(t, admin, ['reviews:write']);
  // A demo product no demo review is about: its rating starts empty.
  const [product] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(isNull(products.parentProductId), isNull(products.deletedAt), eq(products.status, true), sql`not exists (select 1 from product_reviews r where r.product_id = ${products.id})`))
    .orderBy(asc(products.id))
    .limit(1);
  productId = product!.id;
}, 180_000);
afterAll(() => t?.close());

const valid = () => ({ type: 'product', productId, name: 'Ada L.', email: 'Ada@Example.com', title: 'Lovely', review: 'Sparkles all day.', rating: 4.5 });
const send = (body: Record<string, unknown>) => shop({ method: 'POST', url: '/api/storefront/v1/reviews', payload: body });
const reviewCount = () => t.db.$count(productReviews);

/** The product's storefront document, as the Products cache key builds it. */
async function documentOf(id: number): Promise<Record<string, unknown>> {
  for await (const batch of productCacheSource.batches(t.db)) {
    const entry = batch.find(([entryId]) => entryId === String(id));
    if (entry) return JSON.parse(entry[1]) as Record<string, unknown>;
  }
  throw new Error(`no document for product ${id}`);
}

describe('the demo reviews', () => {
  it('are 300 over the demo products, pending, approved and rejected', async () => {
    const rows = await t.db.select({ status: productReviews.status, count: sql<number>`count(*)::int` }).from(productReviews).groupBy(productReviews.status);
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.count]));
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(300);
    for (const status of ['pending', 'approved', 'rejected']) expect(byStatus[status], status).toBeGreaterThan(0);
  });
});

describe('a review from the storefront', () => {
  it('arrives Pending with the product’s SKU and name, and counts for nothing yet', async () => {
    const response = await send(valid());
    expect(response.statusCode, response.body).toBe(201);
    const [product] = await t.db.select({ sku: products.sku, name: products.name }).from(products).where(eq(products.id, productId));
    expect(response.json()).toMatchObject({ status: 'pending', type: 'product', productId, sku: product!.sku, productName: product!.name, name: 'Ada L.', email: 'ada@example.com', rating: 4.5 });
    expect(await documentOf(productId)).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it.each([
    ['a rating above 5', { rating: 5.5 }, 'rating', MESSAGES.ratingRange(5)],
    ['a negative rating', { rating: -0.5 }, 'rating', MESSAGES.ratingRange(5)],
    ['a rating off the half steps', { rating: 3.3 }, 'rating', MESSAGES.ratingHalfSteps],
    ['no rating', { rating: undefined }, 'rating', MESSAGES.required],
    ['a title over 255', { title: 'x'.repeat(REVIEW_TITLE_MAX + 1) }, 'title', MESSAGES.maxLength(REVIEW_TITLE_MAX)],
    ['a review over 1000', { review: 'x'.repeat(REVIEW_TEXT_MAX + 1) }, 'review', MESSAGES.maxLength(REVIEW_TEXT_MAX)],
    ['no author', { name: '' }, 'name', MESSAGES.required],
    ['an unknown type', { type: 'service' }, 'type', MESSAGES.reviewType],
    ['an unknown product', { productId: 2_000_000_000 }, 'productId', MESSAGES.reviewedItemUnknown],
  ])('refuses %s (400, the message on the field, nothing written)', async (_name, change, field, message) => {
    const before = await reviewCount();
    const response = await send({ ...valid(), ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await reviewCount()).toBe(before);
  });

  it('needs the reviews:write scope', async () => {
    const other = await storefrontCaller(t, admin, ['inquiries:write']);
    const response = await other({ method: 'POST', url: '/api/storefront/v1/reviews', payload: valid() });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.apiKeyScope('reviews:write'));
  });
});

describe('staff moderate reviews (marketing)', () => {
  async function newReview(rating = 4.5) {
    const response = await send({ ...valid(), rating });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number };
  }
  const update = (id: number, version: number, body: Record<string, unknown>, cookie = admin) =>
    t.request(cookie, { method: 'PUT', url: `/api/reviews/${id}`, payload: { title: 'Lovely', review: 'Sparkles all day.', rating: 4.5, ...body, version } });

  it.each([
    ['no status', { status: undefined }, 'status', MESSAGES.required],
    ['an empty status', { status: '' }, 'status', MESSAGES.required],
    ['a title over 255', { status: 'approved', title: 'x'.repeat(REVIEW_TITLE_MAX + 1) }, 'title', MESSAGES.maxLength(REVIEW_TITLE_MAX)],
    ['a review over 1000', { status: 'approved', review: 'x'.repeat(REVIEW_TEXT_MAX + 1) }, 'review', MESSAGES.maxLength(REVIEW_TEXT_MAX)],
    ['a rating off the half steps', { status: 'approved', rating: 4.25 }, 'rating', MESSAGES.ratingHalfSteps],
    ['a rating above 5', { status: 'approved', rating: 6 }, 'rating', MESSAGES.ratingRange(5)],
  ])('an edit with %s is refused (400, nothing written)', async (_name, change, field, message) => {
    const review = await newReview();
    const response = await update(review.id, review.version, change);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    const [row] = await t.db.select({ status: productReviews.status, version: productReviews.version }).from(productReviews).where(eq(productReviews.id, review.id));
    expect(row).toEqual({ status: 'pending', version: 1 });
  });

  it('only approved reviews count towards the product’s rating in its storefront document', async () => {
    const five = await newReview(5);
    const four = await newReview(4);
    const one = await newReview(1);
    const outboxBefore = await t.db.$count(eventOutbox);
    // Approved by the edit form, and from the list's status choice; the 1 rejected.
    expect((await update(five.id, five.version, { status: 'approved', rating: 5 })).statusCode).toBe(200);
    expect((await t.request(admin, { method: 'PATCH', url: `/api/reviews/${four.id}/status`, payload: { status: 'approved', version: four.version } })).statusCode).toBe(200);
    expect((await update(one.id, one.version, { status: 'rejected', rating: 1 })).statusCode).toBe(200);
    expect(await documentOf(productId)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    // Each approval said the product's document changed (the cache removes it); the rejection of a pending one did not.
    const events = await t.db.select({ name: eventOutbox.name, payload: eventOutbox.payload }).from(eventOutbox).orderBy(asc(eventOutbox.id)).offset(outboxBefore);
    expect(events).toEqual([
      { name: 'products.changed', payload: { ids: [productId] } },
      { name: 'products.changed', payload: { ids: [productId] } },
    ]);
    // Rejecting an approved one takes it out again; so does a delete.
    const [fresh] = await t.db.select({ version: productReviews.version }).from(productReviews).where(eq(productReviews.id, five.id));
    expect((await update(five.id, fresh!.version, { status: 'rejected', rating: 5 })).statusCode).toBe(200);
    expect(await documentOf(productId)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await t.request(admin, { method: 'DELETE', url: `/api/reviews/${four.id}` })).statusCode).toBe(204);
    expect(await documentOf(productId)).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it('lists reviews with their product, SKU, type, author, title, rating and status; search and a status filter', async () => {
    const list = await t.request(admin, { method: 'GET', url: '/api/reviews', query: { status: 'pending', search: 'ada l', pageSize: '100' } });
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json() as { items: Record<string, unknown>[] };
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatchObject({ status: 'pending', name: 'Ada L.', type: 'product', sku: expect.any(String), productName: expect.any(String), title: expect.any(String), rating: expect.any(Number) });
    const rejected = await t.request(admin, { method: 'GET', url: '/api/reviews', query: { status: 'rejected' } });
    expect((rejected.json() as { items: { status: string }[] }).items.every((item) => item.status === 'rejected')).toBe(true);
  });

  it('staff add no reviews: there is no create route', async () => {
    const response = await t.request(admin, { method: 'POST', url: '/api/reviews', payload: { title: 'x', review: 'x', rating: 5, status: 'approved' } });
    expect(response.statusCode).toBe(404);
  });

  it('401 without a session, 403 without marketing', async () => {
    const review = await newReview();
    expect((await t.request(undefined, { method: 'GET', url: '/api/reviews' })).statusCode).toBe(401);
    const sales = await t.createUserWith(['sales']);
    for (const request of [
      { method: 'GET' as const, url: '/api/reviews' },
      { method: 'GET' as const, url: `/api/reviews/${review.id}` },
      { method: 'PUT' as const, url: `/api/reviews/${review.id}`, payload: { title: '', review: '', rating: 5, status: 'approved', version: 1 } },
      { method: 'DELETE' as const, url: `/api/reviews/${review.id}` },
    ]) {
      expect((await t.request(sales.cookie, request)).statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    const marketing = await t.createUserWith(['marketing']);
    expect((await update(review.id, review.version, { status: 'approved' }, marketing.cookie)).statusCode).toBe(200);
  });
});
