import { MESSAGES } from '@facet/contract/messages';
import { SALE_LINES_MAX } from '@facet/contract/modules/inquiries/sale-line.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import type { SalesTestApp } from '../../test/storefront-sales.ts';
import { salesTestApp, storefrontCaller } from '../../test/storefront-sales.ts';
import { customers } from '../customers/customer.table.ts';
import { diamonds } from '../diamonds/diamond.table.ts';
import { products } from '../products/product.table.ts';
import { inquiries, inquiryLines } from './inquiry.table.ts';

/**
 * Inquiries (document 3 §2.5, §3; issue 24 item 9): the storefront sends them, priced by the server
 * from the catalogue with a snapshot of each line; staff with `sales` list, filter and open them.
 */

let { t, admin, shop, goods } = {} as SalesTestApp;

beforeAll(async () => {
  ({ t, admin, shop, goods } = await salesTestApp(['inquiries:write']));
}, 180_000);
afterAll(() => t?.close());

const shopper = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada.Lovelace@Example.com', contactNumber: '07700 900123', street: '12 St James’s Square', country: 'United Kingdom', postcode: 'SW1Y 4JH' };
const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) => shop({ method: 'POST', url: '/api/storefront/v1/inquiries', payload: body, headers });
const counts = async () => ({ inquiries: await t.db.$count(inquiries), lines: await t.db.$count(inquiryLines) });
const staffGet = (url: string, query?: Record<string, string>, cookie = admin) => t.request(cookie, { method: 'GET', url, query });

describe('the demo inquiries', () => {
  it('are fifty, over the last months, from customers and guests, with and without an address', async () => {
    const [row] = await t.db
      .select({
        total: sql<number>`count(*)::int`,
        guests: sql<number>`(count(*) filter (where customer_id is null))::int`,
        withoutAddress: sql<number>`(count(*) filter (where street = ''))::int`,
        oldestDays: sql<number>`extract(day from now() - min(created_at))::int`,
        newestDays: sql<number>`extract(day from now() - max(created_at))::int`,
      })
      .from(inquiries);
    expect(row!.total).toBe(50);
    expect(row!.guests).toBeGreaterThan(0);
    expect(row!.guests).toBeLessThan(50);
    expect(row!.withoutAddress).toBeGreaterThan(0);
    expect(row!.oldestDays).toBeGreaterThan(90);
    expect(row!.newestDays).toBeLessThan(30);
    // Every demo inquiry's total is its lines' (exact, numeric).
    const [mismatched] = await t.db.execute(sql`
      select count(*)::int as n from inquiries i
      where i.subtotal <> (select sum(l.price * l.qty - l.discount) from inquiry_lines l where l.inquiry_id = i.id)
         or i.item_count <> (select sum(l.qty) from inquiry_lines l where l.inquiry_id = i.id)`).then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(mismatched!.n).toBe(0);
  });
});

