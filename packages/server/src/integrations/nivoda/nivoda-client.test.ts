import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeNivoda, FakeNivodaOptions } from './fake-server.ts';
import { startFakeNivoda } from './fake-server.ts';
import type { NivodaClientConfig } from './nivoda-client.ts';
import { NivodaError, createNivodaClient } from './nivoda-client.ts';

const HOUR = 60 * 60 * 1000;
let fake: FakeNivoda | undefined;
let clock = Date.parse('2026-11-23T12:00:00Z');
const now = () => clock;

async function start(options: FakeNivodaOptions = {}) {
  clock = Date.parse('2026-11-23T12:00:00Z');
  fake = await startFakeNivoda({ stones: 500, now, ...options });
  return fake;
}

const clientFor = (server: FakeNivoda, config: Partial<NivodaClientConfig> = {}) =>
  createNivodaClient({ endpoint: server.endpoint, username: server.username, password: server.password, now, retryBaseDelayMs: 1, retryMaxDelayMs: 5, ...config });

/** A raw GraphQL request, as any client would send it. */
async function graphql(server: FakeNivoda, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(server.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] } };
}

async function tokenOf(server: FakeNivoda) {
  const { body } = await graphql(server, `{ authenticate { username_and_password(username: "${server.username}", password: "${server.password}") { token } } }`);
  return (body.data!.authenticate as { username_and_password: { token: string } }).username_and_password.token;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('the Nivoda session token', () => {
  it('is kept for its lifetime and renewed before it expires, so no request is refused', async () => {
    const server = await start({ tokenLifetimeMs: 6 * HOUR });
    const client = clientFor(server);
    await client.countDiamonds({ labgrown: false });
    clock += 5 * HOUR;
    await client.countDiamonds({ labgrown: false });
    expect(server.stats.authentications).toBe(1);
    // Within the last few minutes of the 6 hours the client renews first.
    clock += 58 * 60 * 1000;
    await client.countDiamonds({ labgrown: false });
    expect(server.stats.authentications).toBe(2);
    expect(server.stats.rejectedTokens).toBe(0);
  });

  it('is renewed once when Nivoda refuses it, and the request goes through', async () => {
    const server = await start();
    const client = clientFor(server);
    const before = await client.countDiamonds({ labgrown: true });
    server.revokeTokens();
    expect(await client.countDiamonds({ labgrown: true })).toBe(before);
    expect(server.stats.rejectedTokens).toBe(1);
    expect(server.stats.authentications).toBe(2);
  });

  it('is renewed once for all the requests in flight that were refused together', async () => {
    const server = await start();
    const client = clientFor(server);
    await client.countDiamonds({ labgrown: true });
    server.revokeTokens();
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.searchDiamonds({ labgrown: i % 2 === 0 }, 0, 50)));
    expect(server.stats.rejectedTokens).toBe(6);
    expect(server.stats.authentications).toBe(2);
  });

  it('is refused by an expired clock on the server side, as Nivoda words it', async () => {
    const server = await start({ tokenLifetimeMs: HOUR });
    const token = await tokenOf(server);
    clock += HOUR;
    const { status, body } = await graphql(server, 'query { diamonds_by_query_count(query: { labgrown: false }) }', {}, token);
    expect(status).toBe(200);
    expect(body.errors).toEqual([expect.objectContaining({ message: 'Unauthorized: token expired', extensions: { code: 'UNAUTHENTICATED' } })]);
    expect(body.data).toEqual({ diamonds_by_query_count: null });
  });

  it('stops with a clear error when even a fresh token is refused', async () => {
    const server = await start();
    // Every search finds the tokens revoked, as if the account were switched off in between.
    const client = clientFor(server, {
      fetch: (input, init) => {
        if (String(init?.body).includes('diamonds_by_query')) server.revokeTokens();
        return fetch(input, init);
      },
    });
    const error = await client.searchDiamonds({ labgrown: false }, 0, 50).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NivodaError);
    expect(error).toMatchObject({ reason: 'auth', message: expect.stringMatching(/refused a freshly issued session token/) });
    expect(server.stats.authentications).toBe(2);
  });

  it('stops at once on a wrong password, without retrying', async () => {
    const server = await start();
    const client = clientFor(server, { password: 'wrong' });
    await expect(client.countDiamonds({})).rejects.toMatchObject({ reason: 'auth', message: expect.stringMatching(/refused the username and password \(Invalid username or password\)/) });
    expect(server.stats.requests).toBe(1);
  });
});

