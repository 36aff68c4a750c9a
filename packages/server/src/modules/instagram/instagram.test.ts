import { INSTAGRAM_MESSAGES, INSTAGRAM_SETTING_KEYS as KEYS } from '@facet/contract/modules/instagram/instagram.schema';
import type { InstagramTokenState } from '@facet/contract/modules/instagram/instagram.schema';
import { MASKED_SECRET } from '@facet/contract/modules/settings/setting.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeInstagram } from '../../integrations/instagram/fake-instagram.ts';
import { startFakeInstagram } from '../../integrations/instagram/fake-instagram.ts';
import { createInstagramClient } from '../../integrations/instagram/instagram-client.ts';
import { secretKeyOf } from '../../secret-key.ts';
import type { TestApp } from '../../test/test-app.ts';
import { contextOfSession, createTestApp } from '../../test/test-app.ts';
import { settings } from '../settings/setting.table.ts';
import { writeSettingValues } from '../settings/index.ts';
import { createInstagramService } from './instagram.service.ts';

const DAY_MS = 86_400_000;

describe('the Instagram token (System > Instagram) against a local Instagram', () => {
  let fake: FakeInstagram;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeInstagram();
    t = await createTestApp({ instagram: fake.endpoints });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const tokenState = async (cookie = admin) => (await t.request(cookie, { method: 'GET', url: '/api/instagram/token' })).json() as InstagramTokenState;
  const storedRow = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0];
  /** Login & Generate as the browser does it: the server's address, then Instagram's page, which sends back `code` and `state`. */
  async function authorise(cookie = admin) {
    const started = await t.request(cookie, { method: 'POST', url: '/api/instagram/authorization' });
    expect(started.statusCode, started.body).toBe(200);
    const page = await fetch(started.json().url as string, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    return { authorizeUrl: new URL(started.json().url as string), back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }
  const generate = (body: { code: string; state: string }, cookie = admin) => t.request(cookie, { method: 'POST', url: '/api/instagram/token', payload: body });

  it('refuses Login & Generate until the client id and secret are set, and says where to set them', async () => {
    const response = await t.request(admin, { method: 'POST', url: '/api/instagram/authorization' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(INSTAGRAM_MESSAGES.notConfigured);
    expect(await tokenState()).toEqual({ isConfigured: false, hasToken: false, maskedToken: null, expiresAt: null, refreshError: null });
  });

  it('sends staff to Instagram with the client id, the return address and a state, then saves a long-lived token, encrypted, with its expiry', async () => {
    for (const [key, value] of [[KEYS.clientId, fake.clientId], [KEYS.clientSecret, fake.clientSecret]]) {
      const saved = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: key, key, value } });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    expect((await tokenState()).isConfigured).toBe(true);

    const { authorizeUrl, back, code, state } = await authorise();
    expect(authorizeUrl.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({ client_id: fake.clientId, response_type: 'code', scope: 'instagram_business_basic', redirect_uri: 'http://localhost:80/system/settings/instagram/auth/' });
    expect(back.pathname).toBe('/system/settings/instagram/auth/');
    // The client secret never leaves the server on this side.
    expect(authorizeUrl.toString()).not.toContain(fake.clientSecret);

    const before = Date.now();
    const response = await generate({ code, state });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(INSTAGRAM_MESSAGES.generated);
    const [live] = fake.liveTokens();
    const token = response.json().token as InstagramTokenState;
    expect(token).toMatchObject({ isConfigured: true, hasToken: true, maskedToken: `${MASKED_SECRET}${live!.slice(-4)}`, refreshError: null });
    // 60 days from the exchange.
    expect(new Date(token.expiresAt!).getTime()).toBeGreaterThanOrEqual(before + 60 * DAY_MS - 1000);
    expect(new Date(token.expiresAt!).getTime()).toBeLessThanOrEqual(Date.now() + 60 * DAY_MS);

    // Stored as a secret setting: encrypted at rest, masked by the settings API, not in the audit row.
    const row = await storedRow(KEYS.token);
    expect(row).toMatchObject({ isSecret: true });
    expect(row!.value).not.toContain(live!);
    const listed = (await t.request(admin, { method: 'GET', url: '/api/settings', query: { search: 'instagram' } })).json();
    expect(JSON.stringify(listed)).not.toContain(live!);
    expect(JSON.stringify(listed)).not.toContain(fake.clientSecret);
    const audits = await t.db.execute(`select after::text as after from audit_log where entity = 'instagram_token'`);
    expect(JSON.stringify(audits)).not.toContain(live!);
  });

  it("refuses a return whose state is another session's, tampered or over 10 minutes old, and stores nothing", async () => {
    const tokenBefore = (await storedRow(KEYS.token))!.value;
    // Another staff member's session with the same permission: an attacker's link carries the attacker's state and code.
    const other = await t.createUserWith(['system']);
    const theirs = await authorise(other.cookie);
    const refused = await generate({ code: theirs.code, state: theirs.state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: ['state'], message: INSTAGRAM_MESSAGES.stateMismatch }]);

    const mine = await authorise();
    const [issuedAt, nonce, signature] = mine.state.split('.');
    expect((await generate({ code: mine.code, state: `${Number(issuedAt) + 1}.${nonce}.${signature}` })).statusCode).toBe(400);
    expect((await generate({ code: mine.code, state: `${issuedAt}.${nonce}.${signature!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}` })).statusCode).toBe(400);

    const now = Date.now();
    const late = vi.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    try {
      expect((await generate({ code: mine.code, state: mine.state })).statusCode).toBe(400);
    } finally {
      late.mockRestore();
    }
    expect((await storedRow(KEYS.token))!.value).toBe(tokenBefore);
  });

  it("answers Instagram's refusal of a code (one already used) as a 422 with its message, storing nothing", async () => {
    const tokenBefore = (await storedRow(KEYS.token))!.value;
    const { code, state } = await authorise();
    expect((await generate({ code, state })).statusCode).toBe(200);
    const tokenAfterFirst = (await storedRow(KEYS.token))!.value;
    expect(tokenAfterFirst).not.toBe(tokenBefore);
    const again = await generate({ code, state });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(INSTAGRAM_MESSAGES.refused('This authorization code has been used.'));
    expect((await storedRow(KEYS.token))!.value).toBe(tokenAfterFirst);
  });

  it('answers Instagram unreachable as a 502 saying so, storing nothing', async () => {
    const tokenBefore = (await storedRow(KEYS.token))!.value;
    // Nothing listens on port 1: the code exchange cannot reach Instagram.
    const offline = createInstagramService(t.db, createInstagramClient({ ...fake.endpoints, apiUrl: 'http://127.0.0.1:1' }), () => secretKeyOf(t.config));
    const returnAddress = 'http://localhost:80/system/settings/instagram/auth/';
    const state = new URL(await offline.authorizationUrl('a-session', returnAddress)).searchParams.get('state')!;
    await expect(offline.generate({ code: 'any', state }, 'a-session', returnAddress, await contextOfSession(t, admin))).rejects.toMatchObject({ status: 502, message: INSTAGRAM_MESSAGES.unreachable });
    expect((await storedRow(KEYS.token))!.value).toBe(tokenBefore);
  });

  it('refreshes the token once less than 10 days are left, and keeps a refusal for the page to warn about', async () => {
    const service = createInstagramService(t.db, createInstagramClient(fake.endpoints), () => secretKeyOf(t.config));
    expect(await service.refreshIfDue()).toBe('not-due');
    const maskedBefore = (await tokenState()).maskedToken;

    // Nine days left.
    await t.db.transaction((tx) => writeSettingValues(tx, { [KEYS.expiresAt]: new Date(Date.now() + 9 * DAY_MS).toISOString() }, { actorId: null }));
    fake.failNextRefresh('Error validating access token: Session has expired.');
    expect(await service.refreshIfDue()).toBe('failed');
    const failed = await tokenState();
    expect(failed.refreshError).toBe(INSTAGRAM_MESSAGES.refreshFailed('Error validating access token: Session has expired.'));
    expect(failed.maskedToken).toBe(maskedBefore);

    expect(await service.refreshIfDue()).toBe('refreshed');
    const refreshed = await tokenState();
    expect(refreshed.refreshError).toBeNull();
    expect(refreshed.maskedToken).toBe(`${MASKED_SECRET}${fake.liveTokens().at(-1)!.slice(-4)}`);
    expect(new Date(refreshed.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 59 * DAY_MS);
    expect(await service.refreshIfDue()).toBe('not-due');
  });

  it('removes the token: saved empty, with its expiry', async () => {
    const response = await t.request(admin, { method: 'DELETE', url: '/api/instagram/token' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: INSTAGRAM_MESSAGES.removed, token: { isConfigured: true, hasToken: false, maskedToken: null, expiresAt: null, refreshError: null } });
    expect((await storedRow(KEYS.token))!.value).toBe('');
  });

  it('is for staff with the system permission only', async () => {
    const routes = [
      { method: 'GET', url: '/api/instagram/token' },
      { method: 'POST', url: '/api/instagram/authorization' },
      { method: 'POST', url: '/api/instagram/token', payload: { code: 'x', state: 'y' } },
      { method: 'DELETE', url: '/api/instagram/token' },
    ] as const;
    const sales = await t.createUserWith(['sales']);
    for (const route of routes) {
      expect((await t.request(undefined, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      expect((await t.request(sales.cookie, route)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
