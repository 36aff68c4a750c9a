import { MESSAGES } from '@facet/contract/messages';
import { userResource } from '@facet/contract/modules/users/user.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { untilWaitingOnLocks } from '../../test/locks.ts';
import { ADMIN, createTestApp, jobWhenEnded, permissionIdOf, useAdminTestApp } from '../../test/test-app.ts';
import { countActiveMasters, lockMasterChanges } from '../roles/access.service.ts';
import { rolePermissions } from '../roles/role.table.ts';
import { userRoles, users } from './user.table.ts';

let roleId = 0;
const valid = (n: number) => ({
  name: `Clerk ${n}`,
  email: `clerk${n}@example.com`,
  password: 'secret-pw1',
  confirmPassword: 'secret-pw1',
  status: true,
  roleIds: [roleId],
});

describeCrudResource({
  resource: userResource,
  async setup(t) {
    const cookie = await t.login();
    const role = await t.request(cookie, { method: 'POST', url: '/api/roles', payload: { name: 'Clerks', permissionIds: [await permissionIdOf(t.db, 'sales')] } });
    roleId = role.json().id;
  },
  validInput: valid,
  updateChange: (n) => ({ email: `changed${n}@example.com` }),
  writeOnly: ['password', 'confirmPassword'],
  invalid: [
    { name: 'a missing username', input: (v) => ({ ...v, name: '' }), field: 'name', message: MESSAGES.required },
    { name: 'a username with punctuation', input: (v) => ({ ...v, name: 'bob!' }), field: 'name', message: MESSAGES.lettersDigitsSpaces },
    { name: 'a username over 255 characters', input: (v) => ({ ...v, name: 'a'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
    { name: 'a missing email', input: (v) => ({ ...v, email: '' }), field: 'email', message: MESSAGES.required },
    { name: 'an invalid email', input: (v) => ({ ...v, email: 'not-an-email' }), field: 'email', message: MESSAGES.invalidEmail },
    { name: 'an email over 50 characters', input: (v) => ({ ...v, email: `${'a'.repeat(45)}@example.com` }), field: 'email', message: MESSAGES.maxLength(50) },
    { name: 'a password under 8 characters', input: (v) => ({ ...v, password: 'short1', confirmPassword: 'short1' }), field: 'password', message: MESSAGES.minLength(8) },
    { name: 'a password over 12 characters', input: (v) => ({ ...v, password: 'much-too-long-1', confirmPassword: 'much-too-long-1' }), field: 'password', message: MESSAGES.maxLength(12) },
    { name: 'a missing password on create', input: ({ password: _p, ...v }) => v, field: 'password', message: MESSAGES.required },
    { name: 'a confirmation that does not match', input: (v) => ({ ...v, confirmPassword: 'other-pw12' }), field: 'confirmPassword', message: MESSAGES.passwordMismatch },
    { name: 'no role', input: (v) => ({ ...v, roleIds: [] }), field: 'roleIds', message: MESSAGES.selectAtLeastOne },
    { name: 'an unknown role', input: (v) => ({ ...v, roleIds: [999999] }), field: 'roleIds', message: 'Unknown role id(s): 999999.' },
  ],
});

describe('users: rules of access management', () => {
  let t: TestApp;
  let admin: string;
  let clerkRole: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    clerkRole = (await t.request(admin, { method: 'POST', url: '/api/roles', payload: { name: 'Desk', permissionIds: [await permissionIdOf(t.db, 'sales')] } })).json().id;
  });
  afterAll(() => t.close());

  const newUser = async (name: string, roleIds = [clerkRole]) => {
    const response = await t.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { name, email: `${name}@example.com`, password: 'secret-pw1', confirmPassword: 'secret-pw1', status: true, roleIds },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('stores argon2id hashes and never returns them', async () => {
    const user = await newUser('hashcheck');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(JSON.stringify(user)).not.toContain('argon2');
    const list = await t.request(admin, { method: 'GET', url: '/api/users' });
    expect(list.body).not.toContain('argon2');
  });

  it('keeps the password when an edit leaves it blank, and changes it when given', async () => {
    const user = await newUser('keeper');
    const body = { name: 'keeper', email: 'keeper@example.com', status: true, roleIds: [clerkRole], password: '', confirmPassword: '' };
    const kept = await t.request(admin, { method: 'PUT', url: `/api/users/${user.id}`, payload: { ...body, version: user.version } });
    expect(kept.statusCode, kept.body).toBe(200);
    await t.login('keeper', 'secret-pw1');
    const changed = await t.request(admin, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: { ...body, password: 'new-secret1', confirmPassword: 'new-secret1', version: kept.json().version },
    });
    expect(changed.statusCode).toBe(200);
    await expect(t.login('keeper', 'secret-pw1')).rejects.toThrow();
    await t.login('keeper', 'new-secret1');
  });

  it('ends all sessions of a user who is disabled, gets a new password or new roles', async () => {
    const user = await newUser('sessions');
    const session = await t.login('sessions', 'secret-pw1');
    expect((await t.request(session, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const off = await t.request(admin, { method: 'PATCH', url: `/api/users/${user.id}/status`, payload: { status: false, version: user.version } });
    expect(off.statusCode).toBe(200);
    expect((await t.request(session, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await expect(t.login('sessions', 'secret-pw1')).rejects.toThrow();

    const on = await t.request(admin, { method: 'PATCH', url: `/api/users/${user.id}/status`, payload: { status: true, version: off.json().version } });
    const second = await t.login('sessions', 'secret-pw1');
    const otherRole = (await t.request(admin, { method: 'POST', url: '/api/roles', payload: { name: 'Other desk', permissionIds: [await permissionIdOf(t.db, 'report')] } })).json().id;
    const moved = await t.request(admin, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: { name: 'sessions', email: 'sessions@example.com', status: true, roleIds: [otherRole], version: on.json().version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.request(second, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('refuses deleting your own account and editing your own roles', async () => {
    const me = (await t.request(admin, { method: 'GET', url: '/api/auth/me' })).json().user;
    const del = await t.request(admin, { method: 'DELETE', url: `/api/users/${me.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(MESSAGES.cannotDeleteSelf);
    const current = (await t.request(admin, { method: 'GET', url: `/api/users/${me.id}` })).json();
    const ownRoles = await t.request(admin, {
      method: 'PUT',
      url: `/api/users/${me.id}`,
      payload: { name: current.name, email: current.email, status: true, roleIds: [...current.roleIds, clerkRole], version: current.version },
    });
    expect(ownRoles.statusCode).toBe(403);
    expect(ownRoles.json().error.message).toBe(MESSAGES.cannotEditOwnRoles);
  });

  it('reports the password rule and the mismatch together, even beside an empty username (400, nothing written)', async () => {
    const bothIssues = [
      { path: ['password'], message: MESSAGES.minLength(8) },
      { path: ['confirmPassword'], message: MESSAGES.passwordMismatch },
    ];
    const before = (await t.request(admin, { method: 'GET', url: '/api/users' })).json().total;
    const body = { name: '', email: 'mismatch@example.com', password: 'short', confirmPassword: 'different1', status: true, roleIds: [clerkRole] };
    const created = await t.request(admin, { method: 'POST', url: '/api/users', payload: body });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().error.issues).toEqual([{ path: ['name'], message: MESSAGES.required }, ...bothIssues]);
    expect((await t.request(admin, { method: 'GET', url: '/api/users' })).json().total).toBe(before);

    const user = await newUser('mismatch');
    const edited = await t.request(admin, { method: 'PUT', url: `/api/users/${user.id}`, payload: { ...body, name: 'mismatch', version: user.version } });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().error.issues).toEqual(bothIssues);
  });

  it('refuses granting a role whose permissions the granting user does not hold', async () => {
    const manager = await t.createUserWith(['user_management']);
    const response = await t.request(manager.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'escalate', email: 'escalate@example.com', password: 'secret-pw1', confirmPassword: 'secret-pw1', status: true, roleIds: [clerkRole] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.cannotGrantUnheld('Sales'));
  });

  it('keeps the last active master user: only a master reaches them (403 otherwise), and they cannot switch themselves off (409)', async () => {
    const master = (await t.request(admin, { method: 'GET', url: '/api/users', query: { search: ADMIN.username } })).json().items[0];
    const deputy = await t.createUserWith(['all-master']);
    const deputyRow = (await t.request(admin, { method: 'GET', url: `/api/users/${deputy.id}` })).json();
    // Disable the deputy first so admin is the last active master.
    const off = await t.request(admin, { method: 'PATCH', url: `/api/users/${deputy.id}/status`, payload: { status: false, version: deputyRow.version } });
    expect(off.statusCode).toBe(200);
    const manager = await t.createUserWith(['user_management']);
    const disable = await t.request(manager.cookie, { method: 'PATCH', url: `/api/users/${master.id}/status`, payload: { status: false, version: master.version } });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().error.message).toBe(MESSAGES.masterOnly);
    expect((await t.request(manager.cookie, { method: 'DELETE', url: `/api/users/${master.id}` })).statusCode).toBe(403);
    // Even a manager who may grant the clerk role (holds sales) cannot demote a master.
    const salesManager = await t.createUserWith(['user_management', 'sales']);
    const demote = await t.request(salesManager.cookie, {
      method: 'PUT',
      url: `/api/users/${master.id}`,
      payload: { name: master.name, email: master.email, status: true, roleIds: [clerkRole], version: master.version },
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.message).toBe(MESSAGES.masterOnly);
    // The only master who can reach the last master is that master: switching themselves off is refused.
    const selfOff = await t.request(admin, { method: 'PATCH', url: `/api/users/${master.id}/status`, payload: { status: false, version: master.version } });
    expect(selfOff.statusCode).toBe(409);
    expect(selfOff.json().error.message).toBe(MESSAGES.lastMasterUser);
    const [row] = await t.db.select().from(users).where(eq(users.id, master.id));
    expect(row!.status).toBe(true);
    expect(row!.deletedAt).toBeNull();
  });

  it('lets a user manager act only on users whose permissions they hold themselves (403, nothing written)', async () => {
    const clerk = await newUser('subsetclerk');
    const manager = await t.createUserWith(['user_management']);
    const attempts = [
      { method: 'PATCH' as const, url: `/api/users/${clerk.id}/status`, payload: { status: false, version: clerk.version } },
      { method: 'PUT' as const, url: `/api/users/${clerk.id}`, payload: { name: clerk.name, email: clerk.email, status: true, roleIds: clerk.roleIds, password: 'taken-ovr1', confirmPassword: 'taken-ovr1', version: clerk.version } },
      { method: 'DELETE' as const, url: `/api/users/${clerk.id}` },
    ];
    for (const attempt of attempts) {
      const response = await t.request(manager.cookie, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().error.message).toBe(MESSAGES.cannotActOnHigher('Sales'));
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, clerk.id));
    expect(row).toMatchObject({ status: true, version: clerk.version, deletedAt: null });
    // Holding sales as well, the same manager may.
    const salesManager = await t.createUserWith(['user_management', 'sales']);
    expect((await t.request(salesManager.cookie, attempts[0]!)).statusCode).toBe(200);
  });

  it('exports the list as an .xlsx file with formula-looking cells neutralised', async () => {
    await newUser('exported');
    const response = await t.request(admin, { method: 'GET', url: '/api/users/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Username', 'Email', 'Roles', 'Status', 'Created Date']);
    const names = sheet.getColumn(1).values.slice(2);
    expect(names).toContain('exported');
  });

  describe('bulk actions: each user under the single write’s rules, for the manager as they are when the job runs', () => {
    const bulk = async (cookie: string, body: Record<string, unknown>) => {
      const started = await t.request(cookie, { method: 'POST', url: '/api/users/bulk', payload: body });
      expect(started.statusCode, started.body).toBe(202);
      return jobWhenEnded(t, admin, started.json().id);
    };
    const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

    it('refuses a whole change naming each user the manager may not act on, or their own account in a delete; then passes once the manager holds what the user holds', async () => {
      const clerk = await newUser('bulkclerk');
      const plain = await t.createUserWith([]);
      const manager = await t.createUserWith(['user_management']);
      const higher = await bulk(manager.cookie, { action: 'status', status: false, ids: [clerk.id, plain.id] });
      expect(higher).toMatchObject({ status: 'failed', error: MESSAGES.bulkBlocked(1, 2, `"bulkclerk" (#${clerk.id}): ${MESSAGES.cannotActOnHigher('Sales')}`) });
      const self = await bulk(manager.cookie, { action: 'delete', ids: [plain.id, manager.id] });
      expect(self).toMatchObject({ status: 'failed', error: MESSAGES.bulkBlocked(1, 2, `"${manager.name}" (#${manager.id}): ${MESSAGES.cannotDeleteSelf}`) });
      for (const id of [clerk.id, plain.id, manager.id]) expect(await rowOf(id)).toMatchObject({ status: true, deletedAt: null });

      // Sales given to the manager's role after the first try: the job reads it when it runs, and the clerk, switched off, is signed out.
      const clerkSession = await t.login('bulkclerk', 'secret-pw1');
      const [managerRole] = await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, manager.id));
      await t.db.insert(rolePermissions).values({ roleId: managerRole!.roleId, permissionId: await permissionIdOf(t.db, 'sales') });
      const passed = await bulk(manager.cookie, { action: 'status', status: false, ids: [clerk.id, plain.id] });
      expect(passed).toMatchObject({ status: 'succeeded', result: { matched: 2, changed: 2 } });
      expect((await t.request(clerkSession, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    });

    it('keeps the last active master: switching every master off at once is refused whole', async () => {
      const me = (await t.request(admin, { method: 'GET', url: '/api/auth/me' })).json().user;
      const deputy = await t.createUserWith(['all-master']);
      const job = await bulk(admin, { action: 'status', status: false, ids: [me.id, deputy.id] });
      expect(job).toMatchObject({ status: 'failed', error: MESSAGES.lastMasterUser });
      expect(await rowOf(me.id)).toMatchObject({ status: true });
      expect(await rowOf(deputy.id)).toMatchObject({ status: true });
      // One of the two is fine.
      expect((await bulk(admin, { action: 'status', status: false, ids: [deputy.id] })).status).toBe('succeeded');
    });
  });
});

// PGlite runs one statement at a time and hides the race; PostgreSQL (CI sets TEST_DATABASE_URL) shows it.
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('users: a bulk change racing a single write on PostgreSQL', () => {
  const fx = useAdminTestApp();

  it('a bulk job switching one master off and a request switching the other off, both waiting on the masters’ lock: one master stays', async () => {
    let adminCookie = fx.admin;
    const me = (await fx.t.request(adminCookie, { method: 'GET', url: '/api/auth/me' })).json().user;
    for (let round = 0; round < 3; round += 1) {
      const deputy = await fx.t.createUserWith(['all-master']);
      const mine = (await fx.t.request(deputy.cookie, { method: 'GET', url: `/api/users/${me.id}` })).json();
      expect(await countActiveMasters(fx.t.db)).toBe(2);
      // Hold the lock every change of masters takes, so both changes are inside their transactions, waiting, when it goes.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = fx.t.db.transaction(async (tx) => {
        await lockMasterChanges(tx);
        locked();
        await held;
      });
      try {
        await isLocked;
        const started = await fx.t.request(adminCookie, { method: 'POST', url: '/api/users/bulk', payload: { action: 'status', status: false, ids: [deputy.id] } });
        expect(started.statusCode, started.body).toBe(202);
        const single = fx.t.request(deputy.cookie, { method: 'PATCH', url: `/api/users/${me.id}/status`, payload: { status: false, version: mine.version } });
        await untilWaitingOnLocks(fx.t.db, 2);
        release();
        await holder;
        const response = await single;
        // Read through the deputy: the admin's sessions end if the deputy's request won.
        const job = await jobWhenEnded(fx.t, response.statusCode < 300 ? deputy.cookie : adminCookie, started.json().id);
        const context = `round ${round}: ${response.body} / ${job.status} ${job.error ?? ''}`;
        expect([response.statusCode < 300, job.status === 'succeeded'].filter(Boolean), context).toHaveLength(1);
        expect(await countActiveMasters(fx.t.db), context).toBe(1);
        if (response.statusCode >= 300) {
          expect(response.statusCode, context).toBe(409);
          expect(response.json().error.message).toBe(MESSAGES.lastMasterUser);
        } else {
          expect(job.error, context).toBe(MESSAGES.lastMasterUser);
        }
      } finally {
        release();
        await holder;
      }
      // Back to one master, the admin, signed in again, for the next round.
      await fx.t.db.update(users).set({ status: true }).where(eq(users.id, me.id));
      await fx.t.db.update(users).set({ status: false }).where(eq(users.id, deputy.id));
      adminCookie = await fx.t.login();
    }
  });
});
