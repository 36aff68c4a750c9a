import { MESSAGES } from '@facet/contract/messages';
import { ORDER_MESSAGES, SUPPLIER_ORDER_REFERENCE_MAX } from '@facet/contract/modules/orders/order.schema';
import type { OrderStatus } from '@facet/contract/modules/orders/order-status';
import { isAllowedOrderTransition, ORDER_STATUS_LABELS, ORDER_STATUS_TRANSITIONS, ORDER_STATUSES } from '@facet/contract/modules/orders/order-status';
import { shopDay } from '@facet/contract/format';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { eventOutbox } from '../../events/event.table.ts';
import { eventsDelivered } from '../../test/events.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { diamonds } from '../diamonds/diamond.table.ts';
import { insertTestOrders } from './order-factory.ts';
import { orderRefunds, orders, orderStatusHistory } from './order.table.ts';

let t: TestApp;
let admin: string;
let rateId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const rate = await t.request(admin, { method: 'POST', url: '/api/shipping-rates', payload: { name: 'Royal Mail Special Delivery', rate: 7.95, minFreeShippingAmount: 500, status: true } });
  rateId = rate.json().id;
});
afterAll(() => t?.close());

const statusOf = (orderNumber: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request(admin, { method: 'POST', url: `/api/orders/${orderNumber}/status`, payload, headers });
const detail = (orderNumber: string) => t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` });

/**
 * What a refused change must leave as it was: the order's row, its history, its refunds, the audit log
 * and the outbox; taken once the subscribers of earlier changes (a confirmed order's invoice) are done.
 */
async function snapshotOf(orderNumber: string) {
  await eventsDelivered(t.db);
  const [row] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return {
    row,
    history: await t.db.$count(orderStatusHistory, eq(orderStatusHistory.orderId, row!.id)),
    refunds: await t.db.$count(orderRefunds, eq(orderRefunds.orderId, row!.id)),
    audit: await t.db.$count(auditLog),
    events: await t.db.$count(eventOutbox),
  };
}

/** The body each target status needs: shipping details for SHIPPING, a full refund for REFUNDED. */
function bodyFor(to: OrderStatus): Record<string, unknown> {
  if (to === 'SHIPPING') return { status: to, shippingRateId: rateId, trackingNumber: 'RM123456785GB', deliveryDate: shopDay() };
  if (to === 'REFUNDED') return { status: to, refundType: 'full' };
  return { status: to, comment: `to ${to}` };
}

describe('the order status workflow, enforced by the server (document 3 §4)', () => {
  it('every pair of statuses: the table’s moves succeed with a history row; every other is 409 and changes nothing', async () => {
    const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
    const numbers = await insertTestOrders(t.db, pairs.map(([from]) => ({ status: from })));
    let allowed = 0;
    for (const [index, [from, to]] of pairs.entries()) {
      const orderNumber = numbers[index]!;
      const before = await snapshotOf(orderNumber);
      const response = await statusOf(orderNumber, bodyFor(to));
      const pair = `${from} -> ${to}: ${response.body.slice(0, 200)}`;
      if (isAllowedOrderTransition(from, to)) {
        allowed++;
        expect(response.statusCode, pair).toBe(200);
        expect(response.json().message).toBe(ORDER_MESSAGES.statusUpdated);
        expect(response.json().order.status, pair).toBe(to);
        expect(response.json().order.history[0], pair).toMatchObject({ status: to, createdByName: 'admin' });
        const after = await snapshotOf(orderNumber);
        expect(after.history, pair).toBe(before.history + 1);
        expect(after.row!.version, pair).toBe(before.row!.version + 1);
      } else {
        expect(response.statusCode, pair).toBe(409);
        const label = (status: OrderStatus) => ORDER_STATUS_LABELS[status];
        expect(response.json().error.message, pair).toBe(MESSAGES.stateTransitionRefused(label(from), label(to), ORDER_STATUS_TRANSITIONS[from].map(label).join(', ')));
        expect(await snapshotOf(orderNumber), pair).toEqual(before);
      }
    }
    // The table: 8 stays, 7 forward steps, CANCELLED from the 6 statuses before it.
    expect(allowed).toBe(8 + 7 + 6);
    // 64 pairs, each waiting for its subscribers: a refund's now renders its credit note PDF.
  }, 180_000);

  it('audits each change and emits orders.status-changed with the notify flag', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING' }]);
    const response = await statusOf(orderNumber!, { status: 'CONFIRMED', comment: 'Payment checked.', notifyCustomer: true });
    expect(response.statusCode).toBe(200);
    const order = response.json().order;
    expect(order.history[0]).toMatchObject({ status: 'CONFIRMED', comment: 'Payment checked.', notifyCustomer: true });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)))).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'status', actorName: 'admin', before: { status: 'PENDING' }, after: { status: 'CONFIRMED', comment: 'Payment checked.', notifyCustomer: true } });
    const [event] = await t.db.select().from(eventOutbox).where(eq(eventOutbox.name, 'orders.status-changed')).orderBy(desc(eventOutbox.id)).limit(1);
    expect(event!.payload).toEqual({ orderNumber, status: 'CONFIRMED', notifyCustomer: true, historyId: order.history[0].id });
  });

  it('SHIPPING needs a shipping type, a tracking number and a delivery date not before today, and records them', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'COMPLETED' }]);
    const before = await snapshotOf(orderNumber!);
    const missing = await statusOf(orderNumber!, { status: 'SHIPPING' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([
      { path: ['shippingRateId'], message: MESSAGES.required },
      { path: ['trackingNumber'], message: MESSAGES.required },
      { path: ['deliveryDate'], message: MESSAGES.required },
    ]);
    const yesterday = shopDay(new Date(Date.now() - 86_400_000));
    const past = await statusOf(orderNumber!, { status: 'SHIPPING', shippingRateId: rateId, trackingNumber: 'RM1', deliveryDate: yesterday });
    expect(past.json().error.issues).toEqual([{ path: ['deliveryDate'], message: ORDER_MESSAGES.deliveryDateBeforeToday }]);
    const unknownRate = await statusOf(orderNumber!, { status: 'SHIPPING', shippingRateId: 2_000_000, trackingNumber: 'RM1', deliveryDate: shopDay() });
    expect(unknownRate.statusCode).toBe(400);
    expect(unknownRate.json().error.issues).toEqual([{ path: ['shippingRateId'], message: MESSAGES.chooseFromList('shipping type') }]);
    expect(await snapshotOf(orderNumber!)).toEqual(before);

    const shipped = await statusOf(orderNumber!, { status: 'SHIPPING', shippingRateId: rateId, trackingNumber: 'RM123456785GB', deliveryDate: shopDay(), comment: 'Dispatched.' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().order).toMatchObject({
      status: 'SHIPPING',
      shippingRateId: rateId,
      shippingMethodName: 'Royal Mail Special Delivery',
      trackingNumber: 'RM123456785GB',
      deliveryDate: shopDay(),
    });
  });

  it('answers 404 for an order that does not exist and 400 for a number that is no order number', async () => {
    expect((await detail('99999999999')).statusCode).toBe(404);
    expect((await statusOf('99999999999', { status: 'CONFIRMED' })).statusCode).toBe(404);
    const bad = await detail('12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toMatchObject({ path: ['orderNumber'], message: ORDER_MESSAGES.orderNumber });
  });
});

describe('refunds (document 3 §5; issue 24 §5)', () => {
  it('a partial refund, then another, then the rest in full; remaining = total − refunded throughout', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 1234.56 }]);
    const first = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 200, comment: 'Part of the ring returned.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order).toMatchObject({ status: 'REFUNDED', total: 1234.56, refundedTotal: 200, remainingRefundAmount: 1034.56 });
    // REFUNDED stays selectable while money remains: a further partial refund.
    const second = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 34 });
    expect(second.json().order).toMatchObject({ refundedTotal: 234, remainingRefundAmount: 1000.56 });
    const rest = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'full' });
    expect(rest.json().order).toMatchObject({ refundedTotal: 1234.56, remainingRefundAmount: 0 });
    expect(rest.json().order.refunds.map((refund: { type: string; amount: number }) => [refund.type, refund.amount])).toEqual([
      ['partial', 200],
      ['partial', 34],
      ['full', 1000.56],
    ]);
    // Fully refunded: the refund fields are gone from the form; a comment alone is still a change.
    const note = await statusOf(orderNumber!, { status: 'REFUNDED', comment: 'Customer told.' });
    expect(note.statusCode).toBe(200);
    const before = await snapshotOf(orderNumber!);
    const again = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'full' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ORDER_MESSAGES.alreadyFullyRefunded);
    expect(await snapshotOf(orderNumber!)).toEqual(before);
  });

  it('refuses more than the remaining amount with the spec’s message, and a refund without its type, writing nothing', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 100.5, refundedTotal: 50 }]);
    const before = await snapshotOf(orderNumber!);
    const over = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 51 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.issues).toEqual([{ path: ['refundAmount'], message: 'Refund amount should not greater than remaining refund amount' }]);
    const untyped = await statusOf(orderNumber!, { status: 'REFUNDED' });
    expect(untyped.json().error.issues).toEqual([{ path: ['refundType'], message: MESSAGES.required }]);
    const fraction = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 10.5 });
    expect(fraction.json().error.issues).toEqual([{ path: ['refundAmount'], message: ORDER_MESSAGES.refundAmountWhole }]);
    const zero = await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 0 });
    expect(zero.json().error.issues).toEqual([{ path: ['refundAmount'], message: ORDER_MESSAGES.refundAmountMin }]);
    expect(await snapshotOf(orderNumber!)).toEqual(before);
    // Exactly the remaining whole pounds is allowed.
    expect((await statusOf(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 50 })).json().order.remainingRefundAmount).toBe(0.5);
  });

  it('the same Idempotency-Key twice refunds once; with another change it is 422', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 300 }]);
    const body = { status: 'REFUNDED', refundType: 'partial', refundAmount: 100 };
    const first = await statusOf(orderNumber!, body, { 'idempotency-key': 'refund-click-1' });
    const second = await statusOf(orderNumber!, body, { 'idempotency-key': 'refund-click-1' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().order).toMatchObject({ refundedTotal: 100, remainingRefundAmount: 200 });
    expect(second.json().order.refunds).toHaveLength(1);
    const other = await statusOf(orderNumber!, { ...body, refundAmount: 150 }, { 'idempotency-key': 'refund-click-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(MESSAGES.idempotencyKeyReused);
    const malformed = await statusOf(orderNumber!, body, { 'idempotency-key': 'a key with spaces' });
    expect(malformed.statusCode).toBe(400);
    // Another key is another refund.
    expect((await statusOf(orderNumber!, body, { 'idempotency-key': 'refund-click-2' })).json().order.refundedTotal).toBe(200);
  });
});

describe('a cancellation puts the order’s stones back in stock (a workflow on the job engine)', () => {
  it('releases the stone the order holds, notes it in the history, and leaves a stone another order holds', async () => {
    const stone = async (stockId: string, soldOrderNumber: string) => {
      const [row] = await t.db
        .insert(diamonds)
        .values({ source: 'test', sourceId: stockId, stockId, shapeRaw: 'ROUND', name: `1.00 ct Round ${stockId}`, carat: '1.000', availability: 'available', isLab: false, isGemstone: false,
          supplierPrice: '1000', supplierCurrency: 'USD', price: '1500', isSold: true, soldOrderNumber })
        .returning({ id: diamonds.id });
      return row!.id;
    };
    const [mine, other] = await insertTestOrders(t.db, [{ status: 'CONFIRMED' }, { status: 'CONFIRMED' }]);
    const held = await stone('TEST-HELD-1', mine!);
    const elsewhere = await stone('TEST-ELSEWHERE-1', other!);
    await t.db.execute(sql`update order_lines set is_diamond = true, diamond_id = ${held} where order_id = (select id from orders where order_number = ${mine!})`);

    const cancelled = await statusOf(mine!, { status: 'CANCELLED', comment: 'Customer changed their mind.' });
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(async () => (await t.db.select({ isSold: diamonds.isSold }).from(diamonds).where(eq(diamonds.id, held)))[0]!.isSold, { timeout: 20_000, interval: 50 }).toBe(false);
    const [other1] = await t.db.select({ isSold: diamonds.isSold, soldOrderNumber: diamonds.soldOrderNumber }).from(diamonds).where(eq(diamonds.id, elsewhere));
    expect(other1).toEqual({ isSold: true, soldOrderNumber: other! });
    await expect.poll(async () => (await detail(mine!)).json().history[0].comment, { timeout: 20_000, interval: 50 }).toBe('Returned to stock: TEST-HELD-1');
  });
});

describe('the orders list (document 3 §2.4, §7)', () => {
  it('filters by order number, email, name, date range, statuses, country, payment method and customer; 10 a page, newest first', async () => {
    const day = (offset: number) => new Date(Date.UTC(2025, 5, 10 + offset, 12));
    const numbers = await insertTestOrders(t.db, [
      { status: 'PENDING', email: 'ruby.listtest@example.co.uk', firstName: 'Ruby', lastName: 'Listtest', createdAt: day(0), customerId: 4242 },
      { status: 'SHIPPING', email: 'leo.listtest@example.co.uk', firstName: 'Leo', lastName: 'Listtest', createdAt: day(1), paymentMethod: 'paypal', countryId: 'IE' },
      { status: 'REFUNDED', email: 'mia.listtest@example.co.uk', firstName: 'Mia', lastName: 'Listtest', createdAt: day(2), paymentMethod: 'paypal' },
      ...Array.from({ length: 11 }, (_, i) => ({ status: 'CONFIRMED' as const, email: `bulk${i}.listtest@example.co.uk`, firstName: 'Bulk', lastName: 'Listtest', createdAt: day(3 + i) })),
    ]);
    const list = async (query: Record<string, string | string[]>) => {
      const response = await t.request(admin, { method: 'GET', url: '/api/orders', query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: { orderNumber: string; status: string; email: string; total: number; currencySymbol: string; isGuest: boolean; itemCount: number; invoiceUrl: string | null }[]; total: number; pageSize: number };
    };
    const first = await list({ name: 'listtest' });
    expect(first.pageSize).toBe(10);
    expect(first.total).toBe(14);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ orderNumber: numbers[13], currencySymbol: '£', total: 250, itemCount: 1, isGuest: true, invoiceUrl: null });
    expect((await list({ orderNumber: numbers[1]! })).items.map((row) => row.orderNumber)).toEqual([numbers[1]]);
    expect((await list({ email: 'MIA.LISTTEST' })).items.map((row) => row.orderNumber)).toEqual([numbers[2]]);
    expect((await list({ name: 'listtest', dateFrom: '2025-06-10', dateTo: '2025-06-11' })).items.map((row) => row.orderNumber)).toEqual([numbers[1], numbers[0]]);
    expect((await list({ name: 'listtest', status: ['PENDING', 'REFUNDED'] })).items.map((row) => row.orderNumber)).toEqual([numbers[2], numbers[0]]);
    expect((await list({ name: 'listtest', status: 'SHIPPING,PENDING' })).total).toBe(2);
    expect((await list({ name: 'listtest', country: 'IE' })).items.map((row) => row.orderNumber)).toEqual([numbers[1]]);
    expect((await list({ name: 'listtest', paymentMethod: 'paypal' })).total).toBe(2);
    expect((await list({ customerId: '4242' })).items.map((row) => row.orderNumber)).toEqual([numbers[0]]);
    // A whole address finds that address (any case); part of one matches anywhere.
    const [ann, joann] = await insertTestOrders(t.db, [{ email: 'ann@shop.example' }, { email: 'joann@shop.example' }]);
    expect((await list({ email: 'Ann@Shop.Example' })).items.map((row) => row.orderNumber)).toEqual([ann]);
    expect((await list({ email: 'ann@shop' })).items.map((row) => row.orderNumber)).toEqual([joann, ann]);
    const badStatus = await t.request(admin, { method: 'GET', url: '/api/orders', query: { status: 'SHIPPED' } });
    expect(badStatus.statusCode).toBe(400);
  });

  it('exports the filtered list as an Excel sheet', async () => {
    await insertTestOrders(t.db, [{ email: 'export.one@example.co.uk', lastName: 'Exporttest' }, { email: 'export.two@example.co.uk', lastName: 'Exporttest' }]);
    const response = await t.request(admin, { method: 'GET', url: '/api/orders/export', query: { name: 'exporttest' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('shows the order as the detail screen needs it', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CONFIRMED', total: 99.99 }]);
    const order = (await detail(orderNumber!)).json();
    expect(order).toMatchObject({
      orderNumber,
      status: 'CONFIRMED',
      currencySymbol: '£',
      total: 99.99,
      refundedTotal: 0,
      remainingRefundAmount: 99.99,
      paymentMethod: 'credit_card',
      billingAddress: { city: 'London', countryName: 'United Kingdom' },
      lines: [{ name: 'Test Solitaire Ring', sku: 'TEST-RING-1', price: 99.99, qty: 1, total: 99.99, isDiamond: false }],
      history: [{ status: 'CONFIRMED', comment: 'Order placed' }],
      refunds: [],
    });
  });
});

describe('a diamond line’s supplier order reference (issue 24)', () => {
  const setReference = (orderNumber: string, lineId: number, payload: unknown, cookie = admin) =>
    t.request(cookie, { method: 'PUT', url: `/api/orders/${orderNumber}/lines/${lineId}/supplier-order-reference`, payload: payload as object });

  it('is set on the stone’s line, written in the order’s history and the audit log; the same again changes nothing; empty removes it', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CONFIRMED', diamondId: 2_000_001 }]);
    const before = (await detail(orderNumber!)).json();
    const line = before.lines[0];
    const response = await setReference(orderNumber!, line.id, { supplierOrderReference: '  NIV-7001234 ' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, order } = response.json();
    expect(message).toBe(ORDER_MESSAGES.supplierOrderReferenceSaved);
    expect(order.lines[0].supplierOrderReference).toBe('NIV-7001234');
    expect(order.status).toBe('CONFIRMED');
    expect(order.version).toBe(before.version + 1);
    expect(order.history[0]).toMatchObject({ status: 'CONFIRMED', comment: `Supplier order reference of diamond ${line.sku}: NIV-7001234`, createdByName: 'admin', notifyCustomer: false });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)))).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'update', before: { line: { id: line.id, supplierOrderReference: '' } }, after: { line: { id: line.id, sku: line.sku, supplierOrderReference: 'NIV-7001234' } } });

    const again = (await setReference(orderNumber!, line.id, { supplierOrderReference: 'NIV-7001234' })).json().order;
    expect(again.history).toHaveLength(order.history.length);
    expect(again.version).toBe(order.version);

    const removed = (await setReference(orderNumber!, line.id, { supplierOrderReference: '' })).json().order;
    expect(removed.lines[0].supplierOrderReference).toBe('');
    expect(removed.history[0].comment).toBe(`Supplier order reference of diamond ${line.sku} removed`);
  });

  it('refuses a product’s line (409), another order’s line or none (404) and a reference too long (400), writing nothing', async () => {
    const [ring, stone] = await insertTestOrders(t.db, [{ status: 'PENDING' }, { status: 'PENDING', diamondId: 2_000_002 }]);
    const ringLine = (await detail(ring!)).json().lines[0].id;
    const stoneLine = (await detail(stone!)).json().lines[0].id;
    const before = await snapshotOf(ring!);
    const refused = await setReference(ring!, ringLine, { supplierOrderReference: 'NIV-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ORDER_MESSAGES.supplierOrderReferenceNotDiamond);
    expect((await setReference(ring!, stoneLine, { supplierOrderReference: 'NIV-1' })).statusCode).toBe(404);
    expect((await setReference(ring!, 2_000_000_000, { supplierOrderReference: 'NIV-1' })).statusCode).toBe(404);
    const tooLong = await setReference(stone!, stoneLine, { supplierOrderReference: 'N'.repeat(SUPPLIER_ORDER_REFERENCE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.issues).toEqual([{ path: ['supplierOrderReference'], message: MESSAGES.maxLength(SUPPLIER_ORDER_REFERENCE_MAX) }]);
    expect(await snapshotOf(ring!)).toEqual(before);
    expect((await detail(stone!)).json().lines[0].supplierOrderReference).toBe('');
  });
});

describe('permissions: every order route needs sales (document 3 §6; not products, as the older build checked the detail)', () => {
  it('401 without a session, 403 without sales, through with only sales', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING', diamondId: 2_000_003 }]);
    const lineId = (await detail(orderNumber!)).json().lines[0].id;
    const routes = [
      { method: 'GET' as const, url: '/api/orders' },
      { method: 'GET' as const, url: '/api/orders/export' },
      { method: 'GET' as const, url: `/api/orders/${orderNumber}` },
      { method: 'POST' as const, url: `/api/orders/${orderNumber}/status`, payload: { status: 'PENDING' } },
      { method: 'PUT' as const, url: `/api/orders/${orderNumber}/lines/${lineId}/supplier-order-reference`, payload: { supplierOrderReference: 'NIV-2' } },
    ];
    const products = await t.createUserWith(['products', 'customers', 'diamonds']);
    const sales = await t.createUserWith(['sales']);
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401);
      expect((await t.request(products.cookie, route)).statusCode, route.url).toBe(403);
      expect((await t.request(sales.cookie, route)).statusCode, route.url).toBe(200);
    }
  });
});
