import { MESSAGES } from '@facet/contract/messages';
import type { StorefrontScope } from '@facet/contract/modules/api-keys/api-key.schema';
import { STOREFRONT_SCOPE_PERMISSIONS, STOREFRONT_SCOPES, permissionNamesOf, unheldScopePermissions } from '@facet/contract/modules/api-keys/api-key.schema';
import { PERMISSION_KEYS, hasPermission } from '@facet/contract/permissions';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, permissionIdOf } from '../../test/test-app.ts';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../bootstrap/demo-data.ts';
import { customers } from '../customers/customer.table.ts';
import { orders } from '../orders/order.table.ts';
import { rolePermissions, roles } from '../roles/role.table.ts';
import { userRoles, users } from '../users/user.table.ts';
import { hashApiKey } from './api-key.service.ts';
import { apiKeys } from './api-key.table.ts';

/**
 * A storefront API key never carries more than its creator may do (issue 22): each scope maps to the
 * staff permissions it needs (contract), a key is made only with scopes within its creator's
 * permissions, and it stops working when its creator is disabled, deleted or loses one of them.
 */

let t: TestApp;
let admin: string;
let customerId: number;
let paidOrder: { orderNumber: string; paymentReference: string };

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = await t.login();
  const [first] = await t.db.select({ id: customers.id }).from(customers).where(isNull(customers.deletedAt)).orderBy(asc(customers.id)).limit(1);
  customerId = first!.id;
  const [paid] = await t.db.select({ orderNumber: orders.orderNumber, paymentReference: orders.paymentReference }).from(orders).where(isNotNull(orders.paidAt)).orderBy(asc(orders.id)).limit(1);
  paidOrder = { orderNumber: paid!.orderNumber, paymentReference: paid!.paymentReference! };
}, 180_000);
afterAll(() => t?.close());

/**
 * A route each scope opens, with a request that changes nothing (an empty PATCH keeps every field; an
 * empty inquiry or cart is refused by validation, past the key's checks), and the answer it gets.
 */
const USE_OF_SCOPE: Record<StorefrontScope, () => { method: 'PATCH' | 'POST' | 'PUT'; url: string; payload: object; expected: number }> = {
  'customers:write': () => ({ method: 'PATCH', url: `/api/storefront/v1/customers/${customerId}`, payload: {}, expected: 200 }),
  // A paid demo order reported paid again with its own reference: answered as it is.
  'orders:write': () => ({ method: 'POST', url: `/api/storefront/v1/orders/${paidOrder.orderNumber}/paid`, payload: { paymentReference: paidOrder.paymentReference }, expected: 200 }),
  'inquiries:write': () => ({ method: 'POST', url: '/api/storefront/v1/inquiries', payload: {}, expected: 400 }),
  'carts:write': () => ({ method: 'PUT', url: '/api/storefront/v1/carts/1', payload: {}, expected: 400 }),
  'reviews:write': () => ({ method: 'POST', url: '/api/storefront/v1/reviews', payload: {}, expected: 400 }),
  'contact:write': () => ({ method: 'POST', url: '/api/storefront/v1/contact-forms', payload: {}, expected: 400 }),
  'appointments:write': () => ({ method: 'POST', url: '/api/storefront/v1/appointments', payload: {}, expected: 400 }),
  'statistics:write': () => ({ method: 'POST', url: '/api/storefront/v1/searches', payload: {}, expected: 400 }),
  'ring-requests:write': () => ({ method: 'POST', url: '/api/storefront/v1/ring-requests', payload: {}, expected: 400 }),
  'newsletter:write': () => ({ method: 'POST', url: '/api/storefront/v1/newsletter/subscribers', payload: {}, expected: 400 }),
};

const useKey = (key: string, scope: StorefrontScope) => {
  const { expected: _expected, ...request } = USE_OF_SCOPE[scope]();
  return t.app.inject({ ...request, headers: { authorization: `Bearer ${key}` } });
};
const listed = async (id: number) =>
  ((await t.request(admin, { method: 'GET', url: '/api/api-keys' })).json().items as { id: number }[]).find((item) => item.id === id);
const createKey = (cookie: string, scopes: string[], extra: Record<string, unknown> = {}) =>
  t.request(cookie, { method: 'POST', url: '/api/api-keys', payload: { name: 'storefront', scopes, ...extra } });

