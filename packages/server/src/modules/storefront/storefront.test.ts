import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { MESSAGES } from '@facet/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { TEMPLATE_BOOTSTRAP } from '../../test/test-database.ts';
import { keyedHash } from '../../secret-key.ts';
import { auditLog } from '../../db/audit.table.ts';
import { apiKeys } from '../api-keys/api-key.table.ts';
import { createIdempotency } from './idempotency.ts';
import { customerAddresses, customers } from '../customers/customer.table.ts';
import { storefrontIdempotency } from './idempotency.table.ts';
import { simulateStorefront } from './simulate.ts';

/** A storefront POST of the test's own: writes one row per run, so a test can count executions. */
async function notesRoute(app: FastifyInstance, db: Db) {
  await db.execute(sql`create table storefront_test_notes (id integer primary key generated always as identity, text text not null)`);
  const idempotent = createIdempotency(db, TEMPLATE_BOOTSTRAP.secretKey);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/storefront/v1/test-notes',
    { config: { storefront: { scope: 'customers:write' } }, schema: { body: z.object({ text: z.string().max(100) }), hide: true } },
    (request, reply) =>
      idempotent(request, reply, async () => {
        // Slow enough that a concurrent duplicate arrives while it runs.
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (request.body.text === 'fail') throw new Error('failing on purpose');
        const result = await db.execute(sql`insert into storefront_test_notes (text) values (${request.body.text}) returning id`);
        return { status: 201, body: { id: (result as unknown as { rows: { id: number }[] }).rows[0]!.id, text: request.body.text } };
      }),
  );
}

