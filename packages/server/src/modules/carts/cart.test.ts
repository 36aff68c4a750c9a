import { MESSAGES } from '@facet/contract/messages';
import { ABANDONED_CART_SETTING_KEY, cartReminderPath } from '@facet/contract/modules/carts/cart.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { emit } from '../../events/emit.ts';
import { eventsDelivered } from '../../test/events.ts';
import type { SalesTestApp } from '../../test/storefront-sales.ts';
import { salesTestApp, storefrontCaller } from '../../test/storefront-sales.ts';
import { customers } from '../customers/customer.table.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { settings } from '../settings/setting.table.ts';
import { markCartConverted } from './cart.subscribers.ts';
import { cartAddresses, cartLines, carts } from './cart.table.ts';

/**
 * Carts and abandoned carts (document 3 §2.6, §3; issue 24 item 10): the storefront sends carts; one
 * left unchanged for the setting's minutes without becoming an order is abandoned and listed for
 * staff with `sales`, who may send one reminder; a cart that became an order later shows as recovered.
 */

let { t, admin, shop, goods } = {} as SalesTestApp;

beforeAll(async () => {
  ({ t, admin, shop, goods } = await salesTestApp(['carts:write']));
}, 180_000);
afterAll(() => t?.close());

const address = { firstName: 'Grace', lastName: 'Hopper', street: '1 Harbour Road', city: 'Bristol', state: 'England', country: 'United Kingdom', postcode: 'BS1 5TY' };
const createCart = (body: Record<string, unknown>) => shop({ method: 'POST', url: '/api/storefront/v1/carts', payload: body });
const updateCart = (id: number, body: Record<string, unknown>) => shop({ method: 'PUT', url: `/api/storefront/v1/carts/${id}`, payload: body });
const staffGet = (url: string, query?: Record<string, string>, cookie = admin) => t.request(cookie, { method: 'GET', url, query });
const remind = (id: number, cookie = admin) => t.request(cookie, { method: 'POST', url: cartReminderPath(id) });
const counts = async () => ({ carts: await t.db.$count(carts), lines: await t.db.$count(cartLines), addresses: await t.db.$count(cartAddresses) });
/** The shopper last changed the cart `minutes` ago (the storefront cannot say so; the clock would). */
const leftFor = (id: number, minutes: number) => t.db.update(carts).set({ activityAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(carts.id, id));
const listedIds = async (query: Record<string, string> = {}) =>
  ((await staffGet('/api/abandoned-carts', { pageSize: '100', ...query })).json().items as { id: number }[]).map((row) => row.id);
let emailCounter = 0;
const guestCart = async (extra: Record<string, unknown> = {}) => {
  const response = await createCart({ email: `guest${++emailCounter}.${Date.now()}@example.com`, lines: [{ productId: goods.unsized.id }], ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; email: string; activityAt: string };
};

describe('the demo carts', () => {
  it('are eighty abandoned ones over the last months: some recovered, some reminded, some without addresses', async () => {
    const list = (await staffGet('/api/abandoned-carts')).json();
    expect(list).toMatchObject({ total: 80, pageSize: 10 });
    const [row] = await t.db
      .select({
        recovered: sql<number>`(count(*) filter (where converted_at is not null))::int`,
        reminded: sql<number>`(count(*) filter (where is_reminded))::int`,
        guests: sql<number>`(count(*) filter (where customer_id is null))::int`,
        notPending: sql<number>`(count(*) filter (where payment_status <> 'PENDING'))::int`,
        withoutAddress: sql<number>`(count(*) filter (where not exists (select 1 from cart_addresses a where a.cart_id = carts.id)))::int`,
        billingOnly: sql<number>`(count(*) filter (where exists (select 1 from cart_addresses a where a.cart_id = carts.id and a.type = 'billing') and not exists (select 1 from cart_addresses a where a.cart_id = carts.id and a.type = 'shipping')))::int`,
        oldestDays: sql<number>`extract(day from now() - min(created_at))::int`,
      })
      .from(carts);
    for (const [what, n] of Object.entries(row!)) expect(n, what).toBeGreaterThan(0);
    expect(row!.oldestDays).toBeGreaterThan(60);
    expect((await staffGet('/api/abandoned-carts', { isRecovered: 'yes' })).json().total).toBe(row!.recovered);
  });

  it('a recovered one names the demo order it became: the same shopper’s, placed when the cart was converted, after it was abandoned', async () => {
    const recovered = await t.db.execute(sql`
      select c.id, c.order_number, o.order_number as found, c.email = o.email as same_email, c.customer_id is not distinct from o.customer_id as same_customer,
        c.converted_at = o.created_at as converted_when_placed, c.activity_at < o.created_at as abandoned_before
      from carts c left join orders o on o.order_number = c.order_number where c.converted_at is not null`);
    const rows = (recovered as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const cart of rows) expect(cart, `cart ${String(cart.id)}`).toMatchObject({ found: cart.order_number, same_email: true, same_customer: true, converted_when_placed: true, abandoned_before: true });
  });

  it('a reminded one has its reminder mail in the mail outbox, sent when the cart was reminded', async () => {
    const reminded = await t.db.execute(sql`
      select c.id, count(m.id)::int as mails, bool_and(m.status = 'sent' and m.sent_at = c.reminded_at and m.to_address = c.email) as sent_then
      from carts c left join mail_outbox m on m.concerns = 'cart:' || c.id where c.is_reminded group by c.id`);
    const rows = (reminded as unknown as { rows: { id: number; mails: number; sent_then: boolean }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const cart of rows) expect(cart, `cart ${cart.id}`).toMatchObject({ mails: 1, sent_then: true });
    const detail = (await staffGet(`/api/abandoned-carts/${rows[0]!.id}`)).json();
    expect(detail).toMatchObject({ isReminded: true, reminderMail: { sendStatus: 'sent' } });
  });
});

describe('a storefront sends a cart', () => {
  it('a guest’s: priced from the catalogue, with its addresses; not abandoned while fresh', async () => {
    const response = await createCart({
      email: 'Grace.Hopper@Example.com',
      contactNumber: '+44 117 4960000',
      paymentStatus: 'FAILED',
      billingAddress: address,
      lines: [{ productId: goods.sized.id, qty: 2 }, { diamondId: goods.stones[0]!.id }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const cart = response.json();
    const total = Number(goods.sized.price) * 2 + Number(goods.stones[0]!.price);
    expect(cart).toMatchObject({
      customerId: null,
      customerName: '',
      email: 'grace.hopper@example.com',
      contactNumber: '+44 117 4960000',
      paymentStatus: 'FAILED',
      symbol: '£',
      total,
      itemCount: 3,
      isReminded: false,
      isAbandoned: false,
      isRecovered: false,
      billingAddress: address,
      shippingAddress: null,
    });
    expect(cart.lines.map((line: { sku: string; price: number; qty: number }) => [line.sku, line.price, line.qty])).toEqual([
      [goods.sized.sku, Number(goods.sized.price), 2],
      [goods.stones[0]!.stockId, Number(goods.stones[0]!.price), 1],
    ]);
    // An hour by default: the setting's minutes after the last change.
    expect(new Date(cart.abandonedAt).getTime() - new Date(cart.activityAt).getTime()).toBe(60 * 60_000);
    expect(await listedIds()).not.toContain(cart.id);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'cart'), eq(auditLog.entityId, String(cart.id))));
    expect(audit).toMatchObject({ action: 'create', actorId: null });
  });

  it('a customer’s: their name, email and phone unless sent; the customer must be a live one', async () => {
    const [customer] = await t.db.select().from(customers).where(sql`deleted_at is null`).limit(1);
    const response = await createCart({ customerId: customer!.id, lines: [] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      customerId: customer!.id,
      customerName: `${customer!.firstName} ${customer!.lastName}`,
      email: customer!.email,
      contactNumber: customer!.contactNumber,
      total: 0,
      itemCount: 0,
      lines: [],
    });
    const before = await counts();
    const unknown = await createCart({ customerId: 2_147_483_647, lines: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([{ path: ['customerId'], message: MESSAGES.chooseFromList('customer') }]);
    expect(await counts()).toEqual(before);
  });

  it('refuses each broken rule with its message and writes nothing', async () => {
    const line = { productId: goods.unsized.id };
    const cases: [string, Record<string, unknown>, (string | number)[], string, number?][] = [
      ['nobody', { lines: [line] }, ['email'], MESSAGES.required],
      ['a bad email', { email: 'grace@', lines: [line] }, ['email'], MESSAGES.invalidEmail],
      ['a short phone', { email: 'g@example.com', contactNumber: '0123', lines: [line] }, ['contactNumber'], MESSAGES.minLength(10)],
      ['a bad phone', { email: 'g@example.com', contactNumber: '0123 abc 4567', lines: [line] }, ['contactNumber'], MESSAGES.invalidContactNumber],
      ['an unknown payment status', { email: 'g@example.com', paymentStatus: 'PAID', lines: [line] }, ['paymentStatus'], MESSAGES.filterChoice('Payment status', 'PENDING, FAILED, DECLINED, CANCELLED')],
      ['an address without a city', { email: 'g@example.com', shippingAddress: { ...address, city: '' }, lines: [line] }, ['shippingAddress', 'city'], MESSAGES.required],
      ['two of a stone', { email: 'g@example.com', lines: [{ diamondId: goods.stones[0]!.id, qty: 2 }] }, ['lines', 0, 'qty'], MESSAGES.diamondQtyOne],
      ['a product not for sale', { email: 'g@example.com', lines: [{ productId: 2_147_483_647 }] }, ['lines', 0, 'productId'], MESSAGES.productNotForSale],
      ['a size not offered', { email: 'g@example.com', lines: [{ productId: goods.sized.id, size: 'XXL' }] }, ['lines', 0, 'size'], MESSAGES.sizeNotOffered],
      ['a stone no longer for sale', { email: 'g@example.com', lines: [{ diamondId: 2_147_483_647 }] }, ['lines', 0, 'diamondId'], MESSAGES.diamondNotForSale, 409],
    ];
    const before = await counts();
    for (const [what, body, path, message, status = 400] of cases) {
      const response = await createCart(body);
      expect(response.statusCode, what).toBe(status);
      expect(response.json().error.issues, what).toContainEqual({ path, message });
    }
    expect(await counts()).toEqual(before);
  });

  it('a change replaces the cart whole and makes it fresh again; an abandoned cart the shopper comes back to leaves the list', async () => {
    const cart = await guestCart({ billingAddress: address, shippingAddress: address, lines: [{ productId: goods.sized.id }, { productId: goods.unsized.id }] });
    await leftFor(cart.id, 90);
    expect(await listedIds()).toContain(cart.id);
    const changed = await updateCart(cart.id, { email: cart.email, paymentStatus: 'DECLINED', billingAddress: address, lines: [{ diamondId: goods.stones[1]!.id }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ paymentStatus: 'DECLINED', shippingAddress: null, billingAddress: address, itemCount: 1, total: Number(goods.stones[1]!.price), isAbandoned: false, version: 2 });
    expect(changed.json().lines).toHaveLength(1);
    expect(await t.db.$count(cartLines, eq(cartLines.cartId, cart.id))).toBe(1);
    expect(await t.db.$count(cartAddresses, eq(cartAddresses.cartId, cart.id))).toBe(1);
    expect(await listedIds()).not.toContain(cart.id);

    // A refused change leaves the cart as it was.
    const refused = await updateCart(cart.id, { email: cart.email, lines: [{ productId: 2_147_483_647 }] });
    expect(refused.statusCode).toBe(400);
    expect((await staffGet(`/api/abandoned-carts/${cart.id}`)).json()).toEqual(changed.json());
    expect((await updateCart(2_147_483_647, { email: cart.email, lines: [] })).statusCode).toBe(404);
  });
});

describe('abandoned carts', () => {
  it('are those left for the setting’s minutes (60 unless set), and a change of the setting applies to every cart at once', async () => {
    const cart = await guestCart();
    await leftFor(cart.id, 59);
    expect(await listedIds()).not.toContain(cart.id);
    await leftFor(cart.id, 61);
    expect(await listedIds()).toContain(cart.id);

    const [setting] = await t.db.select().from(settings).where(eq(settings.key, ABANDONED_CART_SETTING_KEY));
    const save = async (value: string, version: number) => {
      const response = await t.request(admin, { method: 'PUT', url: `/api/settings/${setting!.id}`, payload: { title: setting!.title, key: setting!.key, value, version } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().version as number;
    };
    let version = await save('120', setting!.version);
    expect(await listedIds()).not.toContain(cart.id);
    expect((await staffGet(`/api/abandoned-carts/${cart.id}`)).json()).toMatchObject({ isAbandoned: false });
    await leftFor(cart.id, 121);
    expect(await listedIds()).toContain(cart.id);
    // A value that is not a whole number of minutes (or is past a week) counts as the default hour.
    for (const mistyped of ['two hours', '0', '99999999']) {
      version = await save(mistyped, version);
      await leftFor(cart.id, 61);
      expect(await listedIds(), mistyped).toContain(cart.id);
    }
    await save('60', version);
  });

  it('the list: ten a page, newest first, with the spec’s columns, filtered by customer, email sent, payment status, recovered and date', async () => {
    const run = `list${Date.now().toString(36)}`;
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      const cart = await guestCart({ email: `${run}.${i}@example.com`, paymentStatus: i % 3 === 0 ? 'DECLINED' : 'PENDING' });
      await leftFor(cart.id, 24 * 60);
      made.push(cart.id);
    }
    const page1 = (await staffGet('/api/abandoned-carts', { customer: run })).json();
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.items.map((row: { id: number }) => row.id)).toEqual(made.slice(2).reverse());
    expect(Object.keys(page1.items[0]).sort()).toEqual(
      ['createdAt', 'customerId', 'customerName', 'email', 'id', 'isRecovered', 'isReminded', 'orderNumber', 'paymentStatus', 'symbol', 'total', 'updatedAt', 'version'].sort(),
    );
    expect((await staffGet('/api/abandoned-carts', { customer: run, page: '2' })).json().items.map((row: { id: number }) => row.id)).toEqual([made[1], made[0]]);
    expect(await listedIds({ customer: run, paymentStatus: 'DECLINED' })).toEqual([made[9], made[6], made[3], made[0]]);
    expect(await listedIds({ customer: run, paymentStatus: 'PENDING,FAILED' })).toHaveLength(8);
    expect(await listedIds({ customer: run, isReminded: 'sent' })).toEqual([]);
    expect(await listedIds({ customer: run, isReminded: 'not-sent' })).toHaveLength(12);
    expect(await listedIds({ customer: run, isRecovered: 'no' })).toHaveLength(12);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(await listedIds({ customer: run, createdAtFrom: today })).toHaveLength(12);
    expect(await listedIds({ customer: run, createdAtTo: '2020-01-01' })).toEqual([]);
    // A customer's cart is found by the customer's name too.
    const [customer] = (await staffGet('/api/abandoned-carts', { isRecovered: 'no', pageSize: '100' })).json().items.filter((row: { customerName: string }) => row.customerName);
    expect(await listedIds({ customer: customer.customerName.toUpperCase() })).toContain(customer.id);
    const bad = await staffGet('/api/abandoned-carts', { paymentStatus: 'PAID' });
    expect(bad.statusCode).toBe(400);
  });

  it('a reminder: once, only for an abandoned cart not yet an order; Is Email Sent? becomes Sent and the mail is asked for with the change', async () => {
    const cart = await guestCart();
    const mails = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.concerns, `cart:${cart.id}`));
    const early = await remind(cart.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MESSAGES.cartNotAbandoned);
    await leftFor(cart.id, 600);
    const sent = await remind(cart.id);
    expect(sent.statusCode, sent.body).toBe(200);
    // No SMTP server in the tests: the mail waits in the outbox, queued, and the cart says so.
    expect(sent.json()).toMatchObject({ isReminded: true, isAbandoned: true, version: 2, reminderMail: { sendStatus: 'queued', sentAt: null, lastError: null } });
    expect(sent.json().remindedAt).not.toBeNull();
    expect(await listedIds({ isReminded: 'sent' })).toContain(cart.id);
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    // A guest is greeted as a customer; the mail lists what they left, at the cart's prices, and its total.
    expect(mail).toMatchObject({ to: cart.email, sendStatus: 'queued', subject: 'You left something in your basket at Facet Jewellers' });
    expect(mail!.text).toContain('Dear customer,');
    expect(mail!.text).toContain(`${goods.unsized.name}: 1 × £${Number(goods.unsized.price).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect(mail!.text).toContain(`Total: £${Number(goods.unsized.price).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'cart'), eq(auditLog.entityId, String(cart.id)), eq(auditLog.action, 'reminder')));
    expect(audit).toMatchObject({ actorName: 'admin', after: expect.objectContaining({ isReminded: true }) });

    const again = await remind(cart.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.cartReminderSent);
    expect(await mails()).toHaveLength(1);
    expect((await remind(2_147_483_647)).statusCode).toBe(404);

    const recovered = await guestCart();
    await leftFor(recovered.id, 600);
    await t.db.update(carts).set({ convertedAt: new Date(), orderNumber: `R${recovered.id}` }).where(eq(carts.id, recovered.id));
    const toRecovered = await remind(recovered.id);
    expect(toRecovered.statusCode).toBe(409);
    expect(toRecovered.json().error.message).toBe(MESSAGES.cartConverted);
  });
});

describe('a cart that becomes an order', () => {
  /** As the orders module does: the event written in the order's transaction, delivered after it commits. */
  const placeOrder = async (order: { orderNumber: string; email: string; customerId?: number; cartId?: number }) => {
    await t.db.transaction((tx) => emit(tx, 'orders.placed', order));
    await eventsDelivered(t.db);
  };

  it('named by the order: recovered when it had been abandoned, and it can no longer change', async () => {
    const cart = await guestCart();
    await leftFor(cart.id, 180);
    await placeOrder({ orderNumber: '900009001', email: cart.email, cartId: cart.id });
    const detail = (await staffGet(`/api/abandoned-carts/${cart.id}`)).json();
    expect(detail).toMatchObject({ isRecovered: true, isAbandoned: true, orderNumber: '900009001' });
    expect(await listedIds({ isRecovered: 'yes' })).toContain(cart.id);
    const change = await updateCart(cart.id, { email: cart.email, lines: [] });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(MESSAGES.cartConverted);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'cart'), eq(auditLog.entityId, String(cart.id)), eq(auditLog.action, 'converted')));
    expect(audit!.after).toMatchObject({ orderNumber: '900009001' });
  });

  it('an order within the setting’s minutes: the cart was never abandoned and is not listed', async () => {
    const cart = await guestCart();
    await leftFor(cart.id, 10);
    await placeOrder({ orderNumber: '900009002', email: cart.email, cartId: cart.id });
    await leftFor(cart.id, 600);
    // Its order came ten minutes after its last change: not abandoned, whatever time has passed since.
    await t.db.update(carts).set({ convertedAt: sql`activity_at + interval '10 minutes'` }).where(eq(carts.id, cart.id));
    expect((await staffGet(`/api/abandoned-carts/${cart.id}`)).json()).toMatchObject({ isAbandoned: false, isRecovered: false, orderNumber: '900009002' });
    expect(await listedIds()).not.toContain(cart.id);
  });

  it('without the cart’s id: the shopper’s latest open cart (by customer, else email); delivered twice, it changes nothing more', async () => {
    const email = `twice.${Date.now()}@example.com`;
    const older = await guestCart({ email });
    const newer = await guestCart({ email });
    await leftFor(older.id, 300);
    await leftFor(newer.id, 200);
    const order = { orderNumber: '900009003', email: email.toUpperCase() };
    await placeOrder(order);
    const rows = await t.db.select({ id: carts.id, orderNumber: carts.orderNumber, version: carts.version }).from(carts).where(inArray(carts.id, [older.id, newer.id]));
    expect(rows.find((row) => row.id === newer.id)).toMatchObject({ orderNumber: '900009003' });
    expect(rows.find((row) => row.id === older.id)).toMatchObject({ orderNumber: null });
    // At least once: a second delivery of the same order finds it on a cart already and leaves the older one.
    await markCartConverted(order, { db: t.db, emittedAt: new Date(), eventId: 0 });
    expect(await t.db.select({ id: carts.id, orderNumber: carts.orderNumber, version: carts.version }).from(carts).where(inArray(carts.id, [older.id, newer.id]))).toEqual(rows);

    // A customer with no cart yet: their cart is the latest open one.
    const [customer] = await t.db.select().from(customers).where(sql`deleted_at is null and id not in (select customer_id from carts where customer_id is not null)`).limit(1);
    const customerCart = (await createCart({ customerId: customer!.id, lines: [] })).json();
    await leftFor(customerCart.id, 300);
    await placeOrder({ orderNumber: '900009004', email: 'someone.else@example.com', customerId: customer!.id });
    expect((await staffGet(`/api/abandoned-carts/${customerCart.id}`)).json()).toMatchObject({ orderNumber: '900009004', isRecovered: true });
  });
});

