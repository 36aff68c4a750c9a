import { MESSAGES } from '@facet/contract/messages';
import type { MailTemplateRecord } from '@facet/contract/modules/mail/mail-template.schema';
import { MAIL_TEMPLATE_KINDS, MAIL_TEMPLATE_MESSAGES, MAIL_TEMPLATES, placeholderNamesOf } from '@facet/contract/modules/mail/mail-template.schema';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import type { FakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { startFakeSmtp } from '../../integrations/smtp/fake-server.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { queueContactResponseMail, queueOrderMail } from './index.ts';
import { mailTemplates } from './mail-template.table.ts';

const HOSTILE_NAME = `<script>alert("x")</script> O'Brien & <b>Sons</b>`;

describe('e-mail templates (/system/editor)', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ smtpUrl: smtp.url, mailPollMs: 20, mailRetryMs: 50 });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const received = async (subject: string) => {
    await expect.poll(() => smtp.messages.filter((message) => message.parsed.subject === subject).length, { timeout: 10_000, interval: 20 }).toBe(1);
    return smtp.messages.find((message) => message.parsed.subject === subject)!;
  };
  const save = (kind: string, payload: object) => t.request(admin, { method: 'PUT', url: `/api/mail-templates/${kind}`, payload });
  const templateOf = async (kind: string) => (await t.request(admin, { method: 'GET', url: `/api/mail-templates/${kind}` })).json() as MailTemplateRecord;

  it('lists every customer e-mail with its placeholders, the built-in template in force', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/mail-templates' });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as { items: MailTemplateRecord[] };
    expect(items.map((item) => item.kind)).toEqual([...MAIL_TEMPLATE_KINDS]);
    for (const item of items) {
      expect(item).toMatchObject({ isCustomised: false, version: null, subject: MAIL_TEMPLATES[item.kind].subject, body: MAIL_TEMPLATES[item.kind].body });
    }
    expect(items.find((item) => item.kind === 'order-shipped')!.placeholders.map((p) => p.name)).toEqual(
      expect.arrayContaining(['customerName', 'orderNumber', 'trackingNumber', 'deliveryDate', 'shopSignature']),
    );
  });

  it('sends the changed template: the SMTP server receives its subject and body, values escaped, hostile HTML of the template stripped', async () => {
    const saved = await save('order-status-changed', {
      subject: 'Order {{ orderNumber }} update: {{status}}',
      body:
        '<p>Hello {{customerName}}!</p><p>Status: <strong>{{status}}</strong></p><script>alert(1)</script>' +
        '<p><a href="https://shop.example/track?o={{orderNumber}}" onclick="steal()">Track your order</a></p><img src=x onerror=alert(1)><p>{{comment}}</p>',
      version: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { message, template } = saved.json() as { message: string; template: MailTemplateRecord };
    expect(message).toBe(MAIL_TEMPLATE_MESSAGES.saved);
    expect(template).toMatchObject({ isCustomised: true, version: 1, subject: 'Order {{ orderNumber }} update: {{status}}' });
    for (const hostile of ['<script', 'onclick', 'onerror', 'alert(1)']) expect(template.body).not.toContain(hostile);
    expect(template.body).toContain('<strong>{{status}}</strong>');

    await t.db.transaction((tx) => queueOrderMail(tx, { kind: 'status-changed', to: 'ada@example.com', customerName: HOSTILE_NAME, orderNumber: '100777', statusLabel: 'CONFIRMED' }));
    const mail = await received('Order 100777 update: CONFIRMED');
    const html = String(mail.parsed.html);
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&apos;Brien &amp; &lt;b&gt;Sons&lt;/b&gt;!');
    expect(html).toContain('Status: <strong>CONFIRMED</strong>');
    expect(html).toContain('href="https://shop.example/track?o=100777"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>Sons');
    expect(mail.parsed.text).toContain(`Hello ${HOSTILE_NAME}!`);
    expect(mail.parsed.text).toContain('Track your order (https://shop.example/track?o=100777)');
    // No comment was written: its line is left out.
    expect(html).not.toContain('{{comment}}');
    expect(await t.db.$count(auditLog, and(eq(auditLog.entity, 'mail_template'), eq(auditLog.action, 'create')))).toBe(1);
  });

  it('refuses a placeholder the e-mail does not offer, in the subject or the body, naming the offered ones; nothing is written', async () => {
    const before = await templateOf('order-status-changed');
    const offered = placeholderNamesOf('order-status-changed');
    const inBody = await save('order-status-changed', { subject: 'Order {{orderNumber}}', body: '<p>Tracking {{trackingNumber}} and {{ custmerName }}</p>', version: before.version });
    expect(inBody.statusCode, inBody.body).toBe(400);
    expect(inBody.json().error.issues).toEqual([{ path: ['body'], message: MAIL_TEMPLATE_MESSAGES.unknownPlaceholder(['trackingNumber', 'custmerName'], offered) }]);
    expect(inBody.json().error.message).toContain('Unknown placeholders {{trackingNumber}}, {{custmerName}}: this e-mail offers {{customerName}}, {{orderNumber}}, {{status}}');
    const inSubject = await save('order-status-changed', { subject: 'Order {{order}}', body: '<p>Hi</p>', version: before.version });
    expect(inSubject.statusCode).toBe(400);
    expect(inSubject.json().error.issues[0].path).toEqual(['subject']);
    const onlyScript = await save('order-status-changed', { subject: 'Order', body: '<script>alert(1)</script>', version: before.version });
    expect(onlyScript.json().error.issues).toEqual([{ path: ['body'], message: MESSAGES.required }]);
    const preview = await t.request(admin, { method: 'POST', url: '/api/mail-templates/cart-reminder/preview', payload: { subject: '{{orderNumber}}', body: '<p>x</p>' } });
    expect(preview.statusCode).toBe(400);
    expect(await templateOf('order-status-changed')).toEqual(before);
  });

  it('refuses a save based on another version (409 naming who saved first), then saves on the current one', async () => {
    const current = await templateOf('order-status-changed');
    const stale = await save('order-status-changed', { subject: 'Stale', body: '<p>Stale</p>', version: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('admin');
    const fresh = await save('order-status-changed', { subject: 'Fresh {{orderNumber}}', body: '<p>Fresh</p>', version: current.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().template.version).toBe(2);
  });

  it('keeps one template per e-mail when two staff save the default at the same moment: one saves, the other is told (409)', async () => {
    const saves = await Promise.all(
      ['One', 'Two', 'Three'].map((word) => save('cart-reminder', { subject: `${word}: {{shopName}}`, body: `<p>${word} {{items}}</p>`, version: null })),
    );
    expect(saves.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of saves.filter((response) => response.statusCode === 409)) expect(refused.json().error.code).toBe('CONFLICT');
    expect(await t.db.$count(mailTemplates, and(eq(mailTemplates.kind, 'cart-reminder'), isNull(mailTemplates.deletedAt)))).toBe(1);
    const winner = saves.find((response) => response.statusCode === 200)!.json().template as MailTemplateRecord;
    expect(await templateOf('cart-reminder')).toEqual(winner);
    expect((await t.request(admin, { method: 'POST', url: '/api/mail-templates/cart-reminder/reset' })).statusCode).toBe(200);
  });

  it('previews a template as typed with sample values and the shop’s details, without saving it', async () => {
    const response = await t.request(admin, {
      method: 'POST',
      url: '/api/mail-templates/order-shipped/preview',
      payload: { subject: 'Shipped: {{orderNumber}}', body: '<p>Dear {{customerName}},</p><p>Tracking: {{trackingNumber}}</p><p>{{shopSignature}}</p><iframe src="https://evil.example"></iframe>' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as { subject: string; html: string; text: string };
    expect(preview.subject).toBe('Shipped: 100231');
    expect(preview.html).toContain('<p>Tracking: RM123456785GB</p>');
    expect(preview.html).not.toContain('iframe');
    expect(preview.text).toContain('Dear Ada Lovelace,');
    expect(preview.text).toContain('Facet Jewellers');
    expect((await templateOf('order-shipped')).isCustomised).toBe(false);
  });

  it('Reset to default sends the built-in template again', async () => {
    const contact = await save('contact-response', { subject: 'Custom: {{subject}}', body: '<p>{{response}}</p>', version: null });
    expect(contact.statusCode, contact.body).toBe(200);
    await t.db.transaction((tx) => queueContactResponseMail(tx, { to: 'grace@example.com', name: 'Grace', entryId: 1, subject: 'About rings', response: 'We resize.', message: 'Do you resize?' }));
    expect((await received('Custom: About rings')).parsed.text).toBe('We resize.\n');

    const reset = await t.request(admin, { method: 'POST', url: '/api/mail-templates/contact-response/reset' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ message: MAIL_TEMPLATE_MESSAGES.reset, template: { isCustomised: false, version: null, subject: '{{subject}}' } });
    await t.db.transaction((tx) => queueContactResponseMail(tx, { to: 'grace@example.com', name: 'Grace', entryId: 1, subject: 'About rings again', response: 'We resize.', message: 'Do you resize?' }));
    const mail = await received('About rings again');
    expect(mail.parsed.text).toContain('Dear Grace,');
    expect(mail.parsed.text).toContain('You wrote:\nDo you resize?');
    expect(await t.db.$count(mailTemplates, and(eq(mailTemplates.kind, 'contact-response')))).toBe(1);
    // Reset again: nothing to remove, the same answer.
    expect((await t.request(admin, { method: 'POST', url: '/api/mail-templates/contact-response/reset' })).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 without the system permission', async () => {
    const clerk = await t.createUserWith(['sales', 'contact_form']);
    const manager = await t.createUserWith(['system']);
    for (const request of [
      { method: 'GET', url: '/api/mail-templates' },
      { method: 'GET', url: '/api/mail-templates/order-shipped' },
      { method: 'PUT', url: '/api/mail-templates/order-shipped', payload: { subject: 'x', body: '<p>x</p>', version: null } },
      { method: 'POST', url: '/api/mail-templates/order-shipped/reset' },
      { method: 'POST', url: '/api/mail-templates/order-shipped/preview', payload: { subject: 'x', body: '<p>x</p>' } },
    ] as const) {
      expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
      expect((await t.request(clerk.cookie, request)).statusCode, request.url).toBe(403);
      expect((await t.request(manager.cookie, { method: 'GET', url: '/api/mail-templates/order-shipped' })).statusCode).toBe(200);
    }
    expect((await templateOf('order-shipped')).isCustomised).toBe(false);
    expect((await t.request(admin, { method: 'GET', url: '/api/mail-templates/no-such-mail' })).statusCode).toBe(400);
  });
});
