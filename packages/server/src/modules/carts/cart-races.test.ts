import { MESSAGES } from '@facet/contract/messages';
import { cartReminderPath } from '@facet/contract/modules/carts/cart.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../mail/mail.table.ts';
import type { SalesTestApp } from '../../test/storefront-sales.ts';
import { salesTestApp } from '../../test/storefront-sales.ts';
import { inquiries } from '../inquiries/inquiry.table.ts';
import { cartLines, carts } from './cart.table.ts';

/**
 * Carts under concurrent writes. PGlite runs one statement at a time and would hide the races, so this
 * runs on PostgreSQL only (CI sets TEST_DATABASE_URL to one).
 */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('carts under concurrent writes on PostgreSQL', () => {
  let { t, shop, goods } = {} as SalesTestApp;
  beforeAll(async () => {
    ({ t, shop, goods } = await salesTestApp(['carts:write', 'inquiries:write']));
  }, 180_000);
  afterAll(() => t?.close());

  const abandonedCart = async () => {
    const created = await shop({ method: 'POST', url: '/api/storefront/v1/carts', payload: { email: `race.${Date.now()}@example.com`, lines: [{ productId: goods.unsized.id }] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await t.db.update(carts).set({ activityAt: sql`now() - interval '1 day'` }).where(eq(carts.id, id));
    return id;
  };

  it('ten staff sending the reminder at once: one mail is queued, the others are told it was sent', async () => {
    const clerks = await Promise.all(Array.from({ length: 10 }, () => t.createUserWith(['sales'])));
    for (let round = 0; round < 3; round++) {
      const id = await abandonedCart();
      const answers = await Promise.all(clerks.map((clerk) => t.request(clerk.cookie, { method: 'POST', url: cartReminderPath(id) })));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toBe(MESSAGES.cartReminderSent);
      }
      expect(await t.db.$count(mailOutbox, eq(mailOutbox.concerns, `cart:${id}`))).toBe(1);
      const [row] = await t.db.select({ version: carts.version }).from(carts).where(eq(carts.id, id));
      expect(row!.version).toBe(2);
    }
  });

  it('changes of one cart sent at once: each applies whole, in turn; the cart holds the lines of one of them, never a mix', async () => {
    const id = await abandonedCart();
    const email = (await t.db.select({ email: carts.email }).from(carts).where(eq(carts.id, id)))[0]!.email;
    const bodies = Array.from({ length: 8 }, (_, i) => ({
      email,
      lines: i % 2 === 0 ? [{ productId: goods.unsized.id, qty: 1 + i }] : [{ productId: goods.sized.id, qty: 1 + i }, { diamondId: goods.stones[i % 3]!.id }],
    }));
    const answers = await Promise.all(bodies.map((payload) => shop({ method: 'PUT', url: `/api/storefront/v1/carts/${id}`, payload })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 200));
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, id));
    expect(cart!.version).toBe(1 + bodies.length);
    const lines = await t.db.select({ productId: cartLines.productId, diamondId: cartLines.diamondId, qty: cartLines.qty }).from(cartLines).where(eq(cartLines.cartId, id)).orderBy(cartLines.position);
    const last = answers.find((answer) => answer.json().version === cart!.version)!.json();
    expect(lines).toEqual(last.lines.map((line: { productId: number | null; diamondId: number | null; qty: number }) => ({ productId: line.productId, diamondId: line.diamondId, qty: line.qty })));
    expect(cart!.total).toBe(last.total);
  });

  it('one inquiry sent five times at once with one Idempotency-Key: written once', async () => {
    const before = await t.db.$count(inquiries);
    const idempotencyKey = `race-${Date.now()}`;
    const payload = { firstName: 'Ada', lastName: 'Lovelace', email: 'race@example.com', contactNumber: '07700900123', lines: [{ productId: goods.unsized.id }] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => shop({ method: 'POST', url: '/api/storefront/v1/inquiries', payload, headers: { 'idempotency-key': idempotencyKey } })),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(new Set(created.map((answer) => answer.json().id)).size).toBe(1);
    expect(await t.db.$count(inquiries)).toBe(before + 1);
  });
});
