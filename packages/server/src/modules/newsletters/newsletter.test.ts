import { MESSAGES } from '@facet/contract/messages';
import { KLAVIYO_SETTING_KEYS, NEWSLETTER_MESSAGES } from '@facet/contract/modules/newsletters/newsletter.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeKlaviyo } from '../../integrations/klaviyo/fake-klaviyo.ts';
import { startFakeKlaviyo } from '../../integrations/klaviyo/fake-klaviyo.ts';
import { eventDeliveries, eventOutbox } from '../../events/event.table.ts';
import { isEncryptedSecret } from '../../secret-key.ts';
import { eventsDelivered } from '../../test/events.ts';
import { storefrontCaller } from '../../test/storefront-sales.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../../test/test-app.ts';
import { settings } from '../settings/setting.table.ts';
import { newsletters, subscribers } from './newsletter.table.ts';

/**
 * Newsletters and subscribers through Klaviyo (document 3 §2.9, §3, §4, §5; issue 25 items 5-7),
 * against a fake Klaviyo that speaks its REST API.
 */

let t: TestApp;
let admin: string;
let shop: Awaited<ReturnType<typeof storefrontCaller>>;
let fake: FakeKlaviyo;
let klaviyoClock = Date.now();
const members = Array.from({ length: 120 }, (_, i) => `member${i}@example.com`);

beforeAll(async () => {
  fake = await startFakeKlaviyo({ members, now: () => klaviyoClock });
  t = await createTestApp({ demoData: true, klaviyoBaseUrl: fake.url });
  admin = await t.login();
  shop = await storefrontCaller(t, admin, ['newsletter:write']);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin) => t.request(cookie, { method, url, payload });
const configure = (apiKey = fake.apiKey) => call('PUT', '/api/newsletters/klaviyo-settings', { apiKey, listId: fake.listId });
const future = (hours = 48) => new Date(Date.now() + hours * 3600_000).toISOString();
const firstTemplate = () => fake.state.templates[0]!;
const issuesOf = (response: { json(): unknown }) => (response.json() as { error: { issues?: { path: string[]; message: string }[] } }).error.issues ?? [];

describe('the demo', () => {
  it('has about 1,000 subscribers, some inactive, and newsletters in each status, none of them in Klaviyo', async () => {
    const [counts] = await t.db
      .select({ total: sql<number>`count(*)::int`, inactive: sql<number>`(count(*) filter (where not status))::int`, unsynced: sql<number>`(count(*) filter (where not klaviyo_synced))::int` })
      .from(subscribers);
    expect(counts).toMatchObject({ total: 1000, unsynced: 0 });
    expect(counts!.inactive).toBeGreaterThan(20);
    const states = await t.db.select({ state: newsletters.state, n: sql<number>`count(*)::int` }).from(newsletters).groupBy(newsletters.state);
    expect(Object.fromEntries(states.map((row) => [row.state, row.n]))).toEqual({ pending: 3, sent: 3, cancelled: 2 });
  });
});

describe('without Klaviyo configured', () => {
  it('the Add form is told so, and scheduling is a 422 with the reason; nothing is stored', async () => {
    expect((await call('GET', '/api/newsletters/options')).json()).toEqual({ isConfigured: false, templates: [], members: [] });
    const before = await t.db.$count(newsletters);
    const response = await call('POST', '/api/newsletters', { templateId: 'T00001', sendAll: true, scheduledOn: future() });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(NEWSLETTER_MESSAGES.klaviyoNotConfigured);
    expect(await t.db.$count(newsletters)).toBe(before);
  });

  it('a demo newsletter (never in Klaviyo) can still be cancelled', async () => {
    const [pending] = await t.db.select().from(newsletters).where(and(eq(newsletters.state, 'pending'), eq(newsletters.klaviyoCampaignId, ''))).limit(1);
    const response = await call('POST', `/api/newsletters/${pending!.id}/cancel`, { version: pending!.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('cancelled');
  });
});

describe('Klaviyo settings', () => {
  it('store the private key encrypted as a secret setting, never answered', async () => {
    const response = await configure();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ apiKeyIsSet: true, listId: fake.listId });
    expect(response.body).not.toContain(fake.apiKey);
    const [row] = await t.db.select().from(settings).where(and(eq(settings.key, KLAVIYO_SETTING_KEYS.apiKey), isNull(settings.deletedAt)));
    expect(row!.isSecret).toBe(true);
    expect(isEncryptedSecret(row!.value)).toBe(true);
    const listed = await call('GET', `/api/settings?search=${encodeURIComponent('klaviyo')}`);
    expect(listed.body).not.toContain(fake.apiKey);
    // A blank key keeps the stored one.
    expect((await call('PUT', '/api/newsletters/klaviyo-settings', { apiKey: '', listId: fake.listId })).json().apiKeyIsSet).toBe(true);
  });

  it('a wrong or expired key is a 422 saying Klaviyo refused it, not a 500 and not a sign-out; Klaviyo down is a 502', async () => {
    await configure('pk_expired');
    const response = await call('GET', '/api/newsletters/options');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/Klaviyo refused the private key/);
    const scheduled = await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, scheduledOn: future() });
    expect(scheduled.statusCode).toBe(422);
    await configure();
    fake.failNext(4, 503);
    const down = await call('GET', '/api/newsletters/options');
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toMatch(/Klaviyo is unavailable/);
  });

  it('the list id is letters and digits, required', async () => {
    const response = await call('PUT', '/api/newsletters/klaviyo-settings', { apiKey: '', listId: '' });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toContainEqual({ path: ['listId'], message: MESSAGES.required });
  });
});

