import { MESSAGES } from '@facet/contract/messages';
import { MASKED_SECRET, settingResource } from '@facet/contract/modules/settings/setting.schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { settings } from './setting.table.ts';

describeCrudResource({
  resource: settingResource,
  validInput: (n) => ({ title: `Store Phone ${n}`, key: `store_phone_${n}`, value: '020 7946 0321' }),
  updateChange: () => ({ title: 'Shop Telephone', value: '0121 496 0000' }),
  invalid: [
    { name: 'a missing title', input: (v) => ({ ...v, title: '' }), field: 'title', message: MESSAGES.required },
    { name: 'a missing key', input: ({ key: _k, ...v }) => v, field: 'key', message: MESSAGES.required },
    { name: 'a blank key', input: (v) => ({ ...v, key: '   ' }), field: 'key', message: MESSAGES.required },
    { name: 'a missing value', input: (v) => ({ ...v, value: '' }), field: 'value', message: MESSAGES.required },
    { name: 'a title over 255 characters', input: (v) => ({ ...v, title: 't'.repeat(256) }), field: 'title', message: MESSAGES.maxLength(255) },
    { name: 'a key with markup', input: (v) => ({ ...v, key: '<script>alert(1)</script>' }), field: 'key', message: MESSAGES.settingKey },
    { name: 'a key with a space', input: (v) => ({ ...v, key: 'store phone' }), field: 'key', message: MESSAGES.settingKey },
    { name: 'a key starting with a digit', input: (v) => ({ ...v, key: '2nd_phone' }), field: 'key', message: MESSAGES.settingKey },
    { name: 'a key over 100 characters', input: (v) => ({ ...v, key: 'k'.repeat(101) }), field: 'key', message: MESSAGES.maxLength(100) },
  ],
});

describe('settings: keys', () => {
  const fixture = useAdminTestApp();

  it('takes keys with underscores, dots and dashes, as code names settings', async () => {
    for (const key of ['store_email', 'instagram.client_id', 'Instagram-Token', 'vatRate2']) {
      const response = await fixture.t.request(fixture.admin, { method: 'POST', url: '/api/settings', payload: { title: key, key, value: 'x' } });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().key).toBe(key);
    }
  });
});

describe('settings: secret values', () => {
  const fixture = useAdminTestApp();

  it('answers a password setting masked everywhere, and keeps it when the mask is saved back', async () => {
    const { t, admin } = fixture;
    const created = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: 'Feed password', key: 'nivoda.password', value: 'hunter2-secret' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value).toBe(MASKED_SECRET);
    const id = created.json().id as number;
    const list = await t.request(admin, { method: 'GET', url: '/api/settings?pageSize=100' });
    expect(list.body).not.toContain('hunter2');
    expect((await t.request(admin, { method: 'GET', url: `/api/settings/${id}` })).json().value).toBe(MASKED_SECRET);
    const renamed = await t.request(admin, { method: 'PUT', url: `/api/settings/${id}`, payload: { title: 'Nivoda password', key: 'nivoda.password', value: MASKED_SECRET, version: 1 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [stored] = await t.db.select({ value: settings.value }).from(settings).where(eq(settings.id, id));
    expect(stored!.value).toBe('hunter2-secret');
  });
});
