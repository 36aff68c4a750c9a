import { MESSAGES } from '@facet/contract/messages';
import { permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import { PERMISSION_KEYS } from '@facet/contract/permissions';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';

describeCrudResource({
  resource: permissionResource,
  validInput: (n) => ({ name: `Feature ${n}`, description: `Access to feature ${n}`, key: `feature_${n}` }),
  updateChange: (n) => ({ description: `Changed ${n}` }),
  invalid: [
    { name: 'a missing name', input: (v) => ({ ...v, name: '' }), field: 'name', message: MESSAGES.required },
    { name: 'a missing description', input: (v) => ({ ...v, description: '' }), field: 'description', message: MESSAGES.required },
    { name: 'a missing key', input: (v) => ({ ...v, key: '' }), field: 'key', message: MESSAGES.required },
  ],
});

describe('permissions: catalogue and rules', () => {
  const fx = useAdminTestApp();

  it('bootstraps the whole feature catalogue of the spec', async () => {
    const keys = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/permissions', query: { pageSize: '100' } })).json().items.map((p: { key: string }) => p.key);
    expect([...keys].sort()).toEqual([...PERMISSION_KEYS].sort());
  });

  it('refuses editing or deleting the Master permission (409)', async () => {
    const master = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/permissions', query: { search: 'all-master' } })).json().items[0];
    expect(master.name).toBe('Master');
    const edit = await fx.t.request(fx.admin, { method: 'PUT', url: `/api/permissions/${master.id}`, payload: { name: 'Boss', description: 'x', key: 'boss', version: master.version } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(MESSAGES.masterPermissionLocked);
    expect((await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/permissions/${master.id}` })).statusCode).toBe(409);
  });

  it('needs role_permission: user_management alone is not enough', async () => {
    const manager = await fx.t.createUserWith(['user_management']);
    expect((await fx.t.request(manager.cookie, { method: 'GET', url: '/api/permissions' })).statusCode).toBe(403);
    const keeper = await fx.t.createUserWith(['role_permission']);
    expect((await fx.t.request(keeper.cookie, { method: 'GET', url: '/api/permissions' })).statusCode).toBe(200);
  });
});

describe('permissions: keys are access', () => {
  const fx = useAdminTestApp();
  const permissionByKey = async (key: string) => (await fx.t.request(fx.admin, { method: 'GET', url: '/api/permissions', query: { search: key } })).json().items.find((p: { key: string }) => p.key === key);

  it('a role_permission holder cannot make their own permission the key system (rename, free, delete or create it)', async () => {
    const keeper = await fx.t.createUserWith(['role_permission']);
    const system = await permissionByKey('system');
    const own = await permissionByKey('role_permission');
    const attempts = [
      // Free the key, then take it.
      { method: 'PUT' as const, url: `/api/permissions/${system.id}`, payload: { name: system.name, description: system.description, key: 'system-old', version: system.version } },
      { method: 'DELETE' as const, url: `/api/permissions/${system.id}` },
      { method: 'PUT' as const, url: `/api/permissions/${own.id}`, payload: { name: own.name, description: own.description, key: 'system', version: own.version } },
      { method: 'POST' as const, url: '/api/permissions', payload: { name: 'Shipping', description: 'x', key: 'system' } },
    ];
    for (const attempt of attempts) {
      const response = await fx.t.request(keeper.cookie, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}: ${response.body}`).toBe(403);
      expect(response.json().error.message).toBe(MESSAGES.permissionKeyMasterOnly);
    }
    expect((await permissionByKey('system')).version).toBe(system.version);
    expect((await permissionByKey('role_permission')).version).toBe(own.version);
    expect((await fx.t.request(keeper.cookie, { method: 'GET', url: '/api/shipping-rates' })).statusCode).toBe(403);
  });

  it('a role_permission holder still edits names and descriptions, and keys that gate nothing', async () => {
    const keeper = await fx.t.createUserWith(['role_permission']);
    const report = await permissionByKey('report');
    const renamed = await fx.t.request(keeper.cookie, { method: 'PUT', url: `/api/permissions/${report.id}`, payload: { name: 'Reports', description: 'Sales reports', key: 'report', version: report.version } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const created = await fx.t.request(keeper.cookie, { method: 'POST', url: '/api/permissions', payload: { name: 'Gift Cards', description: 'x', key: 'gift_cards' } });
    expect(created.statusCode, created.body).toBe(201);
    const rekeyed = await fx.t.request(keeper.cookie, { method: 'PUT', url: `/api/permissions/${created.json().id}`, payload: { name: 'Gift Cards', description: 'x', key: 'gift-cards', version: 1 } });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect((await fx.t.request(keeper.cookie, { method: 'DELETE', url: `/api/permissions/${created.json().id}` })).statusCode).toBe(204);
  });

  it('a master may change a catalogue key', async () => {
    const test = await permissionByKey('test-permission');
    const response = await fx.t.request(fx.admin, { method: 'PUT', url: `/api/permissions/${test.id}`, payload: { name: test.name, description: test.description, key: 'test-permission-2', version: test.version } });
    expect(response.statusCode, response.body).toBe(200);
  });
});
