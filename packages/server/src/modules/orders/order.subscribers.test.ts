import type { MailListRow, MailRecord } from '@facet/contract/modules/mail/mail.schema';
import { shopDay } from '@facet/contract/format';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '../../events/event.table.ts';
import type { FakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { startFakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { mediaStorageFor } from '../register-modules.ts';
import { eventsDelivered } from '../../test/events.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { insertTestOrders } from './order-factory.ts';
import { creditNoteForRefund, invoiceConfirmedOrder, mailStatusChange } from './order.subscribers.ts';

let smtp: FakeSmtp;
let t: TestApp;
let admin: string;
let rateId: number;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, mailPollMs: 20, mailRetryMs: 50 });
  admin = await t.login();
  const rate = await t.request(admin, { method: 'POST', url: '/api/shipping-rates', payload: { name: 'Royal Mail Special Delivery', rate: 7.95, minFreeShippingAmount: 500, status: true } });
  rateId = rate.json().id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Changes the status through the API and waits for its subscribers (the mail, the invoice) to have run. */
async function change(orderNumber: string, payload: Record<string, unknown>) {
  const response = await t.request(admin, { method: 'POST', url: `/api/orders/${orderNumber}/status`, payload });
  expect(response.statusCode, response.body).toBe(200);
  await eventsDelivered(t.db);
  return response.json().order as { history: { id: number }[]; invoiceUrl: string | null };
}

/** The order's mails as Sales > Customer E-mails lists them, oldest first, each with its text. */
async function mailsOf(orderNumber: string): Promise<MailRecord[]> {
  const list = (await t.request(admin, { method: 'GET', url: `/api/mail-outbox?concerns=order:${orderNumber}` })).json() as { items: MailListRow[] };
  const mails = await Promise.all(list.items.map(async (item) => (await t.request(admin, { method: 'GET', url: `/api/mail-outbox/${item.id}` })).json() as MailRecord));
  return mails.sort((a, b) => a.id - b.id);
}

/** The last orders.status-changed event, as its subscribers receive it. */
async function lastStatusEvent() {
  const events = await t.db.select().from(eventOutbox).where(eq(eventOutbox.name, 'orders.status-changed'));
  const event = events.sort((a, b) => b.id - a.id)[0]!;
  return { payload: event.payload as Parameters<typeof mailStatusChange>[0], eventId: event.id };
}