describe('who may see abandoned carts', () => {
  it('staff with sales (not products, as the older build had it); 401 without a session, 403 without sales', async () => {
    const cart = await guestCart();
    await leftFor(cart.id, 600);
    const sales = await t.createUserWith(['sales']);
    const others = await t.createUserWith(['products', 'customers', 'system']);
    for (const url of ['/api/abandoned-carts', `/api/abandoned-carts/${cart.id}`]) {
      expect((await staffGet(url, undefined, sales.cookie)).statusCode, url).toBe(200);
      expect((await staffGet(url, undefined, others.cookie)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await remind(cart.id, others.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: cartReminderPath(cart.id) })).statusCode).toBe(401);
    expect((await t.db.select({ isReminded: carts.isReminded }).from(carts).where(eq(carts.id, cart.id)))[0]!.isReminded).toBe(false);
    expect((await remind(cart.id, sales.cookie)).statusCode).toBe(200);
    expect((await staffGet('/api/abandoned-carts/2147483647')).statusCode).toBe(404);
  });

  it('a storefront key needs carts:write', async () => {
    const before = await counts();
    const inquiriesOnly = await storefrontCaller(t, admin, ['inquiries:write']);
    const refused = await inquiriesOnly({ method: 'POST', url: '/api/storefront/v1/carts', payload: { email: 'x@example.com', lines: [] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.apiKeyScope('carts:write'));
    expect((await t.app.inject({ method: 'PUT', url: '/api/storefront/v1/carts/1', payload: { email: 'x@example.com', lines: [] } })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

