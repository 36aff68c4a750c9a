import { MESSAGES } from '@facet/contract/messages';
import { roleResource } from '@facet/contract/modules/roles/role.schema';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp, permissionIdOf } from '../../test/test-app.ts';

let salesId = 0;
let reportId = 0;

describeCrudResource({
  resource: roleResource,
  async setup(t) {
    salesId = await permissionIdOf(t.db, 'sales');
    reportId = await permissionIdOf(t.db, 'report');
  },
  validInput: (n) => ({ name: `Role ${n}`, permissionIds: [salesId] }),
  updateChange: (n) => ({ name: `Renamed ${n}`, permissionIds: [salesId, reportId] }),
  invalid: [
    { name: 'a missing name', input: (v) => ({ ...v, name: '  ' }), field: 'name', message: MESSAGES.required },
    { name: 'a name with punctuation', input: (v) => ({ ...v, name: 'Sales & more' }), field: 'name', message: MESSAGES.lettersDigitsSpaces },
    { name: 'no permission', input: (v) => ({ ...v, permissionIds: [] }), field: 'permissionIds', message: MESSAGES.selectAtLeastOne },
    { name: 'an unknown permission', input: (v) => ({ ...v, permissionIds: [424242] }), field: 'permissionIds', message: 'Unknown permission id(s): 424242.' },
  ],
});

describe('roles: rules', () => {
  const fx = useAdminTestApp();

  it('refuses editing or deleting the master role (409)', async () => {
    const master = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/roles', query: { search: 'master' } })).json().items[0];
    const edit = await fx.t.request(fx.admin, { method: 'PUT', url: `/api/roles/${master.id}`, payload: { name: 'boss', permissionIds: master.permissionIds, version: master.version } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(MESSAGES.masterRoleLocked);
    const del = await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/roles/${master.id}` });
    expect(del.statusCode).toBe(409);
  });

  it('refuses a role with permissions its author does not hold, unless they are master', async () => {
    const manager = await fx.t.createUserWith(['user_management', 'sales']);
    const denied = await fx.t.request(manager.cookie, {
      method: 'POST',
      url: '/api/roles',
      payload: { name: 'Escalation', permissionIds: [await permissionIdOf(fx.t.db, 'all-master')] },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(MESSAGES.cannotGrantUnheld('Master'));
    const allowed = await fx.t.request(manager.cookie, { method: 'POST', url: '/api/roles', payload: { name: 'Sales only', permissionIds: [await permissionIdOf(fx.t.db, 'sales')] } });
    expect(allowed.statusCode).toBe(201);
  });

  it('lets a user manager edit or delete only roles whose permissions they hold themselves (403, nothing written)', async () => {
    const [salesId, reportId] = [await permissionIdOf(fx.t.db, 'sales'), await permissionIdOf(fx.t.db, 'report')];
    const reporters = (await fx.t.request(fx.admin, { method: 'POST', url: '/api/roles', payload: { name: 'Analysts', permissionIds: [salesId, reportId] } })).json();
    const manager = await fx.t.createUserWith(['user_management', 'sales']);
    // Even dropping the permission they lack is a change to a role above them.
    const edit = await fx.t.request(manager.cookie, { method: 'PUT', url: `/api/roles/${reporters.id}`, payload: { name: 'Analysts', permissionIds: [salesId], version: reporters.version } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(MESSAGES.cannotActOnHigher('Report'));
    expect((await fx.t.request(manager.cookie, { method: 'DELETE', url: `/api/roles/${reporters.id}` })).statusCode).toBe(403);
    const after = (await fx.t.request(fx.admin, { method: 'GET', url: `/api/roles/${reporters.id}` })).json();
    expect(after).toMatchObject({ version: reporters.version, permissionIds: reporters.permissionIds });
    // A master role is a master's to change.
    const owners = (await fx.t.request(fx.admin, { method: 'POST', url: '/api/roles', payload: { name: 'Owners', permissionIds: [await permissionIdOf(fx.t.db, 'all-master')] } })).json();
    const onMaster = await fx.t.request(manager.cookie, { method: 'DELETE', url: `/api/roles/${owners.id}` });
    expect(onMaster.statusCode).toBe(403);
    expect(onMaster.json().error.message).toBe(MESSAGES.masterOnly);
  });

  it('takes effect at once: a role losing a permission closes the door on the next request', async () => {
    const role = (await fx.t.request(fx.admin, { method: 'POST', url: '/api/roles', payload: { name: 'Reporters', permissionIds: [await permissionIdOf(fx.t.db, 'user_management')] } })).json();
    const user = await fx.t.createUserWith([]);
    const me = (await fx.t.request(fx.admin, { method: 'GET', url: `/api/users/${user.id}` })).json();
    await fx.t.request(fx.admin, { method: 'PUT', url: `/api/users/${user.id}`, payload: { name: me.name, email: me.email, status: true, roleIds: [role.id], version: me.version } });
    const cookie = await fx.t.login(user.name, user.password);
    expect((await fx.t.request(cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    await fx.t.request(fx.admin, { method: 'PUT', url: `/api/roles/${role.id}`, payload: { name: 'Reporters', permissionIds: [await permissionIdOf(fx.t.db, 'report')], version: role.version } });
    expect((await fx.t.request(cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });
});