describe('every storefront scope maps to staff permissions', () => {
  it('each storefront route names a scope that maps to catalogue permissions, so no scope ships unmapped', () => {
    const scopes = t.app.apiRoutes.flatMap((route) => (route.config.storefront?.scope ? [route.config.storefront.scope] : []));
    expect(scopes.length).toBeGreaterThan(0);
    for (const scope of new Set([...scopes, ...STOREFRONT_SCOPES])) {
      const needed = STOREFRONT_SCOPE_PERMISSIONS[scope];
      expect(needed, scope).toBeDefined();
      expect(needed.length, scope).toBeGreaterThan(0);
      for (const key of needed) expect(PERMISSION_KEYS, scope).toContain(key);
    }
    expect(Object.keys(USE_OF_SCOPE).sort()).toEqual([...STOREFRONT_SCOPES].sort());
  });
});

describe('the demo roles against every scope', () => {
  /** The demo jobs and the admin, each with the keys they hold. */
  const accounts = () => [
    { user: 'admin', keys: ['all-master'], password: undefined },
    ...DEMO_STAFF.flatMap((staff) => staff.users.map((user) => ({ user: user.name, keys: staff.permissions as string[], password: DEMO_PASSWORD }))),
  ];

  it('a user creates a key only with scopes within their own permissions; the key works', async () => {
    const outcomes: Record<string, Record<string, number>> = {};
    for (const account of accounts()) {
      const cookie = await t.login(account.user, account.password);
      for (const scope of STOREFRONT_SCOPES) {
        const response = await createKey(cookie, [scope]);
        (outcomes[account.user] ??= {})[scope] = response.statusCode;
        const unheld = unheldScopePermissions(account.keys, [scope]);
        if (!hasPermission(account.keys, 'system')) {
          expect(response.statusCode, `${account.user} ${scope}`).toBe(403);
        } else if (unheld.length) {
          expect(response.statusCode, `${account.user} ${scope}`).toBe(403);
          const message = MESSAGES.apiKeyScopeUnheld(permissionNamesOf(unheld));
          expect(response.json().error).toMatchObject({ code: 'FORBIDDEN', message, issues: [{ path: ['scopes'], message }] });
        } else {
          expect(response.statusCode, `${account.user} ${scope}: ${response.body}`).toBe(201);
          const used = await useKey(response.json().key, scope);
          expect(used.statusCode, `${account.user} ${scope}: ${used.body}`).toBe(USE_OF_SCOPE[scope]().expected);
        }
      }
    }
    // Written out, so a change of the demo roles or the mapping shows: only a master makes customer or sales keys
    // (the Sales Clerk holds sales but not system, the Shop Manager system but neither customers nor sales);
    // the Shop Manager, who holds system, marketing, contact_form, report and newsletter, makes review, contact, report and newsletter keys.
    const refused = { 'customers:write': 403, 'orders:write': 403, 'inquiries:write': 403, 'carts:write': 403, 'reviews:write': 403, 'contact:write': 403, 'appointments:write': 403, 'statistics:write': 403, 'ring-requests:write': 403, 'newsletter:write': 403 };
    expect(outcomes).toEqual({
      admin: { 'customers:write': 201, 'orders:write': 201, 'inquiries:write': 201, 'carts:write': 201, 'reviews:write': 201, 'contact:write': 201, 'appointments:write': 201, 'statistics:write': 201, 'ring-requests:write': 201, 'newsletter:write': 201 },
      sarah: refused,
      tom: refused,
      priya: refused,
      james: { ...refused, 'reviews:write': 201, 'contact:write': 201, 'statistics:write': 201, 'ring-requests:write': 201, 'newsletter:write': 201 },
      emma: refused,
      oliver: refused,
    });
    const [james] = await t.db.select({ id: users.id }).from(users).where(eq(users.name, 'james'));
    // The Shop Manager's refused keys were never written: only the keys within his permissions exist.
    const jamesKeys = await t.db.select({ scopes: apiKeys.scopes }).from(apiKeys).where(eq(apiKeys.createdBy, james!.id));
    expect(jamesKeys.map((key) => key.scopes).sort()).toEqual([['contact:write'], ['newsletter:write'], ['reviews:write'], ['ring-requests:write'], ['statistics:write']]);
  });

  it('the Shop Manager’s key made before this rule (customers:write) is refused on use and changes nothing', async () => {
    const [james] = await t.db.select({ id: users.id }).from(users).where(eq(users.name, 'james'));
    const key = 'facet_sk_made-by-james-before-the-rule-0000000000000';
    await t.db.insert(apiKeys).values({ name: 'old', scopes: ['customers:write'], prefix: key.slice(0, 15), keyHash: hashApiKey(key), createdBy: james!.id });
    const [before] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/storefront/v1/customers/${customerId}`,
      headers: { authorization: `Bearer ${key}` },
      payload: { email: 'taken.over@example.com', password: 'secret-pw9', confirmPassword: 'secret-pw9' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.apiKeyScopeLapsed('customers:write') });
    expect(JSON.stringify(answer.json())).not.toContain(before!.email);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(after).toEqual(before);
  });
});

describe('a key is checked against its creator on every use', () => {
  it('stops working when its creator loses a permission its scope needs, is disabled or deleted', async () => {
    const creator = await t.createUserWith(['system', 'customers']);
    const created = await createKey(creator.cookie, ['customers:write']);
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json();
    expect((await useKey(key, 'customers:write')).statusCode).toBe(200);

    const [link] = await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, creator.id));
    const customersPermission = await permissionIdOf(t.db, 'customers');
    await t.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, link!.roleId), eq(rolePermissions.permissionId, customersPermission)));
    const lapsed = await useKey(key, 'customers:write');
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().error.message).toBe(MESSAGES.apiKeyScopeLapsed('customers:write'));
    const ping = await t.app.inject({ method: 'GET', url: '/api/storefront/v1/ping', headers: { authorization: `Bearer ${key}` } });
    expect(ping.json()).toMatchObject({ ok: true, scopes: [] });
    // The list says why, so staff can tell what stopped a storefront.
    expect(await listed(created.json().id)).toMatchObject({ creatorActive: true, lapsedScopes: ['customers:write'] });

    await t.db.insert(rolePermissions).values({ roleId: link!.roleId, permissionId: customersPermission });
    expect((await useKey(key, 'customers:write')).statusCode).toBe(200);
    // The role itself deleted: its permissions go with it.
    await t.db.update(roles).set({ deletedAt: new Date() }).where(eq(roles.id, link!.roleId));
    expect((await useKey(key, 'customers:write')).statusCode).toBe(403);
    await t.db.update(roles).set({ deletedAt: null }).where(eq(roles.id, link!.roleId));

    expect(await listed(created.json().id)).toMatchObject({ creatorActive: true, lapsedScopes: [] });
    await t.db.update(users).set({ status: false }).where(eq(users.id, creator.id));
    const disabled = await useKey(key, 'customers:write');
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().error.message).toBe(MESSAGES.apiKeyCreatorInactive);
    expect(await listed(created.json().id)).toMatchObject({ creatorActive: false });
    await t.db.update(users).set({ status: true }).where(eq(users.id, creator.id));
    expect((await useKey(key, 'customers:write')).statusCode).toBe(200);

    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, creator.id));
    const deleted = await useKey(key, 'customers:write');
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json().error.message).toBe(MESSAGES.apiKeyCreatorInactive);
    expect(await listed(created.json().id)).toMatchObject({ creatorActive: false });
  });

  it('takes an optional expiry in the future, lists it, and refuses the key once it has passed', async () => {
    const count = async () => (await t.db.select({ id: apiKeys.id }).from(apiKeys)).length;
    const before = await count();
    const past = await createKey(admin, ['customers:write'], { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.issues).toEqual([{ path: ['expiresAt'], message: MESSAGES.apiKeyExpiryPast }]);
    const garbled = await createKey(admin, ['customers:write'], { expiresAt: 'next tuesday' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.issues[0]).toMatchObject({ path: ['expiresAt'], message: MESSAGES.invalidDate });
    expect(await count()).toBe(before);

    const expiresAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const created = await createKey(admin, ['customers:write'], { expiresAt: expiresAt.toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().expiresAt).toBe(expiresAt.toISOString());
    const listed = (await t.request(admin, { method: 'GET', url: '/api/api-keys' })).json().items.find((item: { id: number }) => item.id === created.json().id);
    expect(listed).toMatchObject({ expiresAt: expiresAt.toISOString() });
    expect((await useKey(created.json().key, 'customers:write')).statusCode).toBe(200);

    await t.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, created.json().id));
    const expired = await useKey(created.json().key, 'customers:write');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.apiKeyExpired });
    // Without an expiry a key works until revoked.
    const forever = await createKey(admin, ['customers:write']);
    expect(forever.json().expiresAt).toBeNull();
  });
});
