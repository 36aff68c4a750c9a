import type { PermissionKey } from '@facet/contract/permissions';
import { MASTER_PERMISSION, PERMISSION_KEYS } from '@facet/contract/permissions';
import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, permissionIdOf } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../bootstrap/demo-data.ts';
import { permissions } from '../permissions/permission.table.ts';
import { userRoles, users } from '../users/user.table.ts';
import { rolePermissions, roles } from './role.table.ts';

/**
 * Who may change whom, on one database with the demo data: every demo account and a user holding
 * each single permission of the catalogue try every write of the users, roles and permissions API
 * against a master user, a master role and the permission keys; each is refused and changes nothing,
 * while a master doing the same succeeds.
 */

/** What each demo job holds (written out here, not read from the seeder, so a change shows). */
const DEMO_JOBS: { user: string; keys: PermissionKey[]; opens: string; refused: string }[] = [
  { user: 'sarah', keys: ['customers', 'sales'], opens: '/api/customer-groups', refused: '/api/product-sizes' },
  { user: 'tom', keys: ['attribute', 'categories', 'diamonds', 'products'], opens: '/api/categories', refused: '/api/settings' },
  { user: 'priya', keys: ['blogs', 'content_management', 'section', 'widgets'], opens: '/api/content-pages', refused: '/api/navigation-menu' },
  {
    user: 'james',
    keys: ['cache_management', 'contact_form', 'coupons', 'marketing', 'newsletter', 'report', 'system'],
    opens: '/api/settings',
    refused: '/api/users',
  },
];

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = await t.login();
  // A database built from empty with the demo data: slow when the machine is busy.
}, 180_000);
afterAll(() => t?.close());

describe('demo staff: each account is a real job', () => {
  it.each(DEMO_JOBS)('$user holds $keys, opens $opens and is refused $refused', async ({ user, keys, opens, refused }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect([...response.json().permissions].sort()).toEqual(keys);
    const cookie = await t.login(user, DEMO_PASSWORD);
    const list = await t.request(cookie, { method: 'GET', url: opens });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.length).toBeGreaterThan(0);
    expect((await t.request(cookie, { method: 'GET', url: refused })).statusCode).toBe(403);
  });
});

/** Everything the API under test can change, read in a fixed order. */
async function snapshot() {
  const db = t.db;
  return JSON.stringify([
    await db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status, hash: users.passwordHash, version: users.version, deletedAt: users.deletedAt })
      .from(users)
      .orderBy(asc(users.id)),
    await db.select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
    await db.select({ id: roles.id, name: roles.name, version: roles.version, deletedAt: roles.deletedAt }).from(roles).orderBy(asc(roles.id)),
    await db.select().from(rolePermissions).orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId)),
    await db.select({ id: permissions.id, name: permissions.name, key: permissions.key, version: permissions.version, deletedAt: permissions.deletedAt }).from(permissions).orderBy(asc(permissions.id)),
  ]);
}

