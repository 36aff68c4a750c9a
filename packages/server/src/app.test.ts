import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuard } from './http/guard.ts';
import { auditLog } from './db/audit.table.ts';
import type { TestApp } from './test/test-app.ts';
import { ADMIN, createTestApp } from './test/test-app.ts';

describe('the HTTP shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves health to anyone, and OpenAPI and the docs UI to signed-in staff only', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/docs/static/index.html' })).statusCode).toBe(401);
    const cookie = await t.login();
    const openapi = (await t.request(cookie, { url: '/api/openapi.json' })).json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/users', '/api/users/{id}', '/api/auth/login']));
    expect((await t.request(cookie, { url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('marks every API answer no-store, errors included', async () => {
    const cookie = await t.login();
    for (const [who, url] of [[cookie, '/api/users'], [cookie, '/api/auth/me'], [undefined, '/api/users'], [cookie, '/api/users/999999'], [undefined, '/api/health']] as const) {
      const response = await t.request(who, { url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends the security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // An API answer is no document: it may reach and frame nothing beyond the app (the page's own
    // policy adds the analytics report's site: analytics-report.test.ts).
    expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)frame-src 'self'(;|$)/);
  });

  it('answers bad input with 4xx and the error body, never a 500', async () => {
    const cookie = await t.login();
    const badJson = await t.request(cookie, { method: 'POST', url: '/api/roles', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('VALIDATION_FAILED');
    const wrongType = await t.request(cookie, { method: 'POST', url: '/api/roles', headers: { 'content-type': 'text/xml' }, payload: '<x/>' });
    expect(wrongType.statusCode).toBe(415);
    const tooBig = await t.request(cookie, { method: 'POST', url: '/api/roles', payload: { name: 'x'.repeat(2 * 1024 * 1024), permissionIds: [1] } });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const badId = await t.request(cookie, { method: 'GET', url: '/api/users/abc' });
    expect(badId.statusCode).toBe(400);
    const missing = await t.request(cookie, { method: 'GET', url: '/api/users/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
    const wrongShape = await t.request(cookie, { method: 'POST', url: '/api/roles', payload: { name: 42, permissionIds: 'all' } });
    expect(wrongShape.statusCode).toBe(400);
    const unknownApi = await t.request(cookie, { method: 'GET', url: '/api/nothing-here' });
    expect(unknownApi.statusCode).toBe(404);
  });

  it('never logs passwords, cookies or session ids', async () => {
    const secret = 'Very-Secret9';
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: ADMIN.username, password: secret } });
    const cookie = await t.login();
    await t.request(cookie, { method: 'GET', url: '/api/auth/me' });
    await t.request(cookie, { method: 'GET', url: '/dropboximagesync?code=oauth-code-123' });
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(ADMIN.password);
    expect(logs).not.toContain(cookie.split('=')[1]);
    expect(logs).not.toContain('oauth-code-123');
  });

  it("keeps customers' e-mails and searches out of logged URLs: parameter names only, values but paging and sorting redacted", async () => {
    const cookie = await t.login();
    const email = 'jane.doe.logs@example.com';
    const listed = await t.request(cookie, { method: 'GET', url: `/api/customers?page=2&pageSize=10&sort=email&order=desc&email=${encodeURIComponent(email)}&search=${email}&name=Jane%20Doe` });
    expect(listed.statusCode, listed.body).toBe(200);
    const logs = t.logs.join('\n');
    expect(logs).not.toContain('jane.doe');
    expect(logs).not.toContain('Jane');
    expect(logs).toContain('/api/customers?page=2&pageSize=10&sort=email&order=desc&email=[REDACTED]&search=[REDACTED]&name=[REDACTED]');
  });

  it('audits writes with before and after, passwords masked', async () => {
    const cookie = await t.login();
    const role = (await t.request(cookie, { method: 'POST', url: '/api/roles', payload: { name: 'Auditors', permissionIds: [1] } })).json();
    const user = await t.request(cookie, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'audited', email: 'audited@example.com', password: 'secret-pw1', confirmPassword: 'secret-pw1', status: true, roleIds: [role.id] },
    });
    expect(user.statusCode).toBe(201);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'user')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ action: 'create', entityId: String(user.json().id), actorName: 'admin' });
    expect(row!.after).toMatchObject({ name: 'audited', roleNames: ['Auditors'] });
    expect(JSON.stringify(row)).not.toContain('secret-pw1');
    expect(JSON.stringify(row)).not.toContain('argon2');
  });
});

const noStorefront = () => Promise.reject(new Error('no storefront in this test'));

describe('route declarations', () => {
  it('refuses to start when an /api route declares no permission', async () => {
    const app = Fastify();
    registerGuard(app, () => Promise.resolve(null), noStorefront);
    const start = async () => {
      app.get('/api/forgotten', () => 'oops');
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no permission/);
  });

  it('refuses a route outside /api that declares nothing too: no route is open by default', () => {
    const app = Fastify();
    registerGuard(app, () => Promise.resolve(null), noStorefront);
    expect(() => app.get('/reports/everything', () => 'oops')).toThrow(/declares no permission/);
    expect(() => app.get('/reports/both', { config: { public: true, permission: 'system' } }, () => 'oops')).toThrow(/more than one/);
  });

  it('refuses a storefront route that declares a staff permission, and a staff route that declares a storefront scope', async () => {
    const declare = (url: string, config: FastifyContextConfig) => {
      const app = Fastify();
      registerGuard(app, () => Promise.resolve(null), noStorefront);
      // The guard's onRoute hook refuses the declaration as it is made.
      app.get(url, { config }, () => 'oops');
    };
    expect(() => declare('/api/storefront/v1/x', { storefront: { scope: null }, permission: 'system' })).toThrow(/storefront routes, and only they/);
    expect(() => declare('/api/users-x', { storefront: { scope: 'customers:write' } })).toThrow(/storefront routes, and only they/);
    expect(() => declare('/api/storefront/v1/y', { public: true })).toThrow(/storefront routes, and only they/);
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facet</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the app at / (the address people type first)', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<title>Facet</title>');
  });

  it('serves files, index.html for client routes, and 404 for a missing file', async () => {
    const script = await t.app.inject({ url: '/assets/app-1.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const route = await t.app.inject({ url: '/users/edit/3?page=2' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.body).toContain('<title>Facet</title>');
    const missing = await t.app.inject({ url: '/assets/app-0.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves files written after start (a rebuild needs no restart)', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const script = await t.app.inject({ url: '/assets/app-2.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(2)');
  });
});