describe('"notify customer" on a status change sends the customer a mail (document 3 §4, §5; issue 24 item 6)', () => {
  it('a change with it queues one mail with the status words and the comment; one without queues none', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING', email: 'ada.notify@example.com', firstName: 'Ada', lastName: 'Lovelace' }]);
    await change(orderNumber!, { status: 'CONFIRMED', comment: 'Quiet change', notifyCustomer: false });
    expect(await mailsOf(orderNumber!)).toEqual([]);

    await change(orderNumber!, { status: 'INPROCESS', comment: 'Your ring is being set', notifyCustomer: true });
    const [mail, ...more] = await mailsOf(orderNumber!);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: 'ada.notify@example.com', subject: `Your order ${orderNumber}: INPROCESS` });
    expect(mail!.text).toContain('Dear Ada Lovelace,');
    expect(mail!.text).toContain('Your ring is being set');

    // ON_HOLD reads as the spec's words, ON HOLD.
    await change(orderNumber!, { status: 'ON_HOLD', comment: '', notifyCustomer: true });
    expect((await mailsOf(orderNumber!)).map((each) => each.subject)).toEqual([`Your order ${orderNumber}: INPROCESS`, `Your order ${orderNumber}: ON HOLD`]);
  });

  it('SHIPPING: shipped, with the shipping type, tracking number and delivery date; delivered through SMTP', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'COMPLETED', email: 'ship.me@example.com' }]);
    const deliveryDate = shopDay();
    await change(orderNumber!, { status: 'SHIPPING', shippingRateId: rateId, trackingNumber: 'RM123456785GB', deliveryDate, comment: '', notifyCustomer: true });
    const [mail] = await mailsOf(orderNumber!);
    expect(mail).toMatchObject({ to: 'ship.me@example.com', subject: `Your order ${orderNumber} has been shipped` });
    expect(mail!.text).toContain('RM123456785GB');
    expect(mail!.text).toContain('Royal Mail Special Delivery');
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${deliveryDate}T12:00:00Z`));
    expect(mail!.text).toContain(day);

    await expect.poll(() => smtp.messages.filter((message) => message.parsed.subject === `Your order ${orderNumber} has been shipped`).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [message] = smtp.messages.filter((each) => each.parsed.subject === `Your order ${orderNumber} has been shipped`);
    expect(message!.envelopeTo).toEqual(['ship.me@example.com']);
    expect(message!.parsed.text).toContain('RM123456785GB');
  });

  it('REFUNDED: refunded, with the amount that change gave back and whether the order was then refunded in full', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 250 }]);
    await change(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 100, comment: '', notifyCustomer: true });
    await change(orderNumber!, { status: 'REFUNDED', refundType: 'full', comment: 'The rest', notifyCustomer: true });
    const [partial, full, ...more] = await mailsOf(orderNumber!);
    expect(more).toEqual([]);
    expect(partial!.subject).toBe(`Refund for your order ${orderNumber}`);
    expect(partial!.text).toContain(`We have refunded £100.00 for your order ${orderNumber}. It may`);
    expect(full!.text).toContain(`We have refunded £150.00 for your order ${orderNumber}, the whole amount you paid.`);
    expect(full!.text).toContain('The rest');
  });

  it('a redelivered event queues no second mail, and a change without notify queues none however often it comes', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING' }]);
    await change(orderNumber!, { status: 'CANCELLED', comment: '', notifyCustomer: true });
    const { payload } = await lastStatusEvent();
    const before = await mailsOf(orderNumber!);
    expect(before).toHaveLength(1);
    await mailStatusChange(payload, { db: t.db });
    // Twice at once too: the once-key holds the second back until the first commits.
    await Promise.all([mailStatusChange(payload, { db: t.db }), mailStatusChange(payload, { db: t.db })]);
    expect((await mailsOf(orderNumber!)).map((mail) => mail.id)).toEqual(before.map((mail) => mail.id));

    await mailStatusChange({ ...payload, notifyCustomer: false, historyId: payload.historyId }, { db: t.db });
    expect(await mailsOf(orderNumber!)).toHaveLength(1);
  });

  it('with the SMTP server down, the status change still succeeds and its mail waits in the outbox, sent once it is back', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING', email: 'while.down@example.com' }]);
    await smtp.down();
    try {
      await change(orderNumber!, { status: 'CANCELLED', comment: '', notifyCustomer: true });
      const [mail] = await mailsOf(orderNumber!);
      await expect.poll(async () => ((await t.request(admin, { method: 'GET', url: `/api/mail-outbox/${mail!.id}` })).json() as MailRecord).attempts, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(1);
      expect((await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json()).toMatchObject({ status: 'CANCELLED' });
      const waiting = (await t.request(admin, { method: 'GET', url: `/api/mail-outbox/${mail!.id}` })).json() as MailRecord;
      expect(waiting).toMatchObject({ sendStatus: 'queued' });
    } finally {
      await smtp.up();
    }
    await expect.poll(() => smtp.messages.filter((message) => message.envelopeTo.includes('while.down@example.com')).length, { timeout: 15_000, interval: 20 }).toBe(1);
  });
});

describe('a confirmed order gets its invoice (issue 24 item 7)', () => {
  it('once: the order answers its link, the PDF downloads for sales staff, and a redelivery or a later change makes no other', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING', total: 1250.5 }]);
    const before = (await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json();
    expect(before.invoiceUrl).toBeNull();

    await change(orderNumber!, { status: 'CONFIRMED', comment: '', notifyCustomer: false });
    const order = (await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json();
    expect(order.invoiceUrl).toMatch(/^\/api\/invoices\/\d+\/pdf$/);
    const listed = (await t.request(admin, { method: 'GET', url: `/api/orders?orderNumber=${orderNumber}` })).json();
    expect(listed.items[0].invoiceUrl).toBe(order.invoiceUrl);

    const clerk = await t.createUserWith(['sales']);
    const pdf = await t.request(clerk.cookie, { method: 'GET', url: order.invoiceUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Delivered again (twice at once, too): the same invoice, the order's link unchanged.
    const { payload, eventId } = await lastStatusEvent();
    const storage = mediaStorageFor(t.config);
    await Promise.all([invoiceConfirmedOrder(payload, { db: t.db, eventId }, storage), invoiceConfirmedOrder(payload, { db: t.db, eventId }, storage)]);
    await change(orderNumber!, { status: 'CONFIRMED', comment: 'A note', notifyCustomer: false });
    expect((await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json().invoiceUrl).toBe(order.invoiceUrl);
    const number = Number(order.invoiceUrl.split('/')[3]);
    expect((await t.request(admin, { method: 'GET', url: `/api/invoices/${number + 1}/pdf` })).statusCode).toBe(404);
  });

  it('no other status makes one', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'PENDING' }]);
    await change(orderNumber!, { status: 'CANCELLED', comment: '', notifyCustomer: false });
    expect((await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json().invoiceUrl).toBeNull();
  });
});

describe('a refund gets its credit note (issue 24: CN-000123, the refunded amount, linked from the refund’s history row)', () => {
  /** The PDF's text, pages joined, spaces collapsed. */
  const textOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');

  it('one per refund, numbered in turn: a partial then the rest, each on its history row and refund, its PDF the amount it gave back, for sales staff only', async () => {
    const [orderNumber] = await insertTestOrders(t.db, [{ status: 'CANCELLED', total: 1250.5 }]);
    await change(orderNumber!, { status: 'REFUNDED', refundType: 'partial', refundAmount: 200, comment: 'Part of it', notifyCustomer: false });
    await change(orderNumber!, { status: 'REFUNDED', refundType: 'full', comment: 'The rest', notifyCustomer: false });
    // A comment on a fully refunded order refunds nothing and makes no credit note.
    await change(orderNumber!, { status: 'REFUNDED', comment: 'Closed', notifyCustomer: false });
    const order = (await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json();
    const [closed, rest, part] = order.history as { comment: string; creditNote: { number: string; url: string } | null }[];
    expect(closed).toMatchObject({ comment: 'Closed', creditNote: null });
    expect(part!.creditNote!.number).toMatch(/^CN-\d{6}$/);
    expect(part!.creditNote!.url).toMatch(/^\/api\/credit-notes\/\d+\/pdf$/);
    const first = Number(part!.creditNote!.number.slice(3));
    expect(rest!.creditNote).toEqual({ number: `CN-${String(first + 1).padStart(6, '0')}`, url: `/api/credit-notes/${first + 1}/pdf` });
    expect(order.refunds.map((refund: { amount: number; creditNote: unknown }) => [refund.amount, refund.creditNote])).toEqual([
      [200, part!.creditNote],
      [1050.5, rest!.creditNote],
    ]);

    const clerk = await t.createUserWith(['sales']);
    const pdf = await t.request(clerk.cookie, { method: 'GET', url: rest!.creditNote!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${rest!.creditNote!.number}.pdf"`);
    const text = await textOf(pdf.rawPayload);
    for (const expected of ['CREDIT NOTE', `Credit note number: ${rest!.creditNote!.number}`, `Order number: ${orderNumber}`, 'Ava Smith', 'Refund of the remaining amount', 'Amount refunded £1,050.50', 'VAT at 20% (included in the amount) £175.08']) {
      expect(text).toContain(expected);
    }
    expect(await textOf((await t.request(clerk.cookie, { method: 'GET', url: part!.creditNote!.url })).rawPayload)).toContain('Amount refunded £200.00');

    // Delivered again (twice at once): the same credit note, no other number.
    const { eventId } = await lastStatusEvent();
    const storage = mediaStorageFor(t.config);
    const [refundEvent] = (await t.db.select().from(eventOutbox).where(eq(eventOutbox.name, 'orders.status-changed'))).filter(
      (event) => (event.payload as { historyId: number }).historyId === order.history[1].id,
    );
    const redelivered = refundEvent!.payload as Parameters<typeof creditNoteForRefund>[0];
    await Promise.all([creditNoteForRefund(redelivered, { db: t.db, eventId }, storage), creditNoteForRefund(redelivered, { db: t.db, eventId }, storage)]);
    expect((await t.request(admin, { method: 'GET', url: `/api/orders/${orderNumber}` })).json().history[1].creditNote).toEqual(rest!.creditNote);
    expect((await t.request(admin, { method: 'GET', url: `/api/credit-notes/${first + 2}/pdf` })).statusCode).toBe(404);

    // 401 without a session, 403 without sales.
    expect((await t.app.inject({ method: 'GET', url: part!.creditNote!.url })).statusCode).toBe(401);
    const products = await t.createUserWith(['products']);
    expect((await t.request(products.cookie, { method: 'GET', url: part!.creditNote!.url })).statusCode).toBe(403);
  });
});
