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