describe('access matrix: nobody acts above their own permissions', () => {
  interface Attempt {
    name: string;
    /** Built just before it is sent, from the record as it is now (its current version). */
    request: () => Promise<InjectOptions>;
    /** What a master gets: success, or 409 where a record is locked for everyone. */
    master: number;
  }
  const actors: { label: string; cookie: string }[] = [];
  const attempts: Attempt[] = [];

  beforeAll(async () => {
    for (const job of DEMO_JOBS) actors.push({ label: `demo ${job.user}`, cookie: await t.login(job.user, DEMO_PASSWORD) });
    const singles = PERMISSION_KEYS.filter((key) => key !== MASTER_PERMISSION);
    for (const key of singles) actors.push({ label: `only ${key}`, cookie: (await t.createUserWith([key])).cookie });
    actors.push({ label: 'every permission but master', cookie: (await t.createUserWith(singles)).cookie });

    const post = async (url: string, payload: object) => {
      const response = await t.request(admin, { method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    };
    const get = async (url: string) => (await t.request(admin, { method: 'GET', url })).json();
    const allMasterId = await permissionIdOf(t.db, MASTER_PERMISSION);
    const testPermissionId = await permissionIdOf(t.db, 'test-permission');
    const masterRole = (await get('/api/roles?search=master')).items.find((r: { name: string }) => r.name === 'master');
    const masterPermission = (await get('/api/permissions?search=all-master')).items[0];
    // A master role other than the locked one, a master user, and a plain user and role to raise.
    const owners = await post('/api/roles', { name: 'Owners', permissionIds: [allMasterId, await permissionIdOf(t.db, 'sales')] });
    const plainRole = await post('/api/roles', { name: 'Plain', permissionIds: [testPermissionId] });
    const newUser = (name: string, roleIds: number[]) => ({ name, email: `${name}@example.com`, password: 'secret-pw1', confirmPassword: 'secret-pw1', status: true, roleIds });
    const boss = await post('/api/users', newUser('boss', [masterRole.id]));
    const plain = await post('/api/users', newUser('plain', [plainRole.id]));
    const spare = await post('/api/permissions', { name: 'Spare', description: 'Gates nothing', key: 'spare_feature' });
    // Two catalogue keys (neither gates a route) freed, to try creating them and renaming to them.
    for (const key of ['earrings', 'order-list']) {
      const response = await t.request(admin, { method: 'DELETE', url: `/api/permissions/${await permissionIdOf(t.db, key)}` });
      expect(response.statusCode).toBe(204);
    }
    const marketingId = await permissionIdOf(t.db, 'marketing');

    const userBody = async (id: number, change: object) => {
      const { name, email, status, roleIds, version } = await get(`/api/users/${id}`);
      return { name, email, status, roleIds, version, ...change };
    };
    const roleBody = async (id: number, change: object) => {
      const { name, permissionIds, version } = await get(`/api/roles/${id}`);
      return { name, permissionIds, version, ...change };
    };
    const permissionBody = async (id: number, change: object) => {
      const { name, description, key, version } = await get(`/api/permissions/${id}`);
      return { name, description, key, version, ...change };
    };
    const put = (url: string, body: () => Promise<object>) => async (): Promise<InjectOptions> => ({ method: 'PUT', url, payload: await body() });
    const fixed = (options: InjectOptions) => async () => options;

    attempts.push(
      // Users: a master user and master roles given away.
      { name: 'create a user with the master role', request: fixed({ method: 'POST', url: '/api/users', payload: newUser('usurper', [masterRole.id]) }), master: 201 },
      { name: 'edit a master user', request: put(`/api/users/${boss.id}`, () => userBody(boss.id, { email: 'boss@elsewhere.example' })), master: 200 },
      { name: 'set a master user’s password', request: put(`/api/users/${boss.id}`, () => userBody(boss.id, { password: 'taken-over1', confirmPassword: 'taken-over1' })), master: 200 },
      {
        name: 'disable a master user',
        request: async () => ({ method: 'PATCH', url: `/api/users/${boss.id}/status`, payload: { status: false, version: (await get(`/api/users/${boss.id}`)).version } }),
        master: 200,
      },
      { name: 'give a user the master role', request: put(`/api/users/${plain.id}`, () => userBody(plain.id, { roleIds: [plainRole.id, masterRole.id] })), master: 200 },
      { name: 'delete a master user', request: fixed({ method: 'DELETE', url: `/api/users/${boss.id}` }), master: 204 },
      // Roles.
      { name: 'create a role with all-master', request: fixed({ method: 'POST', url: '/api/roles', payload: { name: 'Escalated', permissionIds: [allMasterId] } }), master: 201 },
      { name: 'edit a master role', request: put(`/api/roles/${owners.id}`, () => roleBody(owners.id, { name: 'Owners Renamed' })), master: 200 },
      { name: 'add all-master to a role', request: put(`/api/roles/${plainRole.id}`, () => roleBody(plainRole.id, { permissionIds: [testPermissionId, allMasterId] })), master: 200 },
      { name: 'delete a master role', request: fixed({ method: 'DELETE', url: `/api/roles/${owners.id}` }), master: 204 },
      { name: 'edit the master role', request: put(`/api/roles/${masterRole.id}`, () => roleBody(masterRole.id, { name: 'boss' })), master: 409 },
      { name: 'delete the master role', request: fixed({ method: 'DELETE', url: `/api/roles/${masterRole.id}` }), master: 409 },
      // Permissions: keys are access.
      { name: 'create a catalogue key', request: fixed({ method: 'POST', url: '/api/permissions', payload: { name: 'Earrings', description: 'x', key: 'earrings' } }), master: 201 },
      { name: 'rename a key to a catalogue key', request: put(`/api/permissions/${spare.id}`, () => permissionBody(spare.id, { key: 'order-list' })), master: 200 },
      { name: 'rename a catalogue key', request: put(`/api/permissions/${testPermissionId}`, () => permissionBody(testPermissionId, { key: 'test-permission-old' })), master: 200 },
      { name: 'delete a catalogue permission', request: fixed({ method: 'DELETE', url: `/api/permissions/${marketingId}` }), master: 204 },
      { name: 'edit the Master permission', request: put(`/api/permissions/${masterPermission.id}`, () => permissionBody(masterPermission.id, { description: 'Mine now' })), master: 409 },
      { name: 'delete the Master permission', request: fixed({ method: 'DELETE', url: `/api/permissions/${masterPermission.id}` }), master: 409 },
    );
  }, 60_000);

  it('refuses every write above the actor’s permissions with 403 and changes nothing', { timeout: 120_000 }, async () => {
    const before = await snapshot();
    // Nothing changes while they are refused, so each request is built once for all actors.
    const requests: InjectOptions[] = [];
    for (const attempt of attempts) requests.push(await attempt.request());
    for (const actor of actors) {
      for (const [index, attempt] of attempts.entries()) {
        const response = await t.request(actor.cookie, requests[index]!);
        expect(response.statusCode, `${actor.label}: ${attempt.name}: ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(await snapshot(), `${actor.label} changed something`).toBe(before);
    }
  });

  it('lets a master do each of them (409 only where a record is locked for everyone)', async () => {
    for (const attempt of attempts) {
      const response = await t.request(admin, await attempt.request());
      expect(response.statusCode, `${attempt.name}: ${response.body}`).toBe(attempt.master);
    }
  });
});
