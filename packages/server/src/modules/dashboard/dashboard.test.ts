import { MESSAGES } from '@facet/contract/messages';
import { DASHBOARD_API } from '@facet/contract/modules/dashboard/dashboard.schema';
import { and, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/emit.ts';
import { eventsDelivered } from '../../test/events.ts';
import type { SalesTestApp } from '../../test/storefront-sales.ts';
import { salesTestApp, storefrontCaller } from '../../test/storefront-sales.ts';
import { insertTestOrders } from '../orders/order-factory.ts';
import { products } from '../products/product.table.ts';
import { countSearch } from '../reports/report.service.ts';
import { buildDashboardOnce, countPlacedOrder } from './dashboard.rollups.ts';

/**
 * The dashboard (issue 27 items 1-3): rollups kept by subscribers of the order, product, stone and
 * customer events, each widget behind its own permission. The figures must equal what the tables say.
 */

let { t, admin, shop } = {} as SalesTestApp;

beforeAll(async () => {
  ({ t, admin, shop } = await salesTestApp(['statistics:write', 'ring-requests:write']));
}, 180_000);
afterAll(() => t?.close());

const get = async (url: string, cookie = admin) => {
  const response = await t.request(cookie, { method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The same figures, counted straight from the tables. */
async function countedFromTables(db: Db) {
  const [counts] = await rows<Record<string, number>>(
    db,
    sql`select
      (select count(*) from orders)::int as orders,
      (select count(*) from diamonds where not is_unavailable and not is_gemstone and not is_lab)::int as natural,
      (select count(*) from diamonds where not is_unavailable and not is_gemstone and is_lab)::int as lab,
      (select count(*) from products where deleted_at is null and parent_product_id is null)::int as products,
      (select count(*) from customers where deleted_at is null)::int as customers`,
  );
  const bestSellers = await rows<{ parentSku: string; quantity: number }>(
    db,
    sql`select coalesce(nullif(parent_sku, ''), sku) as "parentSku", sum(qty)::int as quantity from order_lines where not is_diamond
        group by 1 order by 2 desc, 1 desc limit 10`,
  );
  const lastLines = await rows<{ lineId: number }>(db, sql`select l.id as "lineId" from order_lines l join orders o on o.id = l.order_id order by o.created_at desc, l.id desc limit 10`);
  const days = await rows<{ day: string; orders: number; revenue: string }>(
    db,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as orders, sum(total)::text as revenue from orders
        where created_at >= (now() at time zone 'UTC')::date - 29 group by 1`,
  );
  return { counts: counts!, bestSellers, lastLines, days };
}

async function expectFiguresMatchTables() {
  const expected = await countedFromTables(t.db);
  expect((await get(DASHBOARD_API.orders)).total).toBe(expected.counts.orders);
  expect(await get(DASHBOARD_API.diamonds)).toMatchObject({ natural: expected.counts.natural, lab: expected.counts.lab, total: expected.counts.natural! + expected.counts.lab! });
  expect((await get(DASHBOARD_API.products)).total).toBe(expected.counts.products);
  expect((await get(DASHBOARD_API.customers)).total).toBe(expected.counts.customers);
  const best = await get(DASHBOARD_API.bestSellers);
  expect(best.rows.map((row: { parentSku: string; figure: number }) => ({ parentSku: row.parentSku, quantity: row.figure }))).toEqual(expected.bestSellers);
  expect((await get(DASHBOARD_API.lastOrders)).rows.map((row: { lineId: number }) => row.lineId)).toEqual(expected.lastLines.map((line) => line.lineId));
  const chart = await get(DASHBOARD_API.salesChart);
  expect(chart.days).toHaveLength(30);
  const chartDays = chart.days.filter((day: { orders: number }) => day.orders > 0).map((day: { day: string; orders: number; revenue: number }) => ({ day: day.day, orders: day.orders, revenue: day.revenue }));
  expect(chartDays).toEqual(expected.days.sort((a, b) => a.day.localeCompare(b.day)).map((day) => ({ ...day, revenue: Number(day.revenue) })));
  return expected;
}

describe('the dashboard’s figures', () => {
  it('equal the same counts computed from the tables, on the demo data', async () => {
    const expected = await expectFiguresMatchTables();
    expect(expected.counts.orders).toBeGreaterThan(0);
    expect(expected.bestSellers.length).toBeGreaterThan(0);
    expect((await get(DASHBOARD_API.mostViewed)).rows.length).toBeGreaterThan(0);
  });

  it('follow orders placed, customers added and products removed, through their events, and an order delivered twice counts once', async () => {
    const before = await countedFromTables(t.db);
    const placed = await t.db.transaction(async (tx) => {
      const numbers = await insertTestOrders(tx, [{ total: 120 }, { total: 80.5 }, { total: 99.99 }]);
      for (const orderNumber of numbers) await emit(tx, 'orders.placed', { orderNumber, email: 'buyer@example.co.uk' });
      return numbers;
    });
    const added = await t.request(admin, {
      method: 'POST',
      url: '/api/customers',
      payload: { firstName: 'Dash', lastName: 'Board', email: 'dash.board@example.co.uk', password: 'Password1!', confirmPassword: 'Password1!', contactNumber: '07700900123', status: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [product] = await t.db.select({ id: products.id, version: products.version }).from(products).where(and(isNull(products.deletedAt), isNull(products.parentProductId))).limit(1);
    const removed = await t.request(admin, { method: 'DELETE', url: `/api/products/${product!.id}` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await eventsDelivered(t.db);
    const after = await expectFiguresMatchTables();
    expect(after.counts.orders).toBe(before.counts.orders! + 3);
    expect(after.counts.customers).toBe(before.counts.customers! + 1);
    expect(after.counts.products).toBe(before.counts.products! - 1);
    // At least once: the same order's event again (a retry, a dead letter retried) adds nothing.
    await countPlacedOrder(t.db, placed[0]!);
    await expectFiguresMatchTables();
    expect((await get(DASHBOARD_API.orders)).updatedAt).not.toBeNull();
  });

  it('a database whose rollups were never built gets them from its tables once', async () => {
    await t.db.execute(sql`delete from dashboard_counters`);
    await t.db.execute(sql`delete from dashboard_best_sellers`);
    await buildDashboardOnce(t.db);
    await expectFiguresMatchTables();
  });
});

describe('each widget answers only with its permission', () => {
  it('401 without a session; a user with only sales sees the order widgets and nothing else', async () => {
    expect((await t.app.inject({ method: 'GET', url: DASHBOARD_API.orders })).statusCode).toBe(401);
    const clerk = await t.createUserWith(['sales']);
    for (const url of [DASHBOARD_API.orders, DASHBOARD_API.salesChart, DASHBOARD_API.bestSellers, DASHBOARD_API.lastOrders]) {
      expect((await t.request(clerk.cookie, { method: 'GET', url })).statusCode, url).toBe(200);
    }
    for (const url of [DASHBOARD_API.diamonds, DASHBOARD_API.products, DASHBOARD_API.mostViewed, DASHBOARD_API.customers, '/api/search-terms']) {
      expect((await t.request(clerk.cookie, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    const keys = { [DASHBOARD_API.diamonds]: 'diamonds', [DASHBOARD_API.products]: 'products', [DASHBOARD_API.customers]: 'customers', '/api/search-terms': 'report' } as const;
    for (const [url, key] of Object.entries(keys)) {
      const holder = await t.createUserWith([key]);
      expect((await t.request(holder.cookie, { method: 'GET', url })).statusCode, url).toBe(200);
      expect((await t.request(holder.cookie, { method: 'GET', url: DASHBOARD_API.orders })).statusCode).toBe(403);
    }
  });
});

describe('searches, clicks, views and ring requests from the storefront', () => {
  const send = (url: string, payload: object) => shop({ method: 'POST', url, payload });

  it('a search term counts its uses (one term however it was typed), keeps the latest result count, and lists 5 a page', async () => {
    expect((await send('/api/storefront/v1/searches', { keyword: 'Blue  Topaz Ring', results: 3 })).statusCode).toBe(202);
    expect((await send('/api/storefront/v1/searches', { keyword: ' blue topaz ring ', results: 7 })).statusCode).toBe(202);
    await eventsDelivered(t.db);
    const listed = await get('/api/search-terms?search=topaz');
    expect(listed.items).toEqual([expect.objectContaining({ keyword: 'blue topaz ring', uses: 2, results: 7 })]);
    const top = await get('/api/search-terms?pageSize=5&sort=uses&order=desc');
    expect(top.items).toHaveLength(5);
    const uses = top.items.map((item: { uses: number }) => item.uses);
    expect(uses).toEqual([...uses].sort((a, b) => b - a));
    const exported = await t.request(admin, { method: 'GET', url: '/api/search-terms/export' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses what the spec’s rules refuse, with their messages, and writes nothing', async () => {
    const empty = await send('/api/storefront/v1/searches', { keyword: '  ', results: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([expect.objectContaining({ path: ['keyword'], message: MESSAGES.required })]);
    expect((await send('/api/storefront/v1/searches', { keyword: 'x'.repeat(256), results: 1 })).json().error.issues[0].message).toBe(MESSAGES.maxLength(255));
    expect((await send('/api/storefront/v1/searches', { keyword: 'ring', results: -1 })).statusCode).toBe(400);
    expect((await send('/api/storefront/v1/link-clicks', { type: 'blogs', label: 'A', url: '/a' })).statusCode).toBe(400);
    const unknown = await send('/api/storefront/v1/product-views', { productId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([expect.objectContaining({ path: ['productId'], message: MESSAGES.chooseFromList('product') })]);
    const badEmail = await send('/api/storefront/v1/ring-requests', { productName: 'Ring', sku: 'R1', firstName: 'Ann', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.issues).toEqual([expect.objectContaining({ path: ['email'], message: MESSAGES.invalidEmail })]);
    const [written] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ring_requests where email = 'not-an-email'`);
    expect(written!.n).toBe(0);
  });

  it('a click and a product view count under their link and product; a ring request is listed with its message and the customer’s name', async () => {
    // The later click's headline is kept, whichever of the two events is delivered first.
    expect((await send('/api/storefront/v1/link-clicks', { type: 'category', label: 'Topaz Rings', url: '/topaz-rings' })).statusCode).toBe(202);
    expect((await send('/api/storefront/v1/link-clicks', { type: 'category', label: 'Topaz Rings!', url: '/topaz-rings' })).statusCode).toBe(202);
    const [product] = await t.db.select({ id: products.id, name: products.name }).from(products).where(and(isNull(products.deletedAt), isNull(products.parentProductId))).limit(1);
    const viewsBefore = await rows<{ views: number }>(t.db, sql`select views::int from product_views where product_id = ${product!.id}`);
    expect((await send('/api/storefront/v1/product-views', { productId: product!.id })).statusCode).toBe(202);
    await eventsDelivered(t.db);
    const clicks = await get('/api/link-statistics?type=category&sort=clicks&order=desc&pageSize=100');
    expect(clicks.items).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'Topaz Rings!', url: '/topaz-rings', clicks: 2 })]));
    const [views] = await rows<{ views: number }>(t.db, sql`select views::int from product_views where product_id = ${product!.id}`);
    expect(views!.views).toBe((viewsBefore[0]?.views ?? 0) + 1);

    const sent = await send('/api/storefront/v1/ring-requests', {
      productName: 'Oval Halo Ring',
      sku: 'HALO-9',
      metal: 'Platinum',
      style: 'Halo',
      shape: 'Oval',
      carat: '1.20',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'Grace.Hopper@Example.com',
      message: 'Could it have a thinner band?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const listed = await get('/api/ring-requests?search=hopper');
    expect(listed.items).toEqual([expect.objectContaining({ name: 'Grace Hopper', email: 'grace.hopper@example.com', message: 'Could it have a thinner band?', productName: 'Oval Halo Ring' })]);
    expect((await get(`/api/ring-requests/${listed.items[0].id}`)).message).toBe('Could it have a thinner band?');
  });

  it('the demo has 30 ring requests and searches over the last 90 days', async () => {
    const [demo] = await rows<{ requests: number; terms: number; oldest: number }>(
      t.db,
      sql`select (select count(*) from ring_requests where email like '%@example.com' and email <> 'grace.hopper@example.com')::int as requests,
        (select count(*) from search_terms)::int as terms,
        (select extract(day from now() - min(last_searched_at)) from search_terms)::int as oldest`,
    );
    expect(demo!.requests).toBe(30);
    expect(demo!.terms).toBeGreaterThan(20);
    expect(demo!.oldest).toBeLessThanOrEqual(90);
  });

  it('a search event delivered twice counts once', async () => {
    const at = new Date();
    await countSearch(t.db, { keyword: 'twice delivered', results: 1 }, 900_000_001, at);
    await countSearch(t.db, { keyword: 'twice delivered', results: 1 }, 900_000_001, at);
    expect((await get('/api/search-terms?search=twice%20delivered')).items).toEqual([expect.objectContaining({ uses: 1 })]);
  });

  it('a key needs statistics:write for statistics and ring-requests:write for ring requests', async () => {
    const ringsOnly = await storefrontCaller(t, admin, ['ring-requests:write']);
    expect((await ringsOnly({ method: 'POST', url: '/api/storefront/v1/searches', payload: { keyword: 'ring', results: 1 } })).statusCode).toBe(403);
    const statsOnly = await storefrontCaller(t, admin, ['statistics:write']);
    expect((await statsOnly({ method: 'POST', url: '/api/storefront/v1/ring-requests', payload: {} })).statusCode).toBe(403);
    expect((await t.request(admin, { method: 'POST', url: '/api/storefront/v1/searches', payload: { keyword: 'ring', results: 1 } })).statusCode).toBe(401);
  });
});

