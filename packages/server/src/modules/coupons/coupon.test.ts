import { shopDay } from '@facet/contract/format';
import { MESSAGES } from '@facet/contract/messages';
import { COUPON_MESSAGES, couponResource } from '@facet/contract/modules/coupons/coupon.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { createTestApp, useAdminTestApp } from '../../test/test-app.ts';
import { customers } from '../customers/customer.table.ts';
import { coupons } from './coupon.table.ts';

const nextYear = () => shopDay(new Date(Date.now() + 365 * 86_400_000));
const valid = (n: number) => ({
  code: `SPRING-${n}`,
  description: 'Spring sale',
  discountType: 'fixed_cart_discount',
  valueType: 'percentage',
  percentage: 10,
  expiryDate: nextYear(),
  minimumSpend: 100,
  maximumSpend: 5000,
  usagePerCoupon: 0,
  limitCartProducts: 0,
  usagePerUser: 1,
  productIds: [],
  excludeProductIds: [],
  categoryIds: [],
  excludeCategoryIds: [],
  customerIds: [],
  status: true,
});
type Body = Record<string, unknown>;

describeCrudResource({
  resource: couponResource,
  validInput: valid,
  updateChange: () => ({ description: 'Spring sale, extended', percentage: 15 }),
  derived: ['usedCount', 'chosen'],
  invalid: [
    { name: 'a missing code', input: ({ code: _c, ...v }: Body) => v, field: 'code', message: MESSAGES.required },
    { name: 'a code with a space', input: (v: Body) => ({ ...v, code: 'SPRING SALE' }), field: 'code', message: MESSAGES.lettersDigitsDashes },
    { name: 'a code with an underscore', input: (v: Body) => ({ ...v, code: 'SPRING_10' }), field: 'code', message: MESSAGES.lettersDigitsDashes },
    { name: 'a code over 255 characters', input: (v: Body) => ({ ...v, code: 'C'.repeat(256) }), field: 'code', message: MESSAGES.maxLength(255) },
    { name: 'a missing description', input: (v: Body) => ({ ...v, description: '  ' }), field: 'description', message: MESSAGES.required },
    { name: 'a missing expiry date', input: (v: Body) => ({ ...v, expiryDate: '' }), field: 'expiryDate', message: MESSAGES.required },
    { name: 'an expiry date that is no day', input: (v: Body) => ({ ...v, expiryDate: '2026-02-30' }), field: 'expiryDate', message: MESSAGES.invalidDate },
    { name: 'a missing percentage on a percentage coupon', input: (v: Body) => ({ ...v, percentage: null }), field: 'percentage', message: MESSAGES.required },
    { name: 'a percentage over 99', input: (v: Body) => ({ ...v, percentage: 99.5 }), field: 'percentage', message: 'Percentage must be at most 99.' },
    { name: 'a negative percentage', input: (v: Body) => ({ ...v, percentage: -1 }), field: 'percentage', message: 'Percentage must be at least 0.' },
    { name: 'a missing amount on an amount coupon', input: (v: Body) => ({ ...v, valueType: 'amount', percentage: null }), field: 'amount', message: MESSAGES.required },
    { name: 'a negative amount', input: (v: Body) => ({ ...v, valueType: 'amount', amount: -5 }), field: 'amount', message: 'Amount must be at least 0.' },
    { name: 'a missing minimum spend (fixed cart)', input: (v: Body) => ({ ...v, minimumSpend: null }), field: 'minimumSpend', message: MESSAGES.required },
    { name: 'a missing maximum spend (fixed cart)', input: ({ maximumSpend: _m, ...v }: Body) => v, field: 'maximumSpend', message: MESSAGES.required },
    {
      name: 'a minimum spend above the maximum minus 1',
      input: (v: Body) => ({ ...v, minimumSpend: 4999.5, maximumSpend: 5000 }),
      field: 'minimumSpend',
      message: COUPON_MESSAGES.minimumSpendTooHigh(5000),
    },
    { name: 'a negative usage limit per coupon', input: (v: Body) => ({ ...v, usagePerCoupon: -1 }), field: 'usagePerCoupon', message: 'Usage limit per coupon must be at least 0.' },
    { name: 'a usage limit per user that is not whole', input: (v: Body) => ({ ...v, usagePerUser: 1.5 }), field: 'usagePerUser', message: MESSAGES.wholeNumber },
    { name: 'a negative items limit', input: (v: Body) => ({ ...v, limitCartProducts: -2 }), field: 'limitCartProducts', message: 'Limit usage to X items must be at least 0.' },
    { name: 'products and categories both chosen', input: (v: Body) => ({ ...v, productIds: [1], categoryIds: [2] }), field: 'categoryIds', message: COUPON_MESSAGES.productsOrCategories },
    { name: 'a category chosen and excluded', input: (v: Body) => ({ ...v, categoryIds: [2], excludeCategoryIds: [2] }), field: 'excludeCategoryIds', message: COUPON_MESSAGES.excludedAndIncluded },
    { name: 'an unknown product', input: (v: Body) => ({ ...v, productIds: [2_000_000_000] }), field: 'productIds', message: COUPON_MESSAGES.unknownProducts },
    { name: 'an unknown excluded category', input: (v: Body) => ({ ...v, excludeCategoryIds: [2_000_000_000] }), field: 'excludeCategoryIds', message: COUPON_MESSAGES.unknownCategories },
    { name: 'an unknown customer', input: (v: Body) => ({ ...v, customerIds: [2_000_000_000] }), field: 'customerIds', message: COUPON_MESSAGES.unknownCustomers },
  ],
});

