import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSpellings } from '../test/path-spellings.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestApp } from '../test/test-app.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Walks every /api route of the route table (a superset of the OpenAPI document: hidden routes and
 * the docs too) under other spellings of its path, over a real socket, so that the request line goes
 * out exactly as written (`GET http://x/api/... HTTP/1.1`, `/x/../api`, `//api`) with no client
 * tidying it first. Without a session nothing answers 2xx and no handler answers at all: only the
 * guard's 401 or the not-found 404. The web app is built into the server, so an API path the router
 * did not match cannot fall through to its page either.
 */
describe('the guard whatever the spelling of the path', () => {
  let t: TestApp;
  let base: URL;
  let dist: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facet</title>');
    t = await createTestApp({ webDistDir: dist, demoData: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** Sends the request line as written; a body for unsafe methods. */
  function send(method: string, requestPath: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = body ?? (method === 'GET' || method === 'DELETE' ? undefined : '{}');
      const request = http.request(
        { agent, host: base.hostname, port: base.port, method, path: requestPath, headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
  /** Every route that is not public, with the docs UI the plugin adds. */
  const guardedRoutes = () => [
    ...t.app.apiRoutes.filter((r) => !r.config.public && r.method !== 'HEAD').map((r) => ({ method: r.method, url: concrete(r.url) })),
    { method: 'GET', url: '/api/docs' },
    { method: 'GET', url: '/api/docs/json' },
  ];

  /** The code of an error answer, or why the answer is not one. */
  function errorCode(answer: Answer): string {
    try {
      return (JSON.parse(answer.body) as { error: { code: string } }).error.code;
    } catch {
      return `not an error body: ${answer.body.slice(0, 80)}`;
    }
  }

  async function walk(headers: Record<string, string>, allowed: (answer: Answer, route: { method: string; url: string }) => boolean, skipped = new Set<string>()) {
    const findings: string[] = [];
    let sent = 0;
    for (const route of guardedRoutes().filter((r) => !skipped.has(`${r.method} ${r.url}`))) {
      for (const spelling of [{ what: 'as declared', path: route.url }, ...pathSpellings(route.url)]) {
        const answer = await send(route.method, spelling.path, headers);
        sent++;
        if (!allowed(answer, route) || answer.headers['cache-control'] !== 'no-store') {
          findings.push(`${route.method} ${spelling.path} (${spelling.what}): ${answer.status} ${answer.headers['cache-control']} ${answer.body.slice(0, 100)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    return findings;
  }

  it('answers 401 or 404 to every spelling of every guarded route without a session, never a handler', { timeout: 300_000 }, async () => {
    const findings = await walk({}, (answer) => (answer.status === 401 && errorCode(answer) === 'UNAUTHENTICATED') || (answer.status === 404 && errorCode(answer) === 'NOT_FOUND'));
    expect(findings.slice(0, 20)).toEqual([]);
  });

  it('answers 403 or 404 to every spelling of every permission-guarded route for a user without permissions', { timeout: 300_000 }, async () => {
    const { cookie } = await t.createUserWith([]);
    // Routes for any signed-in user (who am I, the API's map and docs) are theirs to call, however spelled.
    const anySignedIn = new Set([...t.app.apiRoutes.filter((r) => r.config.authenticated).map((r) => `${r.method} ${concrete(r.url)}`), 'GET /api/docs', 'GET /api/docs/json']);
    const findings = await walk({ cookie }, (answer, route) => {
      if (anySignedIn.has(`${route.method} ${route.url}`)) return answer.status < 500;
      const code = errorCode(answer);
      // Storefront routes know no session: 401 for want of a key.
      const refusal = route.url.startsWith('/api/storefront/') ? [401, 'UNAUTHENTICATED'] : [403, 'FORBIDDEN'];
      return (answer.status === refusal[0] && code === refusal[1]) || (answer.status === 404 && code === 'NOT_FOUND');
    }, new Set(['POST /api/auth/logout']));
    // The session lived through the walk, so every refusal above was the permission's, not a lost sign-in's.
    expect(findings.slice(0, 20)).toEqual([]);
    const me = await send('GET', '/%61pi/auth/me', { cookie });
    expect(me.status).toBe(200);
    const customers = await send('GET', '/%61pi/customers?pageSize=2', { cookie });
    expect([customers.status, errorCode(customers)]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses a cross-site write under any spelling, even with a valid session', async () => {
    const admin = await t.login();
    for (const spelling of pathSpellings('/api/customer-groups')) {
      const answer = await send('POST', spelling.path, { cookie: admin, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, JSON.stringify({ name: 'x' }));
      expect([answer.status], `${spelling.what}: ${answer.body.slice(0, 100)}`).toContain(answer.status === 404 ? 404 : 403);
      if (answer.status === 403) expect(JSON.parse(answer.body).error.message).toBe(MESSAGES.crossOrigin);
    }
  });

  it('keeps the body limit under any spelling', async () => {
    const admin = await t.login();
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const answer = await send('POST', '/%61pi/customer-groups', { cookie: admin }, big);
    expect(answer.status).toBe(413);
  });

  it('answers an unknown API path with 404 however spelled, and still serves the web app elsewhere', async () => {
    for (const spelling of ['/api/nothing-here', '//api/customers', '/API/customers', '/%61pi/nothing-here', 'http://x/api/nothing-here', '/api']) {
      const answer = await send('GET', spelling);
      expect([spelling, answer.status, errorCode(answer)]).toEqual([spelling, 404, 'NOT_FOUND']);
    }
    const page = await send('GET', '/customers/edit/1');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Facet</title>');
    expect((await send('GET', '/%61pi/customers')).status).toBe(401);
  });
});
