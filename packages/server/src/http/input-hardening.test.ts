import { INT32_MAX } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { ID_LIST_MAX } from '@facet/contract/rules';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/audit.table.ts';
import { loginFailures } from '../modules/auth/session.table.ts';
import { categories } from '../modules/categories/category.table.ts';
import { metalQualities } from '../modules/metal-qualities/metal-quality.table.ts';
import { navigationMenuItems } from '../modules/navigation-menu/navigation-menu.table.ts';
import { roles } from '../modules/roles/role.table.ts';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { users } from '../modules/users/user.table.ts';
import { useAdminTestApp } from '../test/test-app.ts';

/**
 * Issue 8 item 6: odd input that used to reach the database (and answer 500) is refused at the
 * schema with a 400 naming the field, and nothing is written. The hostile-input walk sends such
 * input everywhere; these pin the answers down.
 */
describe('hostile values are refused with 400, writing nothing', () => {
  const fx = useAdminTestApp();
  let shippingRateId: number;
  let categoryVersion: { id: number; version: number };

  const rowCount = async (table: PgTable) => (await fx.t.db.select({ n: count() }).from(table))[0]!.n;

  /** Sends the request and checks the 400, its message on `path`, and that neither the table nor the audit log changed. */
  async function expectRefused(options: InjectOptions, table: PgTable, path: (string | number)[], message: string) {
    const rowsBefore = await rowCount(table);
    const auditBefore = await rowCount(auditLog);
    const response = await fx.t.request(fx.admin, options);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(response.json().error.issues).toContainEqual({ path, message });
    expect(await rowCount(table)).toBe(rowsBefore);
    expect(await rowCount(auditLog)).toBe(auditBefore);
  }

  beforeAll(async () => {
    const rate = await fx.t.request(fx.admin, { method: 'POST', url: '/api/shipping-rates', payload: { name: 'Hardened Rate', rate: 1, minFreeShippingAmount: 2 } });
    shippingRateId = rate.json().id;
    const category = await fx.t.request(fx.admin, { method: 'POST', url: '/api/categories', payload: { name: 'Rings', title: 'Rings', slug: 'hardened-rings' } });
    expect(category.statusCode, category.body).toBe(201);
    categoryVersion = category.json();
  });

  describe('path ids are positive int32 in plain decimal', () => {
    it.each(['0x4', '1e0', '+1', '%201', '01', '0', '-1', '1.5', '2147483648', '9999999999999999999999'])('refuses %s on read, update, status and delete', async (id) => {
      const url = `/api/shipping-rates/${id}`;
      await expectRefused({ method: 'GET', url }, shippingRates, ['id'], MESSAGES.invalidId);
      await expectRefused({ method: 'PUT', url, payload: { name: 'x', rate: 1, minFreeShippingAmount: 1, version: 1 } }, shippingRates, ['id'], MESSAGES.invalidId);
      await expectRefused({ method: 'PATCH', url: `${url}/status`, payload: { status: false, version: 1 } }, shippingRates, ['id'], MESSAGES.invalidId);
      await expectRefused({ method: 'DELETE', url }, shippingRates, ['id'], MESSAGES.invalidId);
    });

    it('refuses a NUL byte in the path as text that cannot be saved', async () => {
      await expectRefused({ method: 'GET', url: '/api/shipping-rates/1%00' }, shippingRates, ['id'], MESSAGES.unsafeText);
    });

    it('answers a path that is no valid UTF-8 with 400 in the usual error body', async () => {
      const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/shipping-rates/%ED%A0%80' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('answers a well-formed id that names no record (the largest int32) with 404', async () => {
      const response = await fx.t.request(fx.admin, { method: 'DELETE', url: `/api/shipping-rates/${INT32_MAX}` });
      expect(response.statusCode).toBe(404);
      expect((await fx.t.request(fx.admin, { method: 'GET', url: `/api/shipping-rates/${shippingRateId}` })).statusCode).toBe(200);
    });
  });

  describe('text refuses NUL and unpaired surrogates', () => {
    it.each([
      ['a NUL byte', 'Express\u0000Delivery'],
      ['a lone high surrogate', 'Express \ud83d'],
      ['a lone low surrogate', '\udc8e Express'],
    ])('in a required text field: %s', async (_what, name) => {
      await expectRefused({ method: 'POST', url: '/api/shipping-rates', payload: { name, rate: 1, minFreeShippingAmount: 1 } }, shippingRates, ['name'], MESSAGES.unsafeText);
    });

    it('in optional text, slugs, links and passwords', async () => {
      const category = { name: 'Bands', title: 'Bands', slug: 'bands' };
      await expectRefused({ method: 'POST', url: '/api/categories', payload: { ...category, metaTitle: 'a\u0000' } }, categories, ['metaTitle'], MESSAGES.unsafeText);
      await expectRefused({ method: 'POST', url: '/api/categories', payload: { ...category, slug: 'bands\ud800' } }, categories, ['slug'], MESSAGES.unsafeText);
      const menuItem = { title: 'Sale', description: 'Sale', menuType: 'custom_link', link: 'https://example.com/\u0000', sortOrder: 1, status: true };
      await expectRefused({ method: 'POST', url: '/api/navigation-menu', payload: menuItem }, navigationMenuItems, ['link'], MESSAGES.unsafeText);
      const user = { name: 'walker', email: 'walker@example.com', status: true, roleIds: [1], password: 'pass\u0000word1', confirmPassword: 'pass\u0000word1' };
      await expectRefused({ method: 'POST', url: '/api/users', payload: user }, users, ['password'], MESSAGES.unsafeText);
    });

    it('in the list search and sort', async () => {
      await expectRefused({ method: 'GET', url: '/api/shipping-rates?search=a%00' }, shippingRates, ['search'], MESSAGES.unsafeText);
      await expectRefused({ method: 'GET', url: '/api/shipping-rates?sort=%00' }, shippingRates, ['sort'], MESSAGES.unsafeText);
    });

    it('in any string or key of a body, declared or not (the global guard)', async () => {
      await expectRefused({ method: 'POST', url: '/api/shipping-rates', payload: { name: 'Keyed', rate: 1, minFreeShippingAmount: 1, note: '\u0000' } }, shippingRates, ['note'], MESSAGES.unsafeText);
      await expectRefused({ method: 'POST', url: '/api/shipping-rates', payload: { name: 'Keyed', rate: 1, minFreeShippingAmount: 1, 'a\u0000': 1 } }, shippingRates, ['a\u0000'], MESSAGES.unsafeText);
    });

    it.each([
      ['username', { username: 'adm\u0000in', password: 'whatever1' }],
      ['username', { username: 'admin\ud800', password: 'whatever1' }],
      ['password', { username: 'admin', password: 'pass\udfff' }],
    ])('at sign-in (%s): 400, no failure counted, nothing audited', async (field, payload) => {
      const failuresBefore = await rowCount(loginFailures);
      await expectRefused({ method: 'POST', url: '/api/auth/login', payload }, users, [field], MESSAGES.unsafeText);
      expect(await rowCount(loginFailures)).toBe(failuresBefore);
    });
  });

  describe('numbers have a range', () => {
    it('refuses whole numbers past int32 in integer columns', async () => {
      const category = { name: 'Chains', title: 'Chains', slug: 'chains' };
      const tooBig = INT32_MAX + 1;
      await expectRefused({ method: 'POST', url: '/api/categories', payload: { ...category, orderNo: tooBig } }, categories, ['orderNo'], `The value must be at most ${INT32_MAX}.`);
      await expectRefused({ method: 'POST', url: '/api/categories', payload: { ...category, parentId: tooBig } }, categories, ['parentId'], MESSAGES.invalidId);
      const menuItem = { title: 'Sale', description: 'Sale', menuType: 'blank', sortOrder: tooBig, status: true };
      await expectRefused({ method: 'POST', url: '/api/navigation-menu', payload: menuItem }, navigationMenuItems, ['sortOrder'], `The value must be at most ${INT32_MAX}.`);
      const order = { items: [{ id: tooBig, parentId: null, sortOrder: 0 }] };
      await expectRefused({ method: 'PUT', url: '/api/navigation-menu/order', payload: order }, navigationMenuItems, ['items', 0, 'id'], MESSAGES.invalidId);
      await expectRefused({ method: 'POST', url: '/api/roles', payload: { name: 'Big', permissionIds: [tooBig] } }, roles, ['permissionIds', 0], MESSAGES.invalidId);
    });

    it('refuses a version past int32', async () => {
      const { id } = categoryVersion;
      const response = await fx.t.request(fx.admin, { method: 'PATCH', url: `/api/categories/${id}/status`, payload: { status: false, version: INT32_MAX + 1 } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toEqual(['version']);
    });

    it('refuses numbers past float range and a 2**53+1 id', async () => {
      const overflow = '{"name":"Float","rate":1e309,"minFreeShippingAmount":1}';
      const response = await fx.t.request(fx.admin, { method: 'POST', url: '/api/shipping-rates', payload: overflow, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toEqual(['rate']);
      const unsafeId = '{"name":"Huge","permissionIds":[9007199254740993]}';
      const role = await fx.t.request(fx.admin, { method: 'POST', url: '/api/roles', payload: unsafeId, headers: { 'content-type': 'application/json' } });
      expect(role.statusCode).toBe(400);
    });

    it('refuses a metal quality weight its numeric(12, 3) column cannot hold', async () => {
      const choices = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/metal-qualities/choices' })).json();
      const body = { metalQualityOptionId: choices.qualityOptions[0].id, metalId: choices.metals[0].id, fineness: 75, labourCharges: 1, status: true };
      for (const weight of [9_999_999_999, 1e21]) {
        await expectRefused({ method: 'POST', url: '/api/metal-qualities', payload: { ...body, weight } }, metalQualities, ['weight'], 'The value must be at most 999999999.999.');
      }
    });

    it(`refuses id lists longer than ${ID_LIST_MAX} (PostgreSQL takes at most 65,535 query parameters)`, async () => {
      const permissionIds = Array.from({ length: 70_000 }, (_, i) => i + 1);
      await expectRefused({ method: 'POST', url: '/api/roles', payload: { name: 'Greedy', permissionIds } }, roles, ['permissionIds'], MESSAGES.tooManyItems(ID_LIST_MAX));
    });
  });
});