describe('a storefront sends an inquiry', () => {
  it('is priced from the catalogue, keeps a snapshot of each line, and is numbered, totalled and audited', async () => {
    const [stone] = goods.stones;
    const response = await send({ ...shopper, lines: [{ productId: goods.sized.id, qty: 2, size: goods.sized.sizes[0]!.toLowerCase() }, { diamondId: stone!.id }] });
    expect(response.statusCode, response.body).toBe(201);
    const inquiry = response.json();
    const productPrice = Number(goods.sized.price);
    const stonePrice = Number(stone!.price);
    expect(inquiry).toMatchObject({
      inquiryNumber: `INQ-${String(inquiry.id).padStart(6, '0')}`,
      customerId: null,
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      street: shopper.street,
      currency: 'GBP',
      symbol: '£',
      subtotal: productPrice * 2 + stonePrice,
      discount: 0,
      total: productPrice * 2 + stonePrice,
      itemCount: 3,
    });
    expect(inquiry.lines).toEqual([
      expect.objectContaining({
        isDiamond: false,
        productId: goods.sized.id,
        name: goods.sized.name,
        vendor: goods.sized.vendor,
        // As the catalogue spells the size.
        size: goods.sized.sizes[0],
        parentSku: goods.sized.parentSku,
        modelNumber: goods.sized.modelNumber,
        sku: goods.sized.sku,
        productOptions: goods.sized.productOptions,
        price: productPrice,
        qty: 2,
        discount: 0,
        total: productPrice * 2,
      }),
      expect.objectContaining({ isDiamond: true, diamondId: stone!.id, name: stone!.name, sku: stone!.stockId, certificate: stone!.certificate, price: stonePrice, qty: 1, total: stonePrice }),
    ]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'inquiry'), eq(auditLog.entityId, String(inquiry.id))));
    expect(audit).toMatchObject({ action: 'create', actorId: null });
    expect(audit!.requestId).toMatch(/api-key-\d+$/);

    // What staff open is what was sent, and later catalogue changes leave it as it was.
    await t.db.update(products).set({ name: 'Renamed ring', price: '1.00' }).where(eq(products.id, goods.sized.id));
    await t.db.update(diamonds).set({ isSold: true }).where(eq(diamonds.id, stone!.id));
    const detail = await staffGet(`/api/inquiries/${inquiry.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(inquiry);
    await t.db.update(products).set({ name: goods.sized.name, price: goods.sized.price }).where(eq(products.id, goods.sized.id));
    await t.db.update(diamonds).set({ isSold: false }).where(eq(diamonds.id, stone!.id));
  });

  it('a variant made in a size (a ring’s ring size) shows that size', async () => {
    const response = await send({ ...shopper, lines: [{ productId: goods.sizedByOption.id }, { productId: goods.sizedByOption.id, size: goods.sizedByOption.optionSize!.toLowerCase() }] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().lines.map((line: { size: string }) => line.size)).toEqual([goods.sizedByOption.optionSize, goods.sizedByOption.optionSize]);
  });

  it('names a signed-in customer by id, who must be a live one', async () => {
    const [customer] = await t.db.select({ id: customers.id }).from(customers).limit(1);
    const created = await send({ ...shopper, customerId: customer!.id, lines: [{ productId: goods.unsized.id }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().customerId).toBe(customer!.id);
    const before = await counts();
    const unknown = await send({ ...shopper, customerId: 2_147_483_647, lines: [{ productId: goods.unsized.id }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([{ path: ['customerId'], message: MESSAGES.chooseFromList('customer') }]);
    expect(await counts()).toEqual(before);
  });

  it('refuses each broken rule with its message and writes nothing', async () => {
    const line = { productId: goods.unsized.id };
    const cases: [string, Record<string, unknown>, (string | number)[], string][] = [
      ['no lines', { ...shopper, lines: [] }, ['lines'], MESSAGES.selectAtLeastOne],
      ['too many lines', { ...shopper, lines: Array.from({ length: SALE_LINES_MAX + 1 }, () => line) }, ['lines'], MESSAGES.tooManyItems(SALE_LINES_MAX)],
      ['a line of neither', { ...shopper, lines: [{ qty: 1 }] }, ['lines', 0, 'productId'], MESSAGES.saleLineItem],
      ['a line of both', { ...shopper, lines: [{ productId: goods.unsized.id, diamondId: goods.stones[0]!.id }] }, ['lines', 0, 'productId'], MESSAGES.saleLineItem],
      ['two of a stone', { ...shopper, lines: [{ diamondId: goods.stones[0]!.id, qty: 2 }] }, ['lines', 0, 'qty'], MESSAGES.diamondQtyOne],
      ['a stone twice', { ...shopper, lines: [{ diamondId: goods.stones[0]!.id }, { diamondId: goods.stones[0]!.id }] }, ['lines', 1, 'diamondId'], MESSAGES.diamondTwice],
      ['no quantity', { ...shopper, lines: [{ ...line, qty: 0 }] }, ['lines', 0, 'qty'], 'Qty must be at least 1.'],
      ['a quantity past 99', { ...shopper, lines: [{ ...line, qty: 100 }] }, ['lines', 0, 'qty'], 'Qty must be at most 99.'],
      ['half a ring', { ...shopper, lines: [{ ...line, qty: 1.5 }] }, ['lines', 0, 'qty'], MESSAGES.wholeNumber],
      ['no first name', { ...shopper, firstName: ' ', lines: [line] }, ['firstName'], MESSAGES.required],
      ['a bad email', { ...shopper, email: 'ada@', lines: [line] }, ['email'], MESSAGES.invalidEmail],
      ['a bad phone', { ...shopper, contactNumber: '12ab567890', lines: [line] }, ['contactNumber'], MESSAGES.invalidContactNumber],
      ['a long street', { ...shopper, street: 'x'.repeat(256), lines: [line] }, ['street'], MESSAGES.maxLength(255)],
    ];
    const before = await counts();
    for (const [what, body, path, message] of cases) {
      const response = await send(body);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.issues, what).toContainEqual({ path, message });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not for sale: a product unknown, disabled or with variants to choose from (400), a size not offered (400), a stone sold (409)', async () => {
    const [parent] = await t.db.select({ id: products.id }).from(products).where(eq(products.isConfigured, true)).limit(1);
    const [stone] = goods.stones.slice(1);
    await t.db.update(diamonds).set({ isSold: true }).where(eq(diamonds.id, stone!.id));
    await t.db.update(products).set({ status: false }).where(eq(products.id, goods.unsized.id));
    const before = await counts();
    try {
      const refusals: [Record<string, unknown>[], number, (string | number)[], string][] = [
        [[{ productId: 2_147_483_647 }], 400, ['lines', 0, 'productId'], MESSAGES.productNotForSale],
        [[{ productId: goods.sized.id }, { productId: goods.unsized.id }], 400, ['lines', 1, 'productId'], MESSAGES.productNotForSale],
        [[{ productId: parent!.id }], 400, ['lines', 0, 'productId'], MESSAGES.productNotForSale],
        [[{ productId: goods.sized.id, size: 'no such size' }], 400, ['lines', 0, 'size'], MESSAGES.sizeNotOffered],
        // A ring made in one size is not sold in another.
        [[{ productId: goods.sizedByOption.id, size: goods.sizedByOption.sizes.find((size) => size !== goods.sizedByOption.optionSize) }], 400, ['lines', 0, 'size'], MESSAGES.sizeNotOffered],
        [[{ diamondId: goods.stones[0]!.id, size: 'N' }], 400, ['lines', 0, 'size'], MESSAGES.sizeNotOffered],
        [[{ productId: goods.sized.id }, { diamondId: stone!.id }], 409, ['lines', 1, 'diamondId'], MESSAGES.diamondNotForSale],
        [[{ diamondId: 2_147_483_647 }], 409, ['lines', 0, 'diamondId'], MESSAGES.diamondNotForSale],
      ];
      for (const [lines, status, path, message] of refusals) {
        const response = await send({ ...shopper, lines });
        expect(response.statusCode, JSON.stringify(lines)).toBe(status);
        expect(response.json().error.issues, JSON.stringify(lines)).toEqual([{ path, message }]);
      }
      expect(await counts()).toEqual(before);
    } finally {
      await t.db.update(diamonds).set({ isSold: false }).where(eq(diamonds.id, stone!.id));
      await t.db.update(products).set({ status: true }).where(eq(products.id, goods.unsized.id));
    }
  });

  it('runs once per Idempotency-Key: a repeat answers the first inquiry', async () => {
    const body = { ...shopper, email: 'once@example.com', lines: [{ productId: goods.unsized.id }] };
    const before = await counts();
    const first = await send(body, { 'idempotency-key': 'inquiry-once-1' });
    const again = await send(body, { 'idempotency-key': 'inquiry-once-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual({ inquiries: before.inquiries + 1, lines: before.lines + 1 });
  });
});

describe('the inquiry list', () => {
  let run: string;
  let sent: { id: number; inquiryNumber: string; createdAt: string }[];
  beforeAll(async () => {
    run = `list${Date.now().toString(36)}`;
    sent = [];
    for (let i = 0; i < 12; i++) {
      const response = await send({ ...shopper, email: `${run}.${i}@example.com`, lines: [{ productId: goods.unsized.id, qty: 1 + (i % 3) }] });
      sent.push(response.json());
    }
  });

  it('shows the newest first, ten a page, with the spec’s columns', async () => {
    const page1 = await staffGet('/api/inquiries', { email: run });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.json().items.map((row: { id: number }) => row.id)).toEqual(sent.slice(2).reverse().map((row) => row.id));
    expect(Object.keys(page1.json().items[0]).sort()).toEqual(['createdAt', 'email', 'id', 'inquiryNumber', 'itemCount', 'symbol', 'total', 'updatedAt', 'version']);
    const page2 = await staffGet('/api/inquiries', { email: run, page: '2' });
    expect(page2.json().items.map((row: { id: number }) => row.id)).toEqual([sent[1]!.id, sent[0]!.id]);
    expect(page2.json().items[0]).toMatchObject({ itemCount: 2, total: Number(goods.unsized.price) * 2, symbol: '£' });
  });

  it('filters by inquiry number, email and inquiry date (the shop’s days), and refuses a bad filter', async () => {
    const byNumber = await staffGet('/api/inquiries', { inquiryNumber: sent[3]!.inquiryNumber.toLowerCase() });
    expect(byNumber.json().items.map((row: { id: number }) => row.id)).toEqual([sent[3]!.id]);
    const byPart = await staffGet('/api/inquiries', { inquiryNumber: sent[3]!.inquiryNumber.slice(4), email: run });
    expect(byPart.json().items.map((row: { id: number }) => row.id)).toContain(sent[3]!.id);
    const byEmail = await staffGet('/api/inquiries', { email: `${run}.11@` });
    expect(byEmail.json().items.map((row: { id: number }) => row.id)).toEqual([sent[11]!.id]);

    // The demo inquiries are dated back; today's are this test's.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const fromToday = await staffGet('/api/inquiries', { email: run, inquiryDateFrom: today, inquiryDateTo: today });
    expect(fromToday.json().total).toBe(12);
    const [old] = await t.db.select({ id: inquiries.id, createdAt: inquiries.createdAt }).from(inquiries).where(sql`created_at < now() - interval '30 days'`).limit(1);
    const oldDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(old!.createdAt);
    const onThatDay = await staffGet('/api/inquiries', { inquiryDateFrom: oldDay, inquiryDateTo: oldDay, pageSize: '100' });
    expect(onThatDay.json().items.map((row: { id: number }) => row.id)).toContain(old!.id);
    expect(onThatDay.json().items.map((row: { id: number }) => row.id)).not.toContain(sent[0]!.id);

    const backwards = await staffGet('/api/inquiries', { inquiryDateFrom: '2026-02-02', inquiryDateTo: '2026-02-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.issues).toEqual([{ path: ['inquiryDateTo'], message: MESSAGES.filterRange('Inquiry Date') }]);
    const notADay = await staffGet('/api/inquiries', { inquiryDateFrom: '2026-02-30' });
    expect(notADay.statusCode).toBe(400);
  });
});

describe('who may see inquiries', () => {
  it('staff with sales (not products, as the older build had it); 401 without a session, 403 without sales', async () => {
    const [one] = await t.db.select({ id: inquiries.id }).from(inquiries).limit(1);
    const sales = await t.createUserWith(['sales']);
    const products = await t.createUserWith(['products', 'customers', 'system']);
    for (const url of ['/api/inquiries', `/api/inquiries/${one!.id}`]) {
      expect((await staffGet(url, undefined, sales.cookie)).statusCode, url).toBe(200);
      expect((await staffGet(url, undefined, products.cookie)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await staffGet('/api/inquiries/2147483647')).statusCode).toBe(404);
  });

  it('a storefront key needs inquiries:write; staff cookies count for nothing there', async () => {
    const body = { ...shopper, lines: [{ productId: goods.unsized.id }] };
    const before = await counts();
    const customersOnly = await storefrontCaller(t, admin, ['customers:write']);
    const refused = await customersOnly({ method: 'POST', url: '/api/storefront/v1/inquiries', payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.apiKeyScope('inquiries:write'));
    const withCookie = await t.request(admin, { method: 'POST', url: '/api/storefront/v1/inquiries', payload: body });
    expect(withCookie.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    // Staff have no route to write inquiries.
    expect((await t.request(admin, { method: 'POST', url: '/api/inquiries', payload: body })).statusCode).toBe(404);
  });
});