describe('coupons: the form rules the server keeps', () => {
  const app = useAdminTestApp();
  const create = (body: Body) => app.t.request(app.admin, { method: 'POST', url: '/api/coupons', payload: { ...valid(0), ...body } });

  it('a minimum spend exactly the maximum minus 1 is allowed', async () => {
    const response = await create({ code: 'EDGE-1', minimumSpend: 4999, maximumSpend: 5000 });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a duplicate code whatever its case, writing nothing', async () => {
    expect((await create({ code: 'Dup-Code' })).statusCode).toBe(201);
    const again = await create({ code: 'DUP-CODE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.duplicate('Coupon code'));
    const [count] = await app.t.db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(eq(sql`lower(${coupons.code})`, 'dup-code'));
    expect(count!.n).toBe(1);
  });

  it('stores one value and no spend window on a fixed product coupon; blank usage limits are 0 (unlimited), per user defaults to 1', async () => {
    const response = await create({
      code: 'PRODUCT-AMOUNT',
      discountType: 'fixed_product_discount',
      valueType: 'amount',
      amount: 25,
      percentage: 40,
      minimumSpend: null,
      maximumSpend: null,
      usagePerCoupon: null,
      limitCartProducts: null,
      usagePerUser: undefined,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ amount: 25, percentage: null, minimumSpend: null, maximumSpend: null, usagePerCoupon: 0, limitCartProducts: 0, usagePerUser: 1, usedCount: 0 });
  });

  it('lists the code, expiry, created date and status, searched by code', async () => {
    await create({ code: 'LIST-ME-1' });
    const list = (await app.t.request(app.admin, { method: 'GET', url: '/api/coupons', query: { search: 'list-me' } })).json();
    expect(list.items).toHaveLength(1);
    expect(Object.keys(list.items[0]).sort()).toEqual(['code', 'createdAt', 'expiryDate', 'id', 'status', 'updatedAt', 'usagePerCoupon', 'usedCount', 'version']);
  });

  it('pickers: product and customer searches need 3 characters', async () => {
    for (const url of ['/api/coupons/choices/products', '/api/coupons/choices/customers']) {
      const short = await app.t.request(app.admin, { method: 'GET', url, query: { term: 'ab' } });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.issues[0].message).toBe(MESSAGES.minLength(3));
    }
  });
});

describe('coupons: permissions', () => {
  const app = useAdminTestApp();
  it('marketing or coupons opens coupons and their pickers; neither is 403, no session 401', async () => {
    for (const keys of [['marketing'], ['coupons']] as const) {
      const user = await app.t.createUserWith([...keys]);
      expect((await app.t.request(user.cookie, { method: 'GET', url: '/api/coupons' })).statusCode).toBe(200);
      expect((await app.t.request(user.cookie, { method: 'GET', url: '/api/coupons/choices/categories' })).statusCode).toBe(200);
      const created = await app.t.request(user.cookie, { method: 'POST', url: '/api/coupons', payload: valid(keys[0].length) });
      expect(created.statusCode, created.body).toBe(201);
    }
    const other = await app.t.createUserWith(['sales', 'products', 'customers']);
    for (const url of ['/api/coupons', '/api/coupons/choices/categories', '/api/coupons/choices/customer-groups', '/api/coupons/choices/products?term=ring']) {
      expect((await app.t.request(other.cookie, { method: 'GET', url })).statusCode).toBe(403);
      expect((await app.t.request(undefined, { method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await app.t.request(other.cookie, { method: 'POST', url: '/api/coupons', payload: valid(99) })).statusCode).toBe(403);
  });
});

describe('coupons over the demo catalogue', () => {
  it('chooses products, categories and customers (by group) and answers their labels', async () => {
    const t = await createTestApp({ demoData: true });
    try {
      const admin = await t.login();
      const get = async (url: string, query?: Record<string, string>) => {
        const response = await t.request(admin, { method: 'GET', url, query });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { id: number; label: string }[];
      };
      const [customer] = await t.db.select({ id: customers.id, email: customers.email, groupId: customers.groupId }).from(customers).where(and(isNull(customers.deletedAt), eq(customers.isGuest, false))).limit(1);
      const found = await get('/api/coupons/choices/customers', { term: customer!.email.slice(0, 8), customerGroupId: String(customer!.groupId) });
      expect(found.map((row) => row.id)).toContain(customer!.id);
      const groups = await get('/api/coupons/choices/customer-groups');
      const otherGroup = groups.find((group) => group.id !== customer!.groupId);
      if (otherGroup) expect((await get('/api/coupons/choices/customers', { term: customer!.email, customerGroupId: String(otherGroup.id) })).map((row) => row.id)).not.toContain(customer!.id);
      const categories = await get('/api/coupons/choices/categories');
      const products = await get('/api/coupons/choices/products', { term: 'ring' });
      expect(products.length).toBeGreaterThan(0);
      const response = await t.request(admin, {
        method: 'POST',
        url: '/api/coupons',
        payload: { ...valid(1), categoryIds: [categories[0]!.id], excludeProductIds: [products[0]!.id], customerIds: [customer!.id] },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().chosen).toEqual({ products: [products[0]], categories: [categories[0]], customers: [expect.objectContaining({ id: customer!.id })] });
      // The demo holds active, expired and used-up coupons.
      const demo = await t.db.select().from(coupons).where(isNull(coupons.deletedAt));
      const today = shopDay();
      expect(demo.some((c) => c.status && c.expiryDate >= today && (c.usagePerCoupon === 0 || c.usedCount < c.usagePerCoupon))).toBe(true);
      expect(demo.some((c) => c.expiryDate < today)).toBe(true);
      expect(demo.some((c) => c.usagePerCoupon > 0 && c.usedCount >= c.usagePerCoupon)).toBe(true);
    } finally {
      await t.close();
    }
  }, 180_000);
});
