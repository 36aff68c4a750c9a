import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeKlaviyo } from './fake-klaviyo.ts';
import { startFakeKlaviyo } from './fake-klaviyo.ts';
import { createKlaviyoClient, KlaviyoError, KLAVIYO_REVISION, newsletterStateOfCampaign } from './klaviyo-client.ts';

let fake: FakeKlaviyo;
let clock = Date.parse('2026-12-01T09:00:00Z');
const members = Array.from({ length: 230 }, (_, i) => `member${i}@example.com`);

beforeEach(async () => {
  clock = Date.parse('2026-12-01T09:00:00Z');
  fake = await startFakeKlaviyo({ members, templates: Array.from({ length: 23 }, (_, i) => `Template ${String(i).padStart(2, '0')}`), now: () => clock });
});
afterEach(() => fake.close());

const client = (apiKey = fake.apiKey) => createKlaviyoClient({ apiKey, baseUrl: fake.url, retryBaseDelayMs: 1, maxRetryAfterMs: 10 });

describe('Klaviyo adapter against the fake', () => {
  it('sends the key, the revision and JSON:API bodies', async () => {
    await client().subscribe(fake.listId, 'new@example.com');
    const request = fake.state.requests.find((r) => r.path.startsWith('/api/profile-subscription-bulk-create-jobs'))!;
    expect(request.headers.authorization).toBe(`Klaviyo-API-Key ${fake.apiKey}`);
    expect(request.headers.revision).toBe(KLAVIYO_REVISION);
    expect(request.headers['content-type']).toBe('application/vnd.api+json');
    expect(request.body).toMatchObject({ data: { type: 'profile-subscription-bulk-create-job', relationships: { list: { data: { type: 'list', id: fake.listId } } } } });
  });

  it('follows links.next through every page (templates 10 a page, members 100 a page)', async () => {
    const templates = await client().listTemplates();
    expect(templates).toHaveLength(23);
    expect(fake.state.requests.filter((r) => r.path.startsWith('/api/templates'))).toHaveLength(3);
    const found = await client().listMembers(fake.listId);
    expect(found.map((m) => m.email).sort()).toEqual([...members].sort());
    expect(fake.state.requests.filter((r) => r.path.startsWith(`/api/lists/${fake.listId}/profiles`))).toHaveLength(3);
  });

  it('subscribes a profile (keeping its id) and unsubscribes it', async () => {
    const id = await client().subscribe(fake.listId, 'shopper@example.com');
    expect(id).toBe(fake.profileOf('shopper@example.com')!.id);
    expect(fake.isSubscribed('shopper@example.com')).toBe(true);
    // Subscribing again finds the same profile (409 duplicate_profile names it).
    expect(await client().subscribe(fake.listId, 'shopper@example.com')).toBe(id);
    await client().unsubscribe(fake.listId, 'shopper@example.com');
    expect(fake.isSubscribed('shopper@example.com')).toBe(false);
  });

  it('creates a campaign with its audiences and template, schedules it, and reads it Sent once its time has come', async () => {
    const klaviyo = client();
    const [template] = await klaviyo.listTemplates();
    const excluded = await klaviyo.createListOf('Excluded', (await klaviyo.findProfiles(['member1@example.com'])).map((p) => p.id));
    const campaign = await klaviyo.createCampaign({ name: 'Newsletter 1', includedListIds: [fake.listId], excludedListIds: [excluded], sendAt: new Date('2026-12-02T10:00:00Z'), subject: 'News' });
    await klaviyo.assignTemplate(campaign.messageId!, template!.id);
    await klaviyo.scheduleCampaign(campaign.id);
    expect((await klaviyo.getCampaign(campaign.id)).status).toBe('Scheduled');
    const sent = fake.campaigns()[0]!;
    expect(sent).toMatchObject({ included: [fake.listId], excluded: [excluded], sendAt: '2026-12-02T10:00:00.000Z', templateId: template!.id });
    clock = Date.parse('2026-12-02T10:00:01Z');
    expect(newsletterStateOfCampaign((await klaviyo.getCampaign(campaign.id)).status)).toBe('sent');
  });

  it('cancels a scheduled campaign', async () => {
    const klaviyo = client();
    const [template] = await klaviyo.listTemplates();
    const campaign = await klaviyo.createCampaign({ name: 'N', includedListIds: [fake.listId], excludedListIds: [], sendAt: new Date('2026-12-02T10:00:00Z'), subject: 'News' });
    await klaviyo.assignTemplate(campaign.messageId!, template!.id);
    await klaviyo.scheduleCampaign(campaign.id);
    await klaviyo.cancelCampaign(campaign.id);
    const status = (await klaviyo.getCampaign(campaign.id)).status;
    expect(status).toBe('Cancelled');
    expect(newsletterStateOfCampaign(status)).toBe('cancelled');
    // Its time passing does not send it.
    clock = Date.parse('2026-12-03T00:00:00Z');
    expect((await klaviyo.getCampaign(campaign.id)).status).toBe('Cancelled');
  });

  it('waits out a 429 with Retry-After and succeeds', async () => {
    fake.failNext(1, 429, 0);
    const klaviyo = client();
    expect(await klaviyo.listTemplates()).toHaveLength(23);
    expect(klaviyo.stats.retries).toBe(1);
  });

  it('retries a 5xx, and gives up as unavailable when Klaviyo keeps failing', async () => {
    fake.failNext(1, 503);
    await client().subscribe(fake.listId, 'a@example.com');
    expect(fake.isSubscribed('a@example.com')).toBe(true);
    fake.failNext(10, 500);
    await expect(client().subscribe(fake.listId, 'b@example.com')).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('names a wrong or expired key as such', async () => {
    const error = await client('pk_wrong').listTemplates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KlaviyoError);
    expect(error).toMatchObject({ failure: 'auth', status: 401 });
    expect((error as Error).message).toMatch(/refused the private key/);
  });

  it('refuses a key no header can carry as a wrong key, without a call or a retry', async () => {
    const before = fake.state.requests.length;
    const error = await client('pk_\uffffabc').listTemplates().catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'auth', status: null });
    expect((error as Error).message).toMatch(/refused the private key/);
    expect(fake.state.requests.length).toBe(before);
  });

  it('the fake refuses a request without the revision header, as Klaviyo does', async () => {
    const response = await fetch(`${fake.url}/api/templates/`, { headers: { Authorization: `Klaviyo-API-Key ${fake.apiKey}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toMatch(/revision/);
  });

  it('refuses plain http to anything but loopback', () => {
    expect(() => createKlaviyoClient({ apiKey: 'x', baseUrl: 'http://klaviyo.example.com' })).toThrow(/https only/);
  });
});
