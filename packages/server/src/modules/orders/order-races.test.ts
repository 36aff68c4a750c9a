import { ORDER_MESSAGES } from '@facet/contract/modules/orders/order.schema';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { customers } from '../customers/customer.table.ts';
import { diamonds } from '../diamonds/diamond.table.ts';
import { insertTestOrders } from './order-factory.ts';
import { orderLines, orders } from './order.table.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Money and stones under concurrent requests (issue 24 §4, §5). PGlite runs one statement at a time
 * and would hide the races, so this runs on PostgreSQL only (CI sets TEST_DATABASE_URL to one).
 */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('orders under concurrent requests on PostgreSQL', () => {
  let t: TestApp;
  let admin: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true, storefrontRateLimit: 1_000_000 });
    admin = await t.login();
    key = (await t.request(admin, { method: 'POST', url: '/api/api-keys', payload: { name: 'shop', scopes: ['orders:write'] } })).json().key;
  }, 180_000);
  afterAll(() => t?.close());

  it('20 partial refunds at once never give back more than the total', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 1000.5 }]);
    const refund = () => t.request(admin, { method: 'POST', url: `/api/orders/${orderNumber}/status`, payload: { status: 'REFUNDED', refundType: 'partial', refundAmount: 75 } });
    const answers = await Promise.all(Array.from({ length: 20 }, refund));
    const granted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    // 13 × £75 = £975 fits in £1,000.50; a 14th would not.
    expect(granted).toHaveLength(13);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.issues).toEqual([{ path: ['refundAmount'], message: ORDER_MESSAGES.refundOverRemaining }]);
    }
    const [row] = await t.db.select({ id: orders.id, refundedTotal: orders.refundedTotal, total: orders.total }).from(orders).where(eq(orders.orderNumber, orderNumber!));
    const [refunds] = rowsOf<{ sum: string; n: number }>(await t.db.execute(sql`select sum(amount)::text as sum, count(*)::int as n from order_refunds where order_id = ${row!.id}`));
    expect(row).toMatchObject({ refundedTotal: 975, total: 1000.5 });
    expect(refunds).toEqual({ sum: '975.00', n: 13 });
  });

  it('the same Idempotency-Key sent twice at once refunds once', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 500 }]);
    const click = () =>
      t.request(admin, { method: 'POST', url: `/api/orders/${orderNumber}/status`, payload: { status: 'REFUNDED', refundType: 'partial', refundAmount: 100 }, headers: { 'idempotency-key': 'double-click' } });
    const answers = await Promise.all([click(), click(), click()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const [row] = await t.db.select({ refundedTotal: orders.refundedTotal }).from(orders).where(eq(orders.orderNumber, orderNumber!));
    expect(row!.refundedTotal).toBe(100);
  });

  it('two orders racing for one stone: one is placed, the other refused, the stone sold once', async () => {
    const [buyer] = await t.db.select({ id: customers.id, email: customers.email }).from(customers).where(and(eq(customers.status, true), eq(customers.isGuest, false))).limit(1);
    const address = { firstName: 'Ava', lastName: 'Smith', street: '1 Baker Street', countryId: 'GB', stateId: 'ENG', city: 'London', postcode: 'NW1 6XE', contactNumber: '07700 900123' };
    const [rate] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from shipping_rates where deleted_at is null and status order by id limit 1`));
    const stones = await t.db.select({ id: diamonds.id }).from(diamonds).where(and(eq(diamonds.isSold, false), eq(diamonds.isUnavailable, false), isNotNull(diamonds.price))).limit(5);
    for (const stone of stones) {
      const place = (who: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/storefront/v1/orders',
          headers: { authorization: `Bearer ${key}` },
          payload: { customerId: buyer!.id, email: buyer!.email, firstName: who, lastName: 'Racer', phone: '07700 900123', billingAddress: address, shippingAddress: address, lines: [{ diamondId: stone.id }], paymentMethod: 'credit_card', shippingRateId: rate!.id },
        });
      const answers = await Promise.all([place('First'), place('Second')]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body.slice(0, 200)).join(' / ')).toEqual([201, 409]);
      const winner = answers.find((answer) => answer.statusCode === 201)!.json();
      const loser = answers.find((answer) => answer.statusCode === 409)!.json();
      expect(loser.error.message).toBe(ORDER_MESSAGES.diamondSold);
      const [sold] = await t.db.select({ isSold: diamonds.isSold, soldOrderNumber: diamonds.soldOrderNumber }).from(diamonds).where(eq(diamonds.id, stone.id));
      expect(sold).toEqual({ isSold: true, soldOrderNumber: winner.orderNumber });
      // The refused order wrote nothing (a demo order cancelled earlier may have held the stone before).
      const racers = await t.db.select({ id: orderLines.id }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(and(eq(orderLines.diamondId, stone.id), eq(orders.lastName, 'Racer')));
      expect(racers).toHaveLength(1);
    }
  });
});
