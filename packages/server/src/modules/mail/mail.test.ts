import { MAIL_MESSAGES } from '@facet/contract/modules/mail/mail.schema';
import type { MailListRow, MailRecord } from '@facet/contract/modules/mail/mail.schema';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { startFakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { auditLog } from '../../db/audit.table.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createSmtpTransport } from '../../integrations/smtp/smtp-transport.ts';
import { queueCartReminderMail, queueMail, queueOrderMail } from './index.ts';
import { createMailSender } from './mail-sender.ts';
import { mailOutbox } from './mail.table.ts';

const HOSTILE_NAME = `<script>alert("x")</script> O'Brien & <b>Sons</b>`;

/** A mail's row as the outbox API answers it. */
async function mailOf(t: TestApp, cookie: string, id: number): Promise<MailRecord> {
  return (await t.request(cookie, { method: 'GET', url: `/api/mail-outbox/${id}` })).json() as MailRecord;
}

describe('customer e-mail through SMTP, from the outbox', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    // Retries 50 ms apart (then doubling) so the tests see several without waiting half a minute.
    t = await createTestApp({ smtpUrl: smtp.url, mailPollMs: 20, mailRetryMs: 50 });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const received = (subject: string) => smtp.messages.filter((message) => message.parsed.subject === subject);

  it('sends a status change mail: the parsed message has the customer, the subject, the text, the shop as sender, and escapes the name in HTML', async () => {
    const id = await t.db.transaction((tx) =>
      queueOrderMail(tx, { kind: 'status-changed', to: 'ada@example.com', customerName: HOSTILE_NAME, orderNumber: '100001', statusLabel: 'CONFIRMED', comment: 'Packed with care <3' }),
    );
    await expect.poll(() => received('Your order 100001: CONFIRMED').length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [message] = received('Your order 100001: CONFIRMED');
    expect(message!.envelopeTo).toEqual(['ada@example.com']);
    expect(message!.parsed.from?.value).toEqual([{ name: 'Facet Jewellers', address: expect.any(String) }]);
    expect(message!.parsed.text).toContain(`Dear ${HOSTILE_NAME},`);
    expect(message!.parsed.text).toContain('The status of your order 100001 is now CONFIRMED.');
    expect(message!.parsed.text).toContain('Packed with care <3');
    const html = String(message!.parsed.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Sons');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&apos;Brien &amp; &lt;b&gt;Sons&lt;/b&gt;');
    expect(html).toContain('Packed with care &lt;3');
    expect(message!.parsed.messageId).toMatch(new RegExp(`^<mail-${id}\\.`));

    // The sender marks it sent once the SMTP server has answered: the message may arrive a moment before.
    await expect.poll(async () => (await mailOf(t, admin, id)).sendStatus, { timeout: 10_000, interval: 20 }).toBe('sent');
    const mail = await mailOf(t, admin, id);
    expect(mail).toMatchObject({ sendStatus: 'sent', attempts: 1, lastError: null, nextAttemptAt: null, concerns: 'order:100001', to: 'ada@example.com' });
    expect(mail.sentAt).not.toBeNull();
  });

  it('sends the shipped mail with its tracking number and delivery date, and the refund mail with its amount in the order currency', async () => {
    await t.db.transaction(async (tx) => {
      await queueOrderMail(tx, { kind: 'shipped', to: 'bob@example.com', customerName: 'Bob', orderNumber: '100002', trackingNumber: 'RM123456785GB', deliveryDate: '2026-12-04', shippingMethod: 'Royal Mail Special Delivery' });
      await queueOrderMail(tx, { kind: 'refunded', to: 'bob@example.com', customerName: 'Bob', orderNumber: '100002', amount: '1250.5', currencySymbol: '£', isFullRefund: false });
    });
    await expect.poll(() => received('Your order 100002 has been shipped').length + received('Refund for your order 100002').length, { timeout: 10_000, interval: 20 }).toBe(2);
    const shipped = received('Your order 100002 has been shipped')[0]!.parsed.text!;
    expect(shipped).toContain('Tracking number: RM123456785GB');
    expect(shipped).toContain('Expected delivery: 4 December 2026');
    expect(shipped).toContain('Shipping method: Royal Mail Special Delivery');
    const refunded = received('Refund for your order 100002')[0]!.parsed;
    expect(refunded.text).toContain('We have refunded £1,250.50 for your order 100002.');
    expect(refunded.text).toContain('Amount refunded: £1,250.50');
    expect(String(refunded.html)).toContain('£1,250.50');
  });

  it('sends the abandoned-cart reminder: what was left, at its prices, with the total; a customer’s or a product’s name stays text', async () => {
    const id = await t.db.transaction((tx) =>
      queueCartReminderMail(tx, {
        to: 'cleo@example.com',
        customerName: HOSTILE_NAME,
        cartId: 42,
        lines: [
          { name: 'Solitaire <i>Ring</i>', size: 'N', qty: 2, price: 1295 },
          { name: '1.02 ct Oval Natural Diamond', size: '', qty: 1, price: 3946.5 },
        ],
        total: 6536.5,
        symbol: '£',
      }),
    );
    const subject = 'You left something in your basket at Facet Jewellers';
    await expect.poll(() => received(subject).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [message] = received(subject);
    expect(message!.envelopeTo).toEqual(['cleo@example.com']);
    expect(message!.parsed.text).toContain(`Dear ${HOSTILE_NAME},`);
    expect(message!.parsed.text).toContain('Solitaire <i>Ring</i>, size N: 2 × £1,295.00');
    expect(message!.parsed.text).toContain('1.02 ct Oval Natural Diamond: 1 × £3,946.50');
    expect(message!.parsed.text).toContain('Total: £6,536.50');
    const html = String(message!.parsed.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>Ring');
    expect(html).toContain('Solitaire &lt;i&gt;Ring&lt;/i&gt;, size N');
    expect((await mailOf(t, admin, id)).concerns).toBe('cart:42');
  });

  it('queues in the caller’s transaction: a change that rolls back takes its mail with it', async () => {
    const before = await t.db.$count(mailOutbox);
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, { to: 'gone@example.com', subject: 'Never sent', text: 'x', html: '<p>x</p>' });
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await t.db.$count(mailOutbox)).toBe(before);
  });

  it('with the SMTP server down, the mail stays queued with the reason and is retried with growing delays, then delivered once it is back', async () => {
    await smtp.down();
    const id = await t.db.transaction((tx) => queueMail(tx, { to: 'cy@example.com', subject: 'While SMTP was down', text: 'hello', html: '<p>hello</p>', concerns: 'order:100003' }));
    await expect.poll(async () => (await mailOf(t, admin, id)).attempts, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const waiting = await mailOf(t, admin, id);
    expect(waiting.sendStatus).toBe('queued');
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt).not.toBeNull();
    expect(received('While SMTP was down')).toEqual([]);

    await smtp.up();
    await expect.poll(async () => (await mailOf(t, admin, id)).sendStatus, { timeout: 15_000, interval: 20 }).toBe('sent');
    expect(received('While SMTP was down')).toHaveLength(1);
    expect((await mailOf(t, admin, id)).lastError).toBeNull();
  });

  it('retries a temporary refusal (451) and gives up at once on a permanent one (550): failed with the reason until staff send it again', async () => {
    smtp.refuseNext(1, 451);
    const busy = await t.db.transaction((tx) => queueMail(tx, { to: 'dee@example.com', subject: 'Busy server', text: 'x', html: '<p>x</p>' }));
    await expect.poll(async () => (await mailOf(t, admin, busy)).sendStatus, { timeout: 10_000, interval: 20 }).toBe('sent');
    expect((await mailOf(t, admin, busy)).attempts).toBe(2);

    smtp.refuseNext(1, 550);
    const refused = await t.db.transaction((tx) => queueMail(tx, { to: 'nobody@example.com', subject: 'No such mailbox', text: 'x', html: '<p>x</p>' }));
    await expect.poll(async () => (await mailOf(t, admin, refused)).sendStatus, { timeout: 10_000, interval: 20 }).toBe('failed');
    expect((await mailOf(t, admin, refused)).lastError).toContain('Mailbox unavailable');

    const retried = await t.request(admin, { method: 'POST', url: `/api/mail-outbox/${refused}/retry` });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ message: MAIL_MESSAGES.retried, mail: { sendStatus: 'queued', attempts: 0 } });
    await expect.poll(async () => (await mailOf(t, admin, refused)).sendStatus, { timeout: 10_000, interval: 20 }).toBe('sent');
    expect(received('No such mailbox')).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(refused)));
    expect(audits.filter((row) => row.entity === 'mail' && row.action === 'retry')).toHaveLength(1);

    const again = await t.request(admin, { method: 'POST', url: `/api/mail-outbox/${refused}/retry` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MAIL_MESSAGES.notFailed);
    expect((await t.request(admin, { method: 'POST', url: '/api/mail-outbox/2147483647/retry' })).statusCode).toBe(404);
  });

  it('keeps a mail to an address that is no e-mail address as failed, without failing the caller, and never sends it', async () => {
    const id = await t.db.transaction((tx) => queueMail(tx, { to: 'not an address', subject: 'Typo', text: 'x', html: '<p>x</p>' }));
    const mail = await mailOf(t, admin, id);
    expect(mail).toMatchObject({ sendStatus: 'failed', lastError: MAIL_MESSAGES.invalidRecipient, attempts: 0 });
  });

  it('puts a subject on one line: a line break from a customer’s text cannot start a header', async () => {
    const id = await t.db.transaction((tx) => queueMail(tx, { to: 'eve@example.com', subject: 'Hello\r\nBcc: victim@example.com', text: 'x', html: '<p>x</p>' }));
    await expect.poll(async () => (await mailOf(t, admin, id)).sendStatus, { timeout: 10_000, interval: 20 }).toBe('sent');
    const [message] = received('Hello Bcc: victim@example.com');
    expect(message!.envelopeTo).toEqual(['eve@example.com']);
    expect(message!.parsed.bcc).toBeUndefined();
  });

  it('sends each mail once when several senders go at the same mail at once (claims skip what another holds)', async () => {
    const subjects = Array.from({ length: 12 }, (_, index) => `Race ${index}`);
    await t.db.transaction(async (tx) => {
      for (const subject of subjects) await queueMail(tx, { to: 'race@example.com', subject, text: 'x', html: '<p>x</p>' });
    });
    const transports = [createSmtpTransport(smtp.url), createSmtpTransport(smtp.url)];
    const senders = transports.map((transport) => createMailSender(t.db, transport, t.app.log, { pollMs: 1000, firstRetryMs: 50, leaseMs: 60_000, fallbackFrom: 'shop@example.com' }));
    // Beside the app's own sender, which polls every 20 ms.
    await Promise.all(senders.map((sender) => sender.sendDue()));
    // Settled as sent only after the SMTP server accepted it: once all are, every send has arrived.
    const sentRaces = () => t.db.$count(mailOutbox, and(like(mailOutbox.subject, 'Race %'), eq(mailOutbox.sendStatus, 'sent')));
    await expect.poll(sentRaces, { timeout: 10_000, interval: 20 }).toBe(subjects.length);
    for (const subject of subjects) expect(received(subject), subject).toHaveLength(1);
    for (const transport of transports) transport.close();
  });

  it('lists the outbox newest first, filtered by what a mail concerns and by status, without the bodies; a mail’s view has them', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/mail-outbox?concerns=order:100002' });
    expect(response.statusCode, response.body).toBe(200);
    const { items, total } = response.json() as { items: MailListRow[]; total: number };
    expect(total).toBe(2);
    expect(items.map((item) => item.subject)).toEqual(['Refund for your order 100002', 'Your order 100002 has been shipped']);
    expect(items[0]).not.toHaveProperty('html');
    const failed = (await t.request(admin, { method: 'GET', url: '/api/mail-outbox?sendStatus=failed' })).json() as { items: MailListRow[] };
    expect(failed.items.map((item) => item.subject)).toEqual(['Typo']);
    const view = await mailOf(t, admin, items[0]!.id);
    expect(view.text).toContain('£1,250.50');
    expect(view.html).toContain('<!doctype html>');
    expect((await t.request(admin, { method: 'GET', url: '/api/mail-outbox/sender' })).json()).toEqual({ isConfigured: true });
  });

  it('answers 401 without a session and 403 without the sales permission', async () => {
    const clerk = await t.createUserWith(['sales']);
    const other = await t.createUserWith(['products', 'system', 'customers']);
    for (const request of [
      { method: 'GET', url: '/api/mail-outbox' },
      { method: 'GET', url: '/api/mail-outbox/1' },
      { method: 'GET', url: '/api/mail-outbox/sender' },
      { method: 'POST', url: '/api/mail-outbox/1/retry' },
    ] as const) {
      expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
      expect((await t.request(other.cookie, request)).statusCode, request.url).toBe(403);
      expect([401, 403], request.url).not.toContain((await t.request(clerk.cookie, request)).statusCode);
    }
  });
});

describe('customer e-mail without SMTP_URL', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: undefined, mailPollMs: 20 });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('keeps mails in the outbox as not sent, and says no SMTP server is configured', async () => {
    const id = await t.db.transaction((tx) => queueOrderMail(tx, { kind: 'status-changed', to: 'fay@example.com', customerName: 'Fay', orderNumber: '100004', statusLabel: 'CONFIRMED' }));
    expect((await t.request(admin, { method: 'GET', url: '/api/mail-outbox/sender' })).json()).toEqual({ isConfigured: false });
    const mail = await mailOf(t, admin, id);
    expect(mail).toMatchObject({ sendStatus: 'queued', attempts: 0, sentAt: null, lastError: null });
  });
});