describe('requests that fail', () => {
  it('retries a 429 after the Retry-After Nivoda asks for, then succeeds', async () => {
    const server = await start();
    const client = clientFor(server);
    await client.countDiamonds({ labgrown: false });
    server.failNext(2, { status: 429, retryAfterSeconds: 1 });
    const started = performance.now();
    expect(await client.countDiamonds({ labgrown: false })).toBeGreaterThan(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(server.stats.failuresServed).toBe(2);
    expect(client.stats.retries).toBe(2);
  });

  it('retries 5xx, hangs and dropped connections with backoff', async () => {
    const server = await start();
    const client = clientFor(server, { requestTimeoutMs: 300 });
    server.failNext(1, { status: 502 });
    server.failNext(1, 'hang');
    server.failNext(1, 'reset');
    server.failNext(1, { status: 503 });
    expect(await client.countDiamonds({ labgrown: true })).toBeGreaterThan(0);
    expect(client.stats.retries).toBe(4);
  });

  it('gives up after the configured tries with an error that says why', async () => {
    const server = await start();
    const client = clientFor(server, { maxAttempts: 4 });
    await client.countDiamonds({ labgrown: true });
    const requests = server.stats.requests;
    server.failNext(Infinity, { status: 500 });
    await expect(client.countDiamonds({ labgrown: true })).rejects.toMatchObject({ reason: 'unavailable', message: 'Nivoda is unavailable: HTTP 500 on 4 tries in a row' });
    expect(server.stats.requests - requests).toBe(4);
  });

  it('never follows a redirect: the login (username and password in its body) goes nowhere else', async () => {
    // Another host, and an endpoint that answers every request with a 307 to it (a 307 keeps the body).
    const elsewhere: string[] = [];
    const other = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        elsewhere.push(body);
        response.end('{}');
      });
    });
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/collect` }).end();
    });
    await Promise.all([other, redirecting].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
    try {
      const client = createNivodaClient({ endpoint: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/api/diamonds`, username: 'shop@example.com', password: 'hunter2-secret', now, retryBaseDelayMs: 1 });
      await expect(client.countDiamonds({})).rejects.toMatchObject({ reason: 'rejected', message: expect.stringMatching(/^Nivoda answered HTTP 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/collect, which is not followed; check the Nivoda endpoint$/) });
      expect(client.stats.requests).toBe(1);
      expect(elsewhere).toEqual([]);
    } finally {
      await Promise.all([other, redirecting].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('stops reading an answer that runs past the size cap, so a flood never fills memory, and says why', async () => {
    const server = await start();
    const client = clientFor(server, { maxResponseBytes: 64 * 1024 });
    await client.countDiamonds({ labgrown: false });
    // 64 MB, chunked: no length announced, so only the bytes read can tell.
    server.failNext(1, { status: 200, bytes: 64 * 2 ** 20, declareLength: false });
    await expect(client.countDiamonds({ labgrown: false })).rejects.toMatchObject({
      reason: 'rejected',
      message: "Nivoda's answer is larger than 64 KB, the most one request may bring, so the run stops; check the Nivoda endpoint",
    });
    // The connection was closed: the fake got no further than the sockets' buffers hold, and the answer was not asked for again.
    expect(server.stats.oversizedBytesSent).toBeLessThan(16 * 2 ** 20);
    expect(client.stats.retries).toBe(0);
    // Answers within the cap are read as usual: a page of 50 stones is well under 64 KB.
    expect((await client.searchDiamonds({ labgrown: false }, 0, 50)).items).toHaveLength(50);
  });

  it('refuses an answer whose announced length is past the cap without reading it', async () => {
    const server = await start();
    const client = clientFor(server, { maxResponseBytes: 64 * 1024 });
    server.failNext(1, { status: 200, bytes: 64 * 2 ** 20 });
    await expect(client.countDiamonds({})).rejects.toMatchObject({ reason: 'rejected', message: expect.stringMatching(/^Nivoda's answer is larger than 64 KB/) });
    expect(server.stats.oversizedBytesSent).toBeLessThan(16 * 2 ** 20);
    expect(client.stats.requests).toBe(1);
  });

  it('stops retrying when the caller aborts', async () => {
    const server = await start();
    const client = clientFor(server, { retryBaseDelayMs: 10_000, retryMaxDelayMs: 10_000 });
    server.failNext(Infinity, { status: 500 });
    const controller = new AbortController();
    const pending = client.countDiamonds({}, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the fake Nivoda', () => {
  it('answers only the fields asked, under their aliases', async () => {
    const server = await start();
    const token = await tokenOf(server);
    const { body } = await graphql(
      server,
      `query Few($q: DiamondQuery!) { page: diamonds_by_query(query: $q, limit: 3) { items { id price diamond { certificate { carats weight: carats } } } } }`,
      { q: { labgrown: false } },
      token,
    );
    const page = body.data!.page as { items: Record<string, unknown>[]; total_count?: number };
    expect(Object.keys(page)).toEqual(['items']);
    expect(page.items).toHaveLength(3);
    for (const item of page.items) {
      expect(Object.keys(item)).toEqual(['id', 'price', 'diamond']);
      expect(item.diamond).toEqual({ certificate: { carats: expect.any(Number), weight: expect.any(Number) } });
    }
  });

  it('also takes the token the GraphiQL way, as(token:)', async () => {
    const server = await start();
    const token = await tokenOf(server);
    const { body } = await graphql(server, 'query Count($token: String!) { as(token: $token) { diamonds_by_query_count(query: { labgrown: true }) } }', { token });
    expect(body.data).toEqual({ as: { diamonds_by_query_count: server.inventory.indicesOf('lab').length } });
    const refused = await graphql(server, '{ as(token: "not-a-token") { diamonds_by_query_count(query: {}) } }');
    expect(refused.body).toEqual({ data: { as: null }, errors: [expect.objectContaining({ message: 'Unauthorized: invalid token' })] });
  });

  it('refuses a page of more than 50, and fields that do not exist', async () => {
    const server = await start();
    const token = await tokenOf(server);
    const tooMany = await graphql(server, '{ diamonds_by_query(query: {}, limit: 51) { total_count } }', {}, token);
    expect(tooMany.body.errors?.[0]?.message).toBe('limit must be between 0 and 50');
    const unknown = await graphql(server, '{ diamonds_by_query(query: {}) { items { colour } } }', {}, token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.message).toMatch(/^Cannot query field "colour" on type "DiamondItem"/);
  });

  it('filters by kind, price, weight and certificate, inclusive ranges as Nivoda’s', async () => {
    const server = await start({ stones: 3_000 });
    const client = clientFor(server);
    const all = await client.searchDiamonds({ labgrown: true, dollar_value: { from: 500, to: 800 }, sizes: [{ from: 0.5, to: 1 }] }, 0, 50);
    expect(all.total_count).toBeGreaterThan(0);
    for (const item of all.items) {
      expect(item.diamond?.certificate?.labgrown).toBe(true);
      expect(Number(item.price)).toBeGreaterThanOrEqual(50_000);
      expect(Number(item.price)).toBeLessThanOrEqual(80_000);
      expect(item.diamond?.certificate?.carats).toBeGreaterThanOrEqual(0.5);
      expect(item.diamond?.certificate?.carats).toBeLessThanOrEqual(1);
    }
    const prices = all.items.map((item) => Number(item.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const certificate = all.items[0]!.diamond!.certificate!.certNumber!;
    const found = await client.searchDiamonds({ certificate_numbers: [certificate] }, 0, 50);
    expect(found.items.map((item) => item.id)).toEqual([all.items[0]!.id]);
  });
});