describe('scheduling a newsletter (document 3 §5 Newsletter)', () => {
  it('offers Klaviyo’s templates and its list’s members', async () => {
    const options = (await call('GET', '/api/newsletters/options')).json();
    expect(options.isConfigured).toBe(true);
    expect(options.templates.map((template: { name: string }) => template.name)).toEqual(fake.state.templates.map((template) => template.name));
    expect(options.members).toHaveLength(members.length);
  });

  it.each([
    ['template required', { sendAll: true, scheduledOn: future() }, 'templateId', MESSAGES.required],
    ['template blank', { templateId: ' ', sendAll: true, scheduledOn: future() }, 'templateId', MESSAGES.required],
    ['template max 255', { templateId: 'T'.repeat(256), sendAll: true, scheduledOn: future() }, 'templateId', MESSAGES.maxLength(255)],
    ['scheduled on required', { templateId: 'T00001', sendAll: true }, 'scheduledOn', MESSAGES.required],
    ['scheduled on a date-time with its zone', { templateId: 'T00001', sendAll: true, scheduledOn: '2030-01-01 10:00' }, 'scheduledOn', NEWSLETTER_MESSAGES.invalidScheduledOn],
    ['listed e-mails needed without send-all', { templateId: 'T00001', sendAll: false, sendEmails: [], scheduledOn: future() }, 'sendEmails', NEWSLETTER_MESSAGES.emailsRequired],
    ['e-mails are e-mails', { templateId: 'T00001', sendAll: false, sendEmails: ['not-an-email'], scheduledOn: future() }, 'sendEmails', MESSAGES.invalidEmail],
  ])('refuses: %s (400, nothing stored, nothing in Klaviyo)', async (_name, payload, field, message) => {
    const before = { rows: await t.db.$count(newsletters), campaigns: fake.campaigns().length };
    const response = await call('POST', '/api/newsletters', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(issuesOf(response).some((issue) => issue.path[0] === field && issue.message === message), response.body).toBe(true);
    expect({ rows: await t.db.$count(newsletters), campaigns: fake.campaigns().length }).toEqual(before);
  });

  it('refuses a time in the past and a template Klaviyo does not have', async () => {
    const past = await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, scheduledOn: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(issuesOf(past)).toContainEqual({ path: ['scheduledOn'], message: NEWSLETTER_MESSAGES.scheduleInPast });
    const unknown = await call('POST', '/api/newsletters', { templateId: 'NOPE', sendAll: true, scheduledOn: future() });
    expect(unknown.statusCode).toBe(400);
    expect(issuesOf(unknown)).toContainEqual({ path: ['templateId'], message: NEWSLETTER_MESSAGES.unknownTemplate });
    expect(fake.campaigns()).toHaveLength(0);
  });

  it('to all subscribers minus excluded e-mails: a campaign scheduled in Klaviyo at the UTC time, with the template', async () => {
    const scheduledOn = '2031-03-04T09:30:00.000Z';
    const response = await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, excludeEmails: ['Member3@example.com'], scheduledOn });
    expect(response.statusCode, response.body).toBe(201);
    const newsletter = response.json();
    expect(newsletter).toMatchObject({ templateId: firstTemplate().id, templateName: firstTemplate().name, state: 'pending', sendAll: true, excludeEmails: ['member3@example.com'] });
    expect(new Date(newsletter.scheduledOn).toISOString()).toBe(scheduledOn);
    const campaign = fake.campaigns().find((c) => c.id === newsletter.klaviyoCampaignId)!;
    expect(campaign).toMatchObject({ status: 'Scheduled', included: [fake.listId], sendAt: scheduledOn, templateId: firstTemplate().id });
    expect(campaign.excluded).toHaveLength(1);
    const excludedList = fake.state.lists.get(campaign.excluded[0]!)!;
    expect([...excludedList.profiles].map((id) => fake.state.profiles.get(id)!.email)).toEqual(['member3@example.com']);
  });

  it('to listed e-mails: a list of those profiles is the campaign’s audience', async () => {
    const response = await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: false, sendEmails: ['member1@example.com', 'member2@example.com'], scheduledOn: future() });
    expect(response.statusCode, response.body).toBe(201);
    const campaign = fake.campaigns().find((c) => c.id === response.json().klaviyoCampaignId)!;
    const audience = fake.state.lists.get(campaign.included[0]!)!;
    expect([...audience.profiles].map((id) => fake.state.profiles.get(id)!.email).sort()).toEqual(['member1@example.com', 'member2@example.com']);
  });

  it('cancelling a Pending one cancels the campaign in Klaviyo; a Cancelled or Sent one cannot be cancelled (409)', async () => {
    const created = (await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, scheduledOn: future() })).json();
    const cancelled = await call('POST', `/api/newsletters/${created.id}/cancel`, { version: created.version });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect(fake.campaigns().find((c) => c.id === created.klaviyoCampaignId)!.status).toBe('Cancelled');
    const again = await call('POST', `/api/newsletters/${created.id}/cancel`, { version: cancelled.json().version });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NEWSLETTER_MESSAGES.onlyPendingCancel('Cancelled'));
  });

  it('cancelling one Klaviyo has already sent is refused (409) and the newsletter shows Sent', async () => {
    const created = (await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, scheduledOn: future() })).json();
    fake.campaigns().find((c) => c.id === created.klaviyoCampaignId)!.status = 'Sent';
    const response = await call('POST', `/api/newsletters/${created.id}/cancel`, { version: created.version });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(NEWSLETTER_MESSAGES.onlyPendingCancel('Sent'));
    expect((await call('GET', `/api/newsletters/${created.id}`)).json().state).toBe('sent');
  });

  it('a stale version is refused (409), nothing cancelled', async () => {
    const created = (await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, scheduledOn: future() })).json();
    const stale = await call('POST', `/api/newsletters/${created.id}/cancel`, { version: created.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(fake.campaigns().find((c) => c.id === created.klaviyoCampaignId)!.status).toBe('Scheduled');
  });

  it('the sync job marks a newsletter Sent once Klaviyo has sent it', async () => {
    const created = (await call('POST', '/api/newsletters', { templateId: firstTemplate().id, sendAll: true, scheduledOn: future(1) })).json();
    // Its time has come, here and in Klaviyo.
    await t.db.update(newsletters).set({ scheduledOn: new Date(Date.now() - 1000) }).where(eq(newsletters.id, created.id));
    klaviyoClock = Date.now() + 2 * 3600_000;
    const queued = await call('POST', '/api/newsletters/sync');
    expect(queued.statusCode).toBe(202);
    const job = await jobWhenEnded(t, admin, queued.json().jobId);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect((await call('GET', `/api/newsletters/${created.id}`)).json().state).toBe('sent');
    const sentCancel = await call('POST', `/api/newsletters/${created.id}/cancel`, { version: (await call('GET', `/api/newsletters/${created.id}`)).json().version });
    expect(sentCancel.statusCode).toBe(409);
    klaviyoClock = Date.now();
  });

  it('lists with search on the template, the status filter, and exports', async () => {
    const list = (await call('GET', `/api/newsletters?search=${encodeURIComponent(firstTemplate().name.slice(2, 8))}`)).json();
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((item: { templateName: string }) => item.templateName === firstTemplate().name)).toBe(true);
    const pending = (await call('GET', '/api/newsletters?state=pending&pageSize=100')).json();
    expect(pending.items.every((item: { state: string }) => item.state === 'pending')).toBe(true);
    const exported = await call('GET', '/api/newsletters/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('subscribers', () => {
  it('the storefront subscribes an e-mail: stored, then subscribed in Klaviyo by the outbox with its profile id kept', async () => {
    const response = await shop({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: { email: 'Shopper.One@Example.com' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email: 'shopper.one@example.com', status: true, klaviyoSynced: false });
    await eventsDelivered(t.db);
    expect(fake.isSubscribed('shopper.one@example.com')).toBe(true);
    const stored = (await call('GET', `/api/subscribers/${response.json().id}`)).json();
    expect(stored).toMatchObject({ klaviyoSynced: true, klaviyoId: fake.profileOf('shopper.one@example.com')!.id });
    // The same e-mail again is the same subscriber.
    const again = await shop({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: { email: 'shopper.one@example.com' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(stored.id);
  });

  it('refuses an e-mail that is not one (400, nothing stored)', async () => {
    const before = await t.db.$count(subscribers);
    const response = await shop({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toContainEqual({ path: ['email'], message: MESSAGES.invalidEmail });
    expect(await t.db.$count(subscribers)).toBe(before);
  });

  it('deactivating an active one unsubscribes it in Klaviyo; an inactive one cannot be deactivated (409)', async () => {
    const created = (await shop({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: { email: 'leaving@example.com' } })).json();
    await eventsDelivered(t.db);
    expect(fake.isSubscribed('leaving@example.com')).toBe(true);
    const current = (await call('GET', `/api/subscribers/${created.id}`)).json();
    const response = await call('POST', `/api/subscribers/${created.id}/deactivate`, { version: current.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(false);
    await eventsDelivered(t.db);
    expect(fake.isSubscribed('leaving@example.com')).toBe(false);
    expect((await call('GET', `/api/subscribers/${created.id}`)).json().klaviyoSynced).toBe(true);
    const again = await call('POST', `/api/subscribers/${created.id}/deactivate`, { version: response.json().version });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NEWSLETTER_MESSAGES.onlyActiveDeactivate);
  });

  it('while Klaviyo is down the change is kept and retried by the outbox until Klaviyo takes it', async () => {
    // More failures than the adapter's own tries: the first delivery fails, the outbox's retry succeeds.
    fake.failNext(2, 500);
    const created = (await shop({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: { email: 'patient@example.com' } })).json();
    expect(created.klaviyoSynced).toBe(false);
    await expect.poll(async () => (await call('GET', `/api/subscribers/${created.id}`)).json().klaviyoSynced, { timeout: 30_000, interval: 100 }).toBe(true);
    expect(fake.state.failures).toHaveLength(0);
    expect(fake.isSubscribed('patient@example.com')).toBe(true);
    // Delivered by the outbox's retry: its first attempt met Klaviyo down.
    const [delivery] = await t.db
      .select({ attempts: eventDeliveries.attempts, status: eventDeliveries.status })
      .from(eventDeliveries)
      .innerJoin(eventOutbox, eq(eventOutbox.id, eventDeliveries.eventId))
      .where(and(eq(eventOutbox.name, 'subscribers.status-changed'), sql`(${eventOutbox.payload} ->> 'id')::int = ${created.id}`));
    expect(delivery).toMatchObject({ status: 'delivered' });
    expect(delivery!.attempts).toBeGreaterThanOrEqual(2);
  });

  it('lists with search on the e-mail and the status filter', async () => {
    const found = (await call('GET', '/api/subscribers?search=shopper.one')).json();
    expect(found.items.map((item: { email: string }) => item.email)).toEqual(['shopper.one@example.com']);
    const inactive = (await call('GET', '/api/subscribers?status=inactive&pageSize=100')).json();
    expect(inactive.items.length).toBeGreaterThan(0);
    expect(inactive.items.every((item: { status: boolean }) => !item.status)).toBe(true);
    expect((await call('GET', '/api/subscribers/export')).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  const routes: [string, 'GET' | 'POST' | 'PUT', object?][] = [
    ['/api/newsletters', 'GET'],
    ['/api/newsletters/options', 'GET'],
    ['/api/newsletters', 'POST', { templateId: 'T00001', sendAll: true, scheduledOn: '2031-01-01T00:00:00Z' }],
    ['/api/newsletters/1/cancel', 'POST', { version: 1 }],
    ['/api/newsletters/klaviyo-settings', 'GET'],
    ['/api/newsletters/klaviyo-settings', 'PUT', { apiKey: '', listId: 'X' }],
    ['/api/newsletters/sync', 'POST'],
    ['/api/subscribers', 'GET'],
    ['/api/subscribers/1/deactivate', 'POST', { version: 1 }],
  ];
  it('every newsletter route: 401 without a session, 403 without the newsletter permission', async () => {
    const marketing = await t.createUserWith(['marketing', 'sales']);
    const newsletter = await t.createUserWith(['newsletter']);
    for (const [url, method, payload] of routes) {
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.request(marketing.cookie, { method, url, payload })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.request(newsletter.cookie, { method: 'GET', url: '/api/subscribers' })).statusCode).toBe(200);
  });

  it('the storefront sign-up needs the newsletter:write scope', async () => {
    const otherShop = await storefrontCaller(t, admin, ['inquiries:write']);
    expect((await otherShop({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: { email: 'x@example.com' } })).statusCode).toBe(403);
  });
});
