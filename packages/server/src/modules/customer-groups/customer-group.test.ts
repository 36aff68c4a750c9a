import { MESSAGES } from '@facet/contract/messages';
import { customerGroupResource } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';

describeCrudResource({
  resource: customerGroupResource,
  validInput: (n) => ({ name: `Trade ${n}`, status: true }),
  updateChange: (n) => ({ name: `Wholesale ${n}` }),
  invalid: [
    { name: 'a missing name', input: (v) => ({ ...v, name: '' }), field: 'name', message: MESSAGES.required },
    { name: 'a name with punctuation', input: (v) => ({ ...v, name: 'Trade & Wholesale' }), field: 'name', message: MESSAGES.lettersDigitsSpaces },
    { name: 'a name over 255 characters', input: (v) => ({ ...v, name: 'a'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
  ],
});

describe('customer groups: the default group', () => {
  const app = useAdminTestApp();

  const general = async () => (await app.t.request(app.admin, { method: 'GET', url: '/api/customer-groups', query: { search: 'general' } })).json().items[0];

  it('exists on every new database and cannot be deleted, edited or switched off (409), nor made twice', async () => {
    const group = await general();
    expect(group).toMatchObject({ name: 'General', status: true });

    const removed = await app.t.request(app.admin, { method: 'DELETE', url: `/api/customer-groups/${group.id}` });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe('Default group can not be deleted.');
    const renamed = await app.t.request(app.admin, { method: 'PUT', url: `/api/customer-groups/${group.id}`, payload: { name: 'Retail', status: true, version: group.version } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.message).toBe(MESSAGES.defaultGroupLocked);
    const off = await app.t.request(app.admin, { method: 'PATCH', url: `/api/customer-groups/${group.id}/status`, payload: { status: false, version: group.version } });
    expect(off.statusCode).toBe(409);
    expect(await general()).toEqual(group);

    const second = await app.t.request(app.admin, { method: 'POST', url: '/api/customer-groups', payload: { name: 'GENERAL', status: true } });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.issues).toEqual([{ path: ['name'], message: 'Group name already exists.' }]);
  });

  it('opens to staff holding customers or system, and to no one else', async () => {
    for (const key of ['customers', 'system'] as const) {
      const user = await app.t.createUserWith([key]);
      expect((await app.t.request(user.cookie, { method: 'GET', url: '/api/customer-groups' })).statusCode, key).toBe(200);
    }
    const sales = await app.t.createUserWith(['sales']);
    expect((await app.t.request(sales.cookie, { method: 'GET', url: '/api/customer-groups' })).statusCode).toBe(403);
  });
});
