import { MESSAGES } from '@facet/contract/messages';
import { CONTACT_MESSAGE_MAX } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { startFakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { storefrontCaller } from '../../test/storefront-sales.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { contactForms } from './contact-form.table.ts';

/**
 * Contact forms (document 3 §2.10, §3, §7, §8; issue 25 item 9): the storefront sends entries
 * (contact:write); staff with `contact_form` list (search, server sort, paging), view, delete, export
 * and answer them: Send Response e-mails the reply through the outbox and SMTP and keeps it with the entry.
 */

let t: TestApp;
let admin: string;
let smtp: FakeSmtp;
let shop: Awaited<ReturnType<typeof storefrontCaller>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, mailPollMs: 20, mailRetryMs: 50 });
  admin = await t.login();
  shop = await storefrontCaller(t, admin, ['contact:write']);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const valid = (n: number) => ({ name: `Shopper ${n}`, email: `Shopper.${n}@Example.com`, phone: '', message: `Do you resize rings? (${n})` });
const send = (body: Record<string, unknown>) => shop({ method: 'POST', url: '/api/storefront/v1/contact-forms', payload: body });
const entryCount = () => t.db.$count(contactForms);
async function newEntry(body: Record<string, unknown>) {
  const response = await send(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; email: string; phone: string };
}

