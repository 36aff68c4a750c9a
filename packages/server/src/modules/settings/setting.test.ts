import { MESSAGES } from '@facet/contract/messages';
import { MASKED_SECRET, SETTING_MESSAGES, settingResource } from '@facet/contract/modules/settings/setting.schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { decryptSecret, isEncryptedSecret } from '../../secret-key.ts';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { TEMPLATE_BOOTSTRAP } from '../../test/test-database.ts';
import { encryptClearSecrets } from './setting.routes.ts';
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
    expect(await storedValue(id)).toBe('hunter2-secret');
  });

  /** The value the database holds for a setting, decrypted when it is a secret; asserts a secret is not in clear. */
  const storedValue = async (id: number) => {
    const [stored] = await fixture.t.db.select({ value: settings.value, isSecret: settings.isSecret }).from(settings).where(eq(settings.id, id));
    if (!stored!.isSecret) return stored!.value;
    expect(isEncryptedSecret(stored!.value), 'a secret is stored encrypted').toBe(true);
    return decryptSecret(TEMPLATE_BOOTSTRAP.secretKey, stored!.value);
  };
  const create = async (payload: object) => {
    const created = await fixture.t.request(fixture.admin, { method: 'POST', url: '/api/settings', payload });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number; key: string; value: string; isSecret: boolean; version: number };
  };
  const auditsOf = (id: number) => fixture.t.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));

  it('refuses to rename a secret or make it visible, which would answer, audit and publish its value in clear', async () => {
    const { t, admin } = fixture;
    const secret = await create({ title: 'SMTP password', key: 'smtp.password', value: 'swordfish-42' });
    expect(secret).toMatchObject({ isSecret: true, value: MASKED_SECRET });
    const renamed = await t.request(admin, { method: 'PUT', url: `/api/settings/${secret.id}`, payload: { title: 'x', key: 'smtp_copy', value: MASKED_SECRET, version: secret.version } });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json().error.issues).toEqual([{ path: ['key'], message: SETTING_MESSAGES.secretKeyFixed }]);
    const shown = await t.request(admin, { method: 'PUT', url: `/api/settings/${secret.id}`, payload: { title: 'x', key: 'smtp.password', value: MASKED_SECRET, isSecret: false, version: secret.version } });
    expect(shown.statusCode, shown.body).toBe(400);
    expect(shown.json().error.issues).toEqual([{ path: ['isSecret'], message: SETTING_MESSAGES.secretStaysSecret }]);
    // Nothing written: the same row, the same value, and no answer or audit row holds it.
    expect((await t.request(admin, { method: 'GET', url: `/api/settings/${secret.id}` })).json()).toMatchObject({ key: 'smtp.password', isSecret: true, version: 1, value: MASKED_SECRET });
    expect(await storedValue(secret.id)).toBe('swordfish-42');
    expect(JSON.stringify(await auditsOf(secret.id))).not.toContain('swordfish');
    // Its title may still change, the mask saved back keeping the value.
    const retitled = await t.request(admin, { method: 'PUT', url: `/api/settings/${secret.id}`, payload: { title: 'Mail password', key: 'smtp.password', value: MASKED_SECRET, isSecret: true, version: 1 } });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.body).not.toContain('swordfish');
    expect(await storedValue(secret.id)).toBe('swordfish-42');
    expect(JSON.stringify(await auditsOf(secret.id))).not.toContain('swordfish');
  });

  it('keeps a setting flagged secret secret whatever its key, and a plain setting renamed to a secret key becomes one', async () => {
    const { t, admin } = fixture;
    const flagged = await create({ title: 'Feed login', key: 'feed_login', value: 'opensesame-77', isSecret: true });
    expect(flagged).toMatchObject({ isSecret: true, value: MASKED_SECRET });
    expect(await storedValue(flagged.id)).toBe('opensesame-77');
    const plain = await create({ title: 'Courier', key: 'courier_account', value: 'acct-991' });
    expect(plain).toMatchObject({ isSecret: false, value: 'acct-991' });
    const renamed = await t.request(admin, { method: 'PUT', url: `/api/settings/${plain.id}`, payload: { title: 'Courier', key: 'courier.api_key', value: 'key-5531', version: plain.version } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ isSecret: true, value: MASKED_SECRET });
    expect(await storedValue(plain.id)).toBe('key-5531');
    expect(JSON.stringify(await auditsOf(plain.id))).not.toContain('key-5531');
    expect(JSON.stringify(await auditsOf(flagged.id))).not.toContain('opensesame');
  });

  it('never matches a secret by its value in a search (no substring oracle), but by its title and key', async () => {
    const { t, admin } = fixture;
    await create({ title: 'Klaviyo token', key: 'klaviyo.token', value: 'pk-abcdef-998877' });
    await create({ title: 'Gift wrap note', key: 'gift_wrap_note', value: 'wrapped-with-ribbon' });
    const search = async (text: string) => (await t.request(admin, { method: 'GET', url: `/api/settings?search=${encodeURIComponent(text)}` })).json() as { items: { key: string; value: string }[]; total: number };
    for (const guess of ['pk-abcdef', 'pk-', '998877', 'enc:v1']) expect((await search(guess)).total, guess).toBe(0);
    expect((await search('klaviyo')).items).toEqual([expect.objectContaining({ key: 'klaviyo.token', value: MASKED_SECRET })]);
    expect((await search('with-ribbon')).items).toEqual([expect.objectContaining({ key: 'gift_wrap_note' })]);
  });

  it('encrypts at start-up the secrets an older version stored in clear, and still masks them before', async () => {
    const { t, admin } = fixture;
    const [legacy] = await t.db.insert(settings).values({ title: 'Old token', key: 'instagram.token', value: 'IGQVJ-legacy-clear', isSecret: true }).returning({ id: settings.id });
    expect((await t.request(admin, { method: 'GET', url: `/api/settings/${legacy!.id}` })).json().value).toBe(MASKED_SECRET);
    await encryptClearSecrets(t.db, TEMPLATE_BOOTSTRAP.secretKey);
    expect(await storedValue(legacy!.id)).toBe('IGQVJ-legacy-clear');
    // Idempotent: an encrypted value is left as it is.
    const [once] = await t.db.select({ value: settings.value }).from(settings).where(eq(settings.id, legacy!.id));
    await encryptClearSecrets(t.db, TEMPLATE_BOOTSTRAP.secretKey);
    const [twice] = await t.db.select({ value: settings.value }).from(settings).where(eq(settings.id, legacy!.id));
    expect(twice!.value).toBe(once!.value);
  });

  it('at start-up, masks secrets an older version wrote into audit rows, and flags again a secret renamed to a plain key', async () => {
    const { t, admin } = fixture;
    // What the old rename bug left: nivoda.password renamed to nivoda_copy kept its clear value, lost
    // its secret flag, and both audit rows hold the password.
    const [renamed] = await t.db.insert(settings).values({ title: 'Nivoda copy', key: 'nivoda_copy', value: 'hunter2-clear' }).returning({ id: settings.id });
    const [token] = await t.db.insert(settings).values({ title: 'Old token', key: 'old.token', value: 'tok-clear-7788', isSecret: true }).returning({ id: settings.id });
    const [plain] = await t.db.insert(settings).values({ title: 'Store phone', key: 'store_phone_audit', value: '020 7946 0999' }).returning({ id: settings.id });
    const audit = (entityId: number, before: object | null, after: object) =>
      ({ action: 'update', entity: settingResource.entity, entityId: String(entityId), before, after });
    await t.db.insert(auditLog).values([
      audit(renamed!.id, { key: 'nivoda.password', value: 'hunter2-clear' }, { key: 'nivoda_copy', value: 'hunter2-clear' }),
      audit(token!.id, null, { key: 'old.token', value: 'tok-clear-7788' }),
      audit(plain!.id, { key: 'store_phone_audit', value: '020 7946 0000' }, { key: 'store_phone_audit', value: '020 7946 0999' }),
    ]);
    await encryptClearSecrets(t.db, TEMPLATE_BOOTSTRAP.secretKey);
    const [flagged] = await t.db.select({ isSecret: settings.isSecret, value: settings.value }).from(settings).where(eq(settings.id, renamed!.id));
    expect(flagged!.isSecret).toBe(true);
    expect(isEncryptedSecret(flagged!.value)).toBe(true);
    expect((await t.request(admin, { method: 'GET', url: `/api/settings/${renamed!.id}` })).json().value).toBe(MASKED_SECRET);
    expect(JSON.stringify(await auditsOf(renamed!.id))).not.toContain('hunter2');
    expect(JSON.stringify(await auditsOf(token!.id))).not.toContain('tok-clear');
    expect(await auditsOf(token!.id)).toContainEqual(expect.objectContaining({ after: { key: 'old.token', value: MASKED_SECRET } }));
    // Plain settings keep their history as it was.
    expect(JSON.stringify(await auditsOf(plain!.id))).toContain('020 7946 0000');
  });
});