const countNotes = async (db: Db) => Number(((await db.execute(sql`select count(*)::int as n from storefront_test_notes`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('storefront API: keys, scopes, rate limit, idempotency', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ storefrontRateLimit: 6, storefrontRateWindowSeconds: 60 }, { routes: notesRoute });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  async function createKey(scopes: string[], name = 'Storefront'): Promise<{ id: number; key: string }> {
    const response = await t.request(admin, { method: 'POST', url: '/api/api-keys', payload: { name, scopes } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const ping = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/storefront/v1/ping', headers });
  const note = (key: string, text: string, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/storefront/v1/test-notes',
      headers: { authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: { text },
    });

  it('creates a key shown once, lists it by prefix, audits create and revoke without the secret', async () => {
    const noScope = await t.request(admin, { method: 'POST', url: '/api/api-keys', payload: { name: 'x', scopes: [] } });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().error.issues[0]).toMatchObject({ path: ['scopes'], message: MESSAGES.selectAtLeastOne });
    const badScope = await t.request(admin, { method: 'POST', url: '/api/api-keys', payload: { name: 'x', scopes: ['orders:delete'] } });
    expect(badScope.statusCode).toBe(400);
    const noName = await t.request(admin, { method: 'POST', url: '/api/api-keys', payload: { name: ' ', scopes: ['customers:write'] } });
    expect(noName.json().error.issues[0]).toMatchObject({ path: ['name'], message: MESSAGES.required });

    const { id, key } = await createKey(['customers:write'], 'Shopify theme');
    const list = (await t.request(admin, { method: 'GET', url: '/api/api-keys' })).json().items as Record<string, unknown>[];
    const listed = list.find((item) => item.id === id)!;
    expect(listed).toMatchObject({ name: 'Shopify theme', prefix: key.slice(0, 15), scopes: ['customers:write'], createdByName: 'admin', revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(key);
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(stored!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.slice(15));

    expect((await ping({ authorization: `Bearer ${key}` })).statusCode).toBe(200);
    const [used] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(used!.lastUsedAt).not.toBeNull();

    const revoked = await t.request(admin, { method: 'POST', url: `/api/api-keys/${id}/revoke` });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await t.request(admin, { method: 'POST', url: `/api/api-keys/${id}/revoke` })).statusCode).toBe(409);
    expect((await t.request(admin, { method: 'POST', url: '/api/api-keys/2147483647/revoke' })).statusCode).toBe(404);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'api_key'));
    const rows = audit.filter((row) => row.entityId === String(id));
    expect(rows.map((row) => row.action).sort()).toEqual(['create', 'revoke']);
    expect(rows.find((row) => row.action === 'create')!.after).toMatchObject({ name: 'Shopify theme', prefix: key.slice(0, 15), scopes: ['customers:write'] });
    expect(JSON.stringify(audit)).not.toContain(key.slice(15));
  });

  it('answers 401 without a key, with an unknown key, and with a revoked one', async () => {
    const none = await ping({});
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.apiKeyMissing });
    expect((await ping({ authorization: 'Bearer facet_sk_unknown' })).statusCode).toBe(401);
    expect((await ping({ authorization: 'Basic abc' })).statusCode).toBe(401);

    const { id, key } = await createKey(['customers:write']);
    expect(key).toMatch(/^facet_sk_[A-Za-z0-9_-]{43}$/);
    expect((await ping({ authorization: `Bearer ${key}` })).json()).toMatchObject({ ok: true, key: 'Storefront' });
    expect((await ping({ 'x-api-key': key })).statusCode).toBe(200);
    expect((await t.request(admin, { method: 'POST', url: `/api/api-keys/${id}/revoke` })).statusCode).toBe(200);
    const revoked = await ping({ authorization: `Bearer ${key}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe(MESSAGES.apiKeyInvalid);
  });

  it('answers 403 to a key lacking the route scope, and writes nothing', async () => {
    // A key with no customer scope: narrowed in the table, as no other scope exists yet to give it.
    const { key: scoped } = await createKey(['customers:write'], 'narrowed');
    await t.db.update(apiKeys).set({ scopes: [] }).where(eq(apiKeys.name, 'narrowed'));
    const before = await countNotes(t.db);
    const response = await note(scoped, 'hello', 'scope-1');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.apiKeyScope('customers:write') });
    expect(await countNotes(t.db)).toBe(before);
  });

  it('does not let a staff session in to the storefront, nor a key in to staff routes', async () => {
    expect((await t.request(admin, { method: 'GET', url: '/api/storefront/v1/ping' })).statusCode).toBe(401);
    const { key } = await createKey(['customers:write']);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { 'x-api-key': key } })).statusCode).toBe(401);
  });

  it('rate limits per key: over the limit 429 with Retry-After; another key is not affected', async () => {
    const { key } = await createKey(['customers:write']);
    const { key: other } = await createKey(['customers:write']);
    for (let i = 0; i < 6; i++) expect((await ping({ authorization: `Bearer ${key}` })).statusCode).toBe(200);
    const limited = await ping({ authorization: `Bearer ${key}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await ping({ authorization: `Bearer ${other}` })).statusCode).toBe(200);
  });

  it('runs a POST once per Idempotency-Key: a repeat replays the answer, another body is 422', async () => {
    const { key } = await createKey(['customers:write']);
    const before = await countNotes(t.db);
    const first = await note(key, 'once', 'idem-1');
    expect(first.statusCode).toBe(201);
    const again = await note(key, 'once', 'idem-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countNotes(t.db)).toBe(before + 1);

    const other = await note(key, 'another body', 'idem-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({ code: 'UNPROCESSABLE', message: MESSAGES.idempotencyKeyReused });
    expect(await countNotes(t.db)).toBe(before + 1);
    // The same Idempotency-Key under another API key is another request.
    const { key: second } = await createKey(['customers:write']);
    expect((await note(second, 'once', 'idem-1')).headers['idempotent-replayed']).toBeUndefined();
    expect(await countNotes(t.db)).toBe(before + 2);
  });

  it('fingerprints a request with an HMAC of the secret key, not a plain SHA-256 of a body that may hold a password', async () => {
    const { key, id } = await createKey(['customers:write']);
    expect((await note(key, 'secret-pw1', 'idem-hash')).statusCode).toBe(201);
    const [row] = await t.db.select().from(storefrontIdempotency).where(and(eq(storefrontIdempotency.apiKeyId, id), eq(storefrontIdempotency.idempotencyKey, 'idem-hash')));
    const fingerprinted = 'POST /api/storefront/v1/test-notes\n{"text":"secret-pw1"}';
    // Whoever reads the table cannot test guessed bodies (passwords) against it without the key.
    expect(row!.requestHash).not.toBe(createHash('sha256').update(fingerprinted).digest('hex'));
    expect(row!.requestHash).toBe(keyedHash(TEMPLATE_BOOTSTRAP.secretKey, fingerprinted));
  });

  it('runs concurrent duplicates once: the second waits for the first and gets its answer', async () => {
    const { key } = await createKey(['customers:write']);
    const before = await countNotes(t.db);
    const [a, b] = await Promise.all([note(key, 'race', 'idem-race'), note(key, 'race', 'idem-race')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await countNotes(t.db)).toBe(before + 1);
  });

  it('gives the claim back when the request fails, refuses a malformed key, and forgets answers after 24 hours', async () => {
    const { key, id } = await createKey(['customers:write']);
    expect((await note(key, 'fail', 'idem-fail')).statusCode).toBe(500);
    expect(await t.db.select().from(storefrontIdempotency).where(eq(storefrontIdempotency.idempotencyKey, 'idem-fail'))).toEqual([]);
    const malformed = await note(key, 'x', 'has space');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(MESSAGES.idempotencyKeyFormat);

    const before = await countNotes(t.db);
    expect((await note(key, 'old', 'idem-old')).statusCode).toBe(201);
    await t.db
      .update(storefrontIdempotency)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(storefrontIdempotency.apiKeyId, id));
    const fresh = await note(key, 'old', 'idem-old');
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNotes(t.db)).toBe(before + 2);
  });

  describe('customer endpoints', () => {
    let n = 0;
    const customer = (overrides: Record<string, unknown> = {}) => ({
      firstName: 'Olivia',
      lastName: 'Hughes',
      email: `olivia.hughes${++n}@example.co.uk`,
      contactNumber: '07700 900123',
      password: 'secret-pw1',
      confirmPassword: 'secret-pw1',
      ...overrides,
    });
    const address = (overrides: Record<string, unknown> = {}) => ({
      firstName: 'Olivia',
      lastName: 'Hughes',
      street: '221B Baker Street',
      countryId: 'GB',
      stateId: 'ENG',
      city: 'London',
      postcode: 'NW1 6XE',
      contactNumber: '020 7946 0000',
      defaultBilling: true,
      defaultShipping: true,
      ...overrides,
    });
    const call = (key: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, idempotencyKey?: string) =>
      t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) } });
    const countCustomers = async (email: string) => (await t.db.select().from(customers).where(eq(customers.email, email))).length;

    it('registers a customer once however often the same Idempotency-Key arrives, even at the same moment', async () => {
      const { key } = await createKey(['customers:write']);
      const body = customer();
      const [a, b] = await Promise.all([
        call(key, 'POST', '/api/storefront/v1/customers', body, 'register-1'),
        call(key, 'POST', '/api/storefront/v1/customers', body, 'register-1'),
      ]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect(a.json()).not.toHaveProperty('password');
      expect(await countCustomers(body.email)).toBe(1);
      const replay = await call(key, 'POST', '/api/storefront/v1/customers', body, 'register-1');
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().id).toBe(a.json().id);
      const changed = await call(key, 'POST', '/api/storefront/v1/customers', { ...body, firstName: 'Amelia' }, 'register-1');
      expect(changed.statusCode).toBe(422);
      expect(await countCustomers(body.email)).toBe(1);
      // Audited with no staff actor, the key named in the request id.
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(a.json().id))));
      expect(audit).toMatchObject({ action: 'create', entity: 'customer', actorId: null });
      expect(audit!.requestId).toMatch(/api-key-\d+$/);
    });

    it('refuses bad registrations with the customer rules and messages, writing nothing', async () => {
      const { key } = await createKey(['customers:write']);
      const badEmail = await call(key, 'POST', '/api/storefront/v1/customers', customer({ email: 'olivia@' }));
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().error.issues[0]).toMatchObject({ path: ['email'], message: MESSAGES.invalidEmail });
      const mismatch = await call(key, 'POST', '/api/storefront/v1/customers', customer({ confirmPassword: 'other-pw12' }));
      expect(mismatch.json().error.issues).toContainEqual({ path: ['confirmPassword'], message: MESSAGES.passwordMismatch });
      const first = customer();
      expect((await call(key, 'POST', '/api/storefront/v1/customers', first)).statusCode).toBe(201);
      const duplicate = await call(key, 'POST', '/api/storefront/v1/customers', { ...customer(), email: first.email.toUpperCase() });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.issues[0]).toMatchObject({ path: ['email'], message: MESSAGES.duplicate('Email') });
    });

    it('a guest at checkout is one guest customer however often they check out; signing up registers that guest', async () => {
      const { key } = await createKey(['customers:write']);
      const { key: key3 } = await createKey(['customers:write']);
      const guest = { firstName: 'Freya', lastName: 'Walsh', email: `freya.walsh${++n}@example.co.uk`, contactNumber: '07700 900456' };
      const first = await call(key, 'POST', '/api/storefront/v1/guests', guest);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ isGuest: true, socialId: '', email: guest.email });
      const again = await call(key, 'POST', '/api/storefront/v1/guests', { ...guest, email: guest.email.toUpperCase(), lastName: 'Walsh-Reid' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ id: first.json().id, lastName: 'Walsh-Reid', isGuest: true });
      expect(await countCustomers(guest.email)).toBe(1);
      const [stored] = await t.db.select().from(customers).where(eq(customers.email, guest.email));
      expect(stored!.passwordHash).toBeNull();

      // Signing up with the guest's email, the address not verified: the answer a registered customer's email
      // gets (nothing tells a guest apart), and the guest is untouched.
      const unverified = await call(key, 'POST', '/api/storefront/v1/customers', customer({ email: guest.email }));
      expect(unverified.statusCode, unverified.body).toBe(409);
      expect(unverified.json().error.issues).toEqual([{ path: ['email'], message: MESSAGES.duplicate('Email') }]);
      const [untouched] = await t.db.select().from(customers).where(eq(customers.email, guest.email));
      expect(untouched).toMatchObject({ isGuest: true, passwordHash: null, lastName: 'Walsh-Reid' });
      // Once the storefront has verified the address: the same customer, now registered with a password.
      const signUp = await call(key, 'POST', '/api/storefront/v1/customers', customer({ email: guest.email, emailVerified: true }));
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect(signUp.json()).toMatchObject({ id: first.json().id, isGuest: false, firstName: 'Olivia' });
      const [registered] = await t.db.select().from(customers).where(eq(customers.email, guest.email));
      expect(registered!.passwordHash).toMatch(/^\$argon2id\$/);
      // Now a registered customer's email: neither a guest checkout nor another sign-up may take it.
      for (const [url, body] of [
        ['/api/storefront/v1/guests', guest],
        ['/api/storefront/v1/customers', customer({ email: guest.email })],
        ['/api/storefront/v1/customers', customer({ email: guest.email, emailVerified: true })],
      ] as const) {
        const taken = await call(key3, 'POST', url, body);
        expect(taken.statusCode, url).toBe(409);
        expect(taken.json().error.issues[0]).toMatchObject({ path: ['email'], message: MESSAGES.duplicate('Email') });
      }
      expect(await countCustomers(guest.email)).toBe(1);
      // A guest given a password through an update has an account from then on (another key: 6 requests a minute here).
      const { key: key2 } = await createKey(['customers:write']);
      const other = (await call(key2, 'POST', '/api/storefront/v1/guests', { ...guest, email: `guest.other${++n}@example.co.uk` })).json();
      const withPassword = await call(key2, 'PATCH', `/api/storefront/v1/customers/${other.id}`, { password: 'secret-pw2', confirmPassword: 'secret-pw2' });
      expect(withPassword.statusCode, withPassword.body).toBe(200);
      expect(withPassword.json()).toMatchObject({ id: other.id, isGuest: false });
      const bad = await call(key2, 'POST', '/api/storefront/v1/guests', { ...guest, email: 'freya@', contactNumber: '123' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(['contactNumber', 'email']);
    });

    it('five first check-outs of one email at the same moment make one guest customer', async () => {
      const { key } = await createKey(['customers:write']);
      const guest = { firstName: 'Harry', lastName: 'Doyle', email: `harry.doyle${++n}@example.co.uk`, contactNumber: '07700 900789' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => call(key, 'POST', '/api/storefront/v1/guests', guest)));
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
      expect(await countCustomers(guest.email)).toBe(1);
    });

    it('registers with a social sign-in id instead of a password; the id is unique among customers', async () => {
      const { key } = await createKey(['customers:write']);
      const noSecret = await call(key, 'POST', '/api/storefront/v1/customers', customer({ password: undefined, confirmPassword: undefined }));
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json().error.issues).toContainEqual({ path: ['password'], message: MESSAGES.required });
      const badId = await call(key, 'POST', '/api/storefront/v1/customers', customer({ password: undefined, confirmPassword: undefined, socialId: 'not an id' }));
      expect(badId.json().error.issues).toContainEqual({ path: ['socialId'], message: MESSAGES.invalidSocialId });
      const socialId = `google:10432${++n}`;
      const social = await call(key, 'POST', '/api/storefront/v1/customers', customer({ password: undefined, confirmPassword: undefined, socialId }));
      expect(social.statusCode, social.body).toBe(201);
      expect(social.json()).toMatchObject({ socialId, isGuest: false });
      const [stored] = await t.db.select().from(customers).where(eq(customers.id, social.json().id));
      expect(stored).toMatchObject({ socialId, passwordHash: null });
      const twice = customer({ password: undefined, confirmPassword: undefined, socialId });
      const clash = await call(key, 'POST', '/api/storefront/v1/customers', twice);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.issues[0]).toMatchObject({ path: ['socialId'], message: MESSAGES.duplicate('Social sign-in') });
      expect(await countCustomers(twice.email)).toBe(0);
    });

    it('updates a customer (PUT and PATCH) and adds, changes and deletes addresses', async () => {
      const { key } = await createKey(['customers:write']);
      const created = (await call(key, 'POST', '/api/storefront/v1/customers', customer())).json();
      const put = await call(key, 'PUT', `/api/storefront/v1/customers/${created.id}`, { ...customer(), firstName: 'Isla', password: '', confirmPassword: '' });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().firstName).toBe('Isla');
      const patch = await call(key, 'PATCH', `/api/storefront/v1/customers/${created.id}`, { lastName: 'Price', isSubscribed: true });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ firstName: 'Isla', lastName: 'Price', isSubscribed: true });
      const badPatch = await call(key, 'PATCH', `/api/storefront/v1/customers/${created.id}`, { contactNumber: '077009001' });
      expect(badPatch.json().error.issues[0]).toMatchObject({ path: ['contactNumber'], message: MESSAGES.minLength(10) });

      const added = await call(key, 'POST', `/api/storefront/v1/customers/${created.id}/addresses`, address(), 'address-1');
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ postcode: 'NW1 6XE', countryName: 'United Kingdom', defaultShipping: true });
      const badPostcode = await call(key, 'POST', `/api/storefront/v1/customers/${created.id}/addresses`, address({ postcode: 'NOT A CODE' }));
      expect(badPostcode.json().error.issues[0]).toMatchObject({ path: ['postcode'], message: MESSAGES.invalidUkPostcode });
      const { key: key2 } = await createKey(['customers:write']);
      const changed = await call(key2, 'PUT', `/api/storefront/v1/customers/${created.id}/addresses/${added.json().id}`, address({ city: 'Manchester', postcode: 'M1 1AE' }));
      expect(changed.json()).toMatchObject({ city: 'Manchester', postcode: 'M1 1AE', status: true });
      const inactive = await call(key2, 'PUT', `/api/storefront/v1/customers/${created.id}/addresses/${added.json().id}`, address({ status: false }));
      expect(inactive.json()).toMatchObject({ status: false });
      expect((await call(key2, 'DELETE', `/api/storefront/v1/customers/${created.id}/addresses/${added.json().id}`)).statusCode).toBe(204);
      const live = await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, created.id));
      expect(live.every((row) => row.deletedAt !== null)).toBe(true);
      expect((await call(key2, 'PUT', '/api/storefront/v1/customers/2147483647', customer())).statusCode).toBe(404);
    });

    it('never sets the group or the status staff gave a customer: register, PUT and PATCH keep them', async () => {
      const { key } = await createKey(['customers:write']);
      const [otherGroup] = (await t.db.execute(sql`insert into customer_groups (name) values (${`Trade ${++n}`}) returning id`) as unknown as { rows: { id: number }[] }).rows;
      const registered = await call(key, 'POST', '/api/storefront/v1/customers', customer({ groupId: otherGroup!.id, status: false }));
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json()).toMatchObject({ status: true, groupName: 'General' });
      const id = registered.json().id as number;
      // Staff disable the customer and move them to another group.
      const staffRecord = (await t.request(admin, { method: 'GET', url: `/api/customers/${id}` })).json();
      const disabled = await t.request(admin, { method: 'PATCH', url: `/api/customers/${id}/status`, payload: { status: false, version: staffRecord.version } });
      expect(disabled.statusCode, disabled.body).toBe(200);
      await t.db.update(customers).set({ groupId: otherGroup!.id }).where(eq(customers.id, id));

      const put = await call(key, 'PUT', `/api/storefront/v1/customers/${id}`, { ...customer(), firstName: 'Isla', password: '', confirmPassword: '' });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ firstName: 'Isla', status: false, groupId: otherGroup!.id });
      const patch = await call(key, 'PATCH', `/api/storefront/v1/customers/${id}`, { status: true, groupId: 1, lastName: 'Price' });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ firstName: 'Isla', lastName: 'Price', status: false, groupId: otherGroup!.id });
      const [stored] = await t.db.select().from(customers).where(eq(customers.id, id));
      expect(stored).toMatchObject({ status: false, groupId: otherGroup!.id });
    });

    it('two PATCHes of different fields at the same moment keep both changes', async () => {
      const { key } = await createKey(['customers:write']);
      const created = (await call(key, 'POST', '/api/storefront/v1/customers', customer())).json();
      // Several rounds, each a fresh pair of keys (6 requests a minute here): any lost change shows.
      for (let round = 0; round < 4; round++) {
        const { key: first } = await createKey(['customers:write']);
        const { key: second } = await createKey(['customers:write']);
        const [a, b] = await Promise.all([
          call(first, 'PATCH', `/api/storefront/v1/customers/${created.id}`, { firstName: `First${round}` }),
          call(second, 'PATCH', `/api/storefront/v1/customers/${created.id}`, { contactNumber: `07700 90000${round}` }),
        ]);
        expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
        const [stored] = await t.db.select().from(customers).where(eq(customers.id, created.id));
        expect(stored, `round ${round}`).toMatchObject({ firstName: `First${round}`, contactNumber: `07700 90000${round}` });
      }
    });

    it('answers 401 and 403 on every customer endpoint', async () => {
      const { key } = await createKey(['customers:write'], 'scopeless');
      await t.db.update(apiKeys).set({ scopes: [] }).where(eq(apiKeys.name, 'scopeless'));
      const routes: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
        ['POST', '/api/storefront/v1/customers'],
        ['POST', '/api/storefront/v1/guests'],
        ['PUT', '/api/storefront/v1/customers/1'],
        ['PATCH', '/api/storefront/v1/customers/1'],
        ['POST', '/api/storefront/v1/customers/1/addresses'],
        ['PUT', '/api/storefront/v1/customers/1/addresses/1'],
        ['DELETE', '/api/storefront/v1/customers/1/addresses/1'],
      ];
      for (const [method, url] of routes) {
        const anonymous = await t.app.inject({ method, url, payload: method === 'DELETE' ? undefined : {} });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const staff = await t.request(admin, { method, url, payload: method === 'DELETE' ? undefined : {} });
        expect(staff.statusCode, `${method} ${url} with a staff session`).toBe(401);
      }
      // Under the key's rate limit (6 a minute here): the last route gets a second scopeless key.
      const { key: key2 } = await createKey(['customers:write'], 'scopeless-2');
      await t.db.update(apiKeys).set({ scopes: [] }).where(eq(apiKeys.name, 'scopeless-2'));
      for (const [index, [method, url]] of routes.entries()) {
        expect((await call(index < 6 ? key : key2, method, url, method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('npm run storefront:simulate registers customers with addresses through the API', async () => {
      const { key } = await createKey(['customers:write']);
      // The simulator's fetch, answered by the app in process.
      const inProcess = (async (url: URL, init: RequestInit) => {
        const response = await t.app.inject({ method: init.method as 'POST', url: url.pathname, headers: init.headers as Record<string, string>, payload: init.body as string });
        return new Response(response.body, { status: response.statusCode, headers: response.headers as Record<string, string> });
      }) as unknown as typeof fetch;
      const lines: string[] = [];
      const result = await simulateStorefront({ baseUrl: 'http://facet.test', apiKey: key, count: 1, seed: 7, fetch: inProcess, log: (line) => lines.push(line) });
      expect(result).toMatchObject({ customers: 1, failures: 0 });
      expect(result.addresses).toBeGreaterThanOrEqual(1);
      expect(lines.join('\n')).toMatch(/✓ customer \d+: \w+ \w+ <.+@example\.co\.uk>; .+, \w+/);
    });
  });
});

describe('storefront rate limits: per address before the key lookup, and no fail-open', () => {
  const ping = (t: TestApp, key: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'GET', url: '/api/storefront/v1/ping', remoteAddress, headers: { authorization: `Bearer ${key}` } });

  it('limits made-up keys per address: over the limit 429 before any lookup; another address is not affected', async () => {
    const t = await createTestApp({ storefrontAddressRateLimit: 3, storefrontRateWindowSeconds: 60 });
    try {
      for (let i = 0; i < 3; i++) expect((await ping(t, `facet_sk_guess${i}`)).statusCode).toBe(401);
      const limited = await ping(t, 'facet_sk_guess3');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.storefrontAddressRateLimited });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await ping(t, 'facet_sk_guess4', '198.51.100.4')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('keeps limiting in memory when Redis refuses every command', async () => {
    // A Redis that answers every command with an error, as one out of memory does.
    const refusing = createServer((socket) => socket.on('data', () => socket.write("-OOM command not allowed when used memory > 'maxmemory'.\r\n")));
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const t = await createTestApp({ redisUrl: `redis://127.0.0.1:${(refusing.address() as AddressInfo).port}`, storefrontRateLimit: 2, storefrontRateWindowSeconds: 60 });
    try {
      const cookie = await t.login();
      const { key } = (await t.request(cookie, { method: 'POST', url: '/api/api-keys', payload: { name: 'x', scopes: ['customers:write'] } })).json();
      expect((await ping(t, key)).statusCode).toBe(200);
      expect((await ping(t, key)).statusCode).toBe(200);
      const limited = await ping(t, key);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(MESSAGES.apiKeyRateLimited);
    } finally {
      await t.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});
