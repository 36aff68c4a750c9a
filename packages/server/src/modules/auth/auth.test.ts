import { LOGIN_MAX_FAILURES, SESSION_COOKIE } from '@facet/contract/modules/auth/auth.schema';
import { MESSAGES } from '@facet/contract/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { ADMIN, createTestApp } from '../../test/test-app.ts';
import { parseTrustProxy } from '../../config.ts';
import { auditLog } from '../../db/audit.table.ts';
import { users } from '../users/user.table.ts';
import { backdateSession, forgetCachedSessions, resolveSession } from './session.service.ts';
import { sessions } from './session.table.ts';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

  it('signs in with username or email and returns the user, permission keys and catalogue', async () => {
    const response = await attempt(ADMIN.username, ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.name).toBe('admin');
    expect(body.permissions).toEqual(['all-master']);
    expect(body.catalogue.map((c: { key: string }) => c.key)).toContain('user_management');
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    // At least 128 bits of randomness: 32 bytes in base64url is 43 characters.
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    const byEmail = await attempt('ADMIN@facet.local', ADMIN.password);
    expect(byEmail.statusCode).toBe(200);
  });

  it('issues a new session id at every login and ends the old one at logout', async () => {
    const first = await t.login();
    const second = await t.login();
    expect(first).not.toBe(second);
    const logout = await t.request(second, { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    expect((await t.request(second, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.request(first, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('requires username and password with the spec message', async () => {
    const response = await attempt('', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: ['username'], message: MESSAGES.required },
      { path: ['password'], message: MESSAGES.required },
    ]);
  });

  it('answers an unknown username and a wrong password with the same status and body', async () => {
    const unknown = await attempt('nobody-here', 'whatever1', '10.0.0.2');
    const wrong = await attempt(ADMIN.username, 'wrong-password', '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().error.message).toBe(MESSAGES.invalidCredentials);
  });

  it('locks a username for an address after 5 failures: the 6th gets 429 with Retry-After, even with the right password', async () => {
    const user = await t.createUserWith([]);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(user.name, 'bad-password', '10.0.0.3')).statusCode).toBe(401);
    const sixth = await attempt(user.name, user.password, '10.0.0.3');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sixth.json().error.message).toBe(MESSAGES.tooManyLoginAttempts);
    // Another address is not locked out.
    expect((await attempt(user.name, user.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it("counts a user's name and e-mail as one account", async () => {
    const user = await t.createUserWith([]);
    for (let i = 0; i < 3; i++) expect((await attempt(user.name, 'bad-password', '10.0.0.6')).statusCode).toBe(401);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 3; i++) expect((await attempt(`${user.name}@example.com`, 'bad-password', '10.0.0.6')).statusCode).toBe(401);
    expect((await attempt(user.name.toUpperCase(), user.password, '10.0.0.6')).statusCode).toBe(429);
  });

  it('checks at most 5 passwords when 20 wrong ones arrive at once', async () => {
    const user = await t.createUserWith([]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(user.name, 'bad-password', '10.0.0.7')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_MAX_FAILURES);
    expect((await attempt(user.name, user.password, '10.0.0.7')).statusCode).toBe(429);
  });

  it('keeps the browser signed in when another sign-in from it fails', async () => {
    const cookie = await t.login();
    const failed = await t.request(cookie, { method: 'POST', url: '/api/auth/login', payload: { username: ADMIN.username, password: 'mistyped-1' } });
    expect(failed.statusCode).toBe(401);
    expect((await t.request(cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // A successful sign-in from the same browser replaces its session (no fixation).
    const again = await t.request(cookie, { method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(again.statusCode).toBe(200);
    expect((await t.request(cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('forgets failures after a successful login (only consecutive failures count)', async () => {
    const user = await t.createUserWith([]);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await attempt(user.name, 'bad-password', '10.0.0.5');
    expect((await attempt(user.name, user.password, '10.0.0.5')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await attempt(user.name, 'bad-password', '10.0.0.5');
    expect((await attempt(user.name, user.password, '10.0.0.5')).statusCode).toBe(200);
  });

  it('ends a session idle for over 30 minutes, and any session older than 12 hours', async () => {
    const idle = await t.login();
    await backdateSession(t.db, idle.split('=')[1]!, { lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) });
    expect((await t.request(idle, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const active = await t.login();
    await backdateSession(t.db, active.split('=')[1]!, { lastSeenAt: new Date(Date.now() - 29 * 60 * 1000) });
    expect((await t.request(active, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

    const old = await t.login();
    await backdateSession(t.db, old.split('=')[1]!, { createdAt: new Date(Date.now() - 12 * 60 * 60 * 1000 - 1000) });
    expect((await t.request(old, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('never reuses a session row read while a change was landing: the next request reads the change', async () => {
    const user = await t.createUserWith([]);
    const sessionId = user.cookie.split('=')[1]!;
    // A lookup in flight when sessions are forgotten (a write committing beside it) keeps its row to itself...
    const inFlight = resolveSession(t.db, sessionId);
    forgetCachedSessions();
    expect((await inFlight)?.actor.id).toBe(user.id);
    // ...so a change made after it reaches the very next lookup.
    await t.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    expect(await resolveSession(t.db, sessionId)).toBeNull();
  });

  it('stores only a hash of the session id', async () => {
    const cookie = await t.login();
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === cookie.split('=')[1])).toBe(false);
  });

  it('refuses unsafe requests from another origin', async () => {
    const cookie = await t.login();
    const crossSite = await t.request(cookie, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await t.request(cookie, { method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(otherOrigin.statusCode).toBe(403);
    expect((await t.request(cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // Same host, another scheme or port: another origin.
    for (const origin of ['https://localhost', 'http://localhost:8080', 'null', 'file://localhost']) {
      const other = await t.request(cookie, { method: 'POST', url: '/api/auth/logout', headers: { origin, host: 'localhost' } });
      expect(other.statusCode, origin).toBe(403);
    }
    const sameOrigin = await t.request(cookie, { method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('audits login, failed login and logout with actor and address', async () => {
    await attempt(ADMIN.username, 'wrong-password', '10.9.9.9');
    const ok = await attempt(ADMIN.username, ADMIN.password, '10.9.9.9');
    const cookie = `${SESSION_COOKIE}=${ok.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie }, remoteAddress: '10.9.9.9' });
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'session'), eq(auditLog.ip, '10.9.9.9'))).orderBy(desc(auditLog.id));
    expect(rows.map((r) => r.action)).toEqual(['logout', 'login', 'login_failed']);
    expect(rows.every((r) => r.actorName === 'admin')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('wrong-password');
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never "trust all"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 10.0.0.1, 10.1.0.0/16 ,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/every X-Forwarded-For hop/);
    expect(() => parseTrustProxy('*')).toThrow(/every X-Forwarded-For hop/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/not a proxy address/);
  });

  for (const trustProxy of [1, ['127.0.0.1']] as const) {
    describe(`trusting ${JSON.stringify(trustProxy)}`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] });
      });
      afterAll(() => t.close());

      const viaProxy = (username: string, password: string, forwardedFor: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });

      it('takes the right-most forwarded address as the client: rotating a spoofed left-most one is still throttled', async () => {
        const user = await t.createUserWith([]);
        for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
          expect((await viaProxy(user.name, 'bad-password', `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(401);
        }
        expect((await viaProxy(user.name, user.password, '198.51.100.99, 203.0.113.7')).statusCode).toBe(429);
        const audited = await t.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.action, 'login_failed'));
        expect(new Set(audited.map((row) => row.ip))).toEqual(new Set(['203.0.113.7']));
        // Another client behind the same proxy is its own address.
        expect((await viaProxy(user.name, user.password, '203.0.113.8')).statusCode).toBe(200);
      });
    });
  }

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const t = await createTestApp({ trustProxy: ['10.0.0.1'] });
    try {
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'x' }, remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': '203.0.113.1' } });
      const [row] = await t.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.action, 'login_failed'));
      expect(row?.ip).toBe('192.0.2.50');
    } finally {
      await t.close();
    }
  });
});