describe('an entry from the storefront', () => {
  it('is kept with name, e-mail (lower-cased), phone when given, and message', async () => {
    const entry = await newEntry({ ...valid(1), phone: '07700 900123' });
    expect(entry).toMatchObject({ name: 'Shopper 1', email: 'shopper.1@example.com', phone: '07700 900123', message: 'Do you resize rings? (1)', response: null, respondedAt: null });
  });

  it.each([
    ['no name', { name: '' }, 'name', MESSAGES.required],
    ['no e-mail', { email: '' }, 'email', MESSAGES.required],
    ['an e-mail that is none', { email: 'not-an-email' }, 'email', MESSAGES.invalidEmail],
    ['a phone that is none', { phone: 'call me' }, 'phone', MESSAGES.invalidContactNumber],
    ['no message', { message: '  ' }, 'message', MESSAGES.required],
    ['a message over the limit', { message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }, 'message', MESSAGES.maxLength(CONTACT_MESSAGE_MAX)],
  ])('refuses %s (400, the message on the field, nothing written)', async (_name, change, field, message) => {
    const before = await entryCount();
    const response = await send({ ...valid(2), ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await entryCount()).toBe(before);
  });

  it('a message of the longest, in four-byte characters, is kept and sorted by (its sort index holds it)', async () => {
    await newEntry({ ...valid(3), message: '💎'.repeat(CONTACT_MESSAGE_MAX) });
    const list = await t.request(admin, { method: 'GET', url: '/api/contact-forms', query: { sort: 'message', order: 'desc', pageSize: '1' } });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('needs the contact:write scope', async () => {
    const other = await storefrontCaller(t, admin, ['inquiries:write']);
    const response = await other({ method: 'POST', url: '/api/storefront/v1/contact-forms', payload: valid(4) });
    expect(response.statusCode).toBe(403);
  });
});

describe('the Contact Us list', () => {
  it('searches and sorts on the server by name, e-mail, phone, message and created date', async () => {
    await newEntry({ name: 'Zoe Quill', email: 'a.zoe@example.com', phone: '01632 960001', message: 'About earrings' });
    await newEntry({ name: 'Adam Quill', email: 'z.adam@example.com', phone: '01632 960999', message: 'Zircon question' });
    const names = async (query: Record<string, string>) =>
      ((await t.request(admin, { method: 'GET', url: '/api/contact-forms', query: { search: 'quill', ...query } })).json() as { items: { name: string }[] }).items.map((item) => item.name);
    expect(await names({ sort: 'name', order: 'asc' })).toEqual(['Adam Quill', 'Zoe Quill']);
    expect(await names({ sort: 'email', order: 'asc' })).toEqual(['Zoe Quill', 'Adam Quill']);
    expect(await names({ sort: 'phone', order: 'desc' })).toEqual(['Adam Quill', 'Zoe Quill']);
    expect(await names({ sort: 'message', order: 'asc' })).toEqual(['Zoe Quill', 'Adam Quill']);
    expect(await names({ sort: 'createdAt', order: 'desc' })).toEqual(['Adam Quill', 'Zoe Quill']);
    expect(await names({ search: 'zircon' })).toEqual(['Adam Quill']);
  });
});

describe('Send Response', () => {
  it('e-mails the reply to the shopper through SMTP, keeps it with the entry, and the list shows it replied', async () => {
    const entry = await newEntry({ ...valid(5), name: 'Grace Hopper', email: 'Grace.Hopper@Example.com' });
    const response = await t.request(admin, { method: 'POST', url: `/api/contact-forms/${entry.id}/response`, payload: { subject: 'Re: resizing', response: 'Yes, we resize rings free within 60 days.' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.responseSent, entry: { responseSubject: 'Re: resizing', response: 'Yes, we resize rings free within 60 days.', respondedBy: 'admin' } });
    expect(response.json().entry.respondedAt).not.toBeNull();

    await expect.poll(() => smtp.messages.filter((message) => message.parsed.subject === 'Re: resizing').length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [mail] = smtp.messages.filter((message) => message.parsed.subject === 'Re: resizing');
    expect(mail!.envelopeTo).toEqual(['grace.hopper@example.com']);
    expect(mail!.parsed.text).toContain('Dear Grace Hopper,');
    expect(mail!.parsed.text).toContain('Yes, we resize rings free within 60 days.');
    expect(mail!.parsed.text).toContain('Do you resize rings? (5)');

    const replied = await t.request(admin, { method: 'GET', url: '/api/contact-forms', query: { replied: 'yes', pageSize: '100' } });
    expect((replied.json() as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([entry.id]);
    const notReplied = await t.request(admin, { method: 'GET', url: '/api/contact-forms', query: { replied: 'no', pageSize: '100' } });
    expect((notReplied.json() as { items: { id: number }[] }).items.map((item) => item.id)).not.toContain(entry.id);
  });

  it.each([
    ['no text', { subject: 'Re: x', response: ' ' }, 'response'],
    ['no subject', { subject: '', response: 'Thanks' }, 'subject'],
  ])('with %s is refused (400, no mail, nothing kept)', async (_name, body, field) => {
    const entry = await newEntry(valid(6));
    const mailsBefore = await t.db.$count(mailOutbox);
    const response = await t.request(admin, { method: 'POST', url: `/api/contact-forms/${entry.id}/response`, payload: body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toContainEqual(expect.objectContaining({ path: [field], message: MESSAGES.required }));
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore);
    const [row] = await t.db.select({ response: contactForms.response }).from(contactForms).where(eq(contactForms.id, entry.id));
    expect(row!.response).toBeNull();
  });

  it('to a deleted entry is 404', async () => {
    const entry = await newEntry(valid(7));
    expect((await t.request(admin, { method: 'DELETE', url: `/api/contact-forms/${entry.id}` })).statusCode).toBe(204);
    const response = await t.request(admin, { method: 'POST', url: `/api/contact-forms/${entry.id}/response`, payload: { subject: 'Re', response: 'Hello' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('401 without a session, 403 without contact_form; staff add and edit no entries', async () => {
    const entry = await newEntry(valid(8));
    const requests = [
      { method: 'GET' as const, url: '/api/contact-forms' },
      { method: 'GET' as const, url: `/api/contact-forms/${entry.id}` },
      { method: 'DELETE' as const, url: `/api/contact-forms/${entry.id}` },
      { method: 'POST' as const, url: `/api/contact-forms/${entry.id}/response`, payload: { subject: 'Re', response: 'Hello' } },
    ];
    const marketing = await t.createUserWith(['marketing']);
    for (const request of requests) {
      expect((await t.request(undefined, request)).statusCode, `${request.method} ${request.url}`).toBe(401);
      expect((await t.request(marketing.cookie, request)).statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    expect((await t.request(admin, { method: 'POST', url: '/api/contact-forms', payload: {} })).statusCode).toBe(404);
    const staff = await t.createUserWith(['contact_form']);
    expect((await t.request(staff.cookie, { method: 'GET', url: `/api/contact-forms/${entry.id}` })).statusCode).toBe(200);
  });
});
