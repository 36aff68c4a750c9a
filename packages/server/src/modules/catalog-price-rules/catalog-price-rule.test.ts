import { MESSAGES } from '@facet/contract/messages';
import { catalogPriceRuleResource, PRICE_RULE_MESSAGES } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { catalogPriceRules } from './catalog-price-rule.table.ts';

const HOUR_MS = 3_600_000;
/** A time `hours` from now, to the minute, as the form sends it (UTC). */
const hoursFrom = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR_MS) / 60_000) * 60_000).toISOString();
const valid = (n: number) => ({
  name: `Summer sale ${n}`,
  description: 'Summer prices on the whole shop',
  discountType: 'percentage',
  percentage: 10,
  amount: null,
  // Starts in a day or more (an hour later per n, so the dates sort): a rule saved by these tests prices nothing now.
  startDate: hoursFrom(24 + n),
  endDate: hoursFrom(24 * 8 + n),
  status: true,
  productIds: [],
  excludeProductIds: [],
  categoryIds: [],
  excludeCategoryIds: [],
});
type Body = Record<string, unknown>;

describeCrudResource({
  resource: catalogPriceRuleResource,
  validInput: valid,
  updateChange: () => ({ description: 'Summer prices, extended', percentage: 15 }),
  derived: ['chosen'],
  invalid: [
    { name: 'a missing rule name', input: ({ name: _n, ...v }: Body) => v, field: 'name', message: MESSAGES.required },
    { name: 'a blank rule name', input: (v: Body) => ({ ...v, name: '   ' }), field: 'name', message: MESSAGES.required },
    { name: 'a rule name over 255 characters', input: (v: Body) => ({ ...v, name: 'R'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
    { name: 'a missing description', input: (v: Body) => ({ ...v, description: '' }), field: 'description', message: MESSAGES.required },
    { name: 'a missing discount type', input: ({ discountType: _d, ...v }: Body) => v, field: 'discountType', message: MESSAGES.required },
    { name: 'a discount type of no kind', input: (v: Body) => ({ ...v, discountType: 'buy_one_get_one' }), field: 'discountType', message: MESSAGES.required },
    { name: 'a missing percentage on a percentage rule', input: (v: Body) => ({ ...v, percentage: null }), field: 'percentage', message: MESSAGES.required },
    { name: 'a percentage over 99', input: (v: Body) => ({ ...v, percentage: 99.01 }), field: 'percentage', message: 'Percentage must be at most 99.' },
    { name: 'a negative percentage', input: (v: Body) => ({ ...v, percentage: -1 }), field: 'percentage', message: 'Percentage must be at least 0.' },
    { name: 'a missing amount on a fixed amount rule', input: (v: Body) => ({ ...v, discountType: 'fixed_amount', percentage: null }), field: 'amount', message: MESSAGES.required },
    { name: 'a negative amount', input: (v: Body) => ({ ...v, discountType: 'fixed_amount', amount: -0.01 }), field: 'amount', message: 'Amount must be at least 0.' },
    { name: 'an amount with more than 2 decimals', input: (v: Body) => ({ ...v, discountType: 'fixed_amount', amount: 1.005 }), field: 'amount', message: MESSAGES.maxDecimals(2) },
    { name: 'a missing start date', input: (v: Body) => ({ ...v, startDate: '' }), field: 'startDate', message: MESSAGES.required },
    { name: 'a missing end date', input: ({ endDate: _e, ...v }: Body) => v, field: 'endDate', message: MESSAGES.required },
    { name: 'a start date that is no date-time', input: (v: Body) => ({ ...v, startDate: '2026-02-30T10:00:00Z' }), field: 'startDate', message: MESSAGES.invalidDate },
    { name: 'an end before the start', input: (v: Body) => ({ ...v, endDate: hoursFrom(20) }), field: 'endDate', message: MESSAGES.endDateAfterStartDate },
    { name: 'an end equal to the start', input: (v: Body) => ({ ...v, endDate: v.startDate }), field: 'endDate', message: MESSAGES.endDateAfterStartDate },
    {
      name: 'an end inside the hour after the start',
      input: (v: Body) => ({ ...v, endDate: new Date(Date.parse(v.startDate as string) + HOUR_MS - 60_000).toISOString() }),
      field: 'endDate',
      message: MESSAGES.minimumRuleDuration,
    },
    { name: 'products and categories both chosen', input: (v: Body) => ({ ...v, productIds: [1], categoryIds: [2] }), field: 'categoryIds', message: PRICE_RULE_MESSAGES.productsOrCategories },
    { name: 'a product chosen and excluded', input: (v: Body) => ({ ...v, productIds: [3], excludeProductIds: [3] }), field: 'excludeProductIds', message: PRICE_RULE_MESSAGES.excludedAndIncluded },
    { name: 'a category chosen and excluded', input: (v: Body) => ({ ...v, categoryIds: [2], excludeCategoryIds: [2] }), field: 'excludeCategoryIds', message: PRICE_RULE_MESSAGES.excludedAndIncluded },
    { name: 'an unknown product', input: (v: Body) => ({ ...v, productIds: [2_000_000_000] }), field: 'productIds', message: PRICE_RULE_MESSAGES.unknownProducts },
    { name: 'an unknown excluded product', input: (v: Body) => ({ ...v, excludeProductIds: [2_000_000_000] }), field: 'excludeProductIds', message: PRICE_RULE_MESSAGES.unknownProducts },
    { name: 'an unknown category', input: (v: Body) => ({ ...v, categoryIds: [2_000_000_000] }), field: 'categoryIds', message: PRICE_RULE_MESSAGES.unknownCategories },
    { name: 'an unknown excluded category', input: (v: Body) => ({ ...v, excludeCategoryIds: [2_000_000_000] }), field: 'excludeCategoryIds', message: PRICE_RULE_MESSAGES.unknownCategories },
  ],
});

describe('catalog price rules: the form rules the server keeps', () => {
  const app = useAdminTestApp();
  const create = (body: Body) => app.t.request(app.admin, { method: 'POST', url: '/api/catalog-price-rules', payload: { ...valid(0), ...body } });

  it('an end exactly one hour after the start is allowed; a percentage of 99 and an amount of 0 are too', async () => {
    const start = hoursFrom(2);
    const exact = await create({ name: 'One hour', startDate: start, endDate: new Date(Date.parse(start) + HOUR_MS).toISOString(), percentage: 99 });
    expect(exact.statusCode, exact.body).toBe(201);
    const free = await create({ name: 'Nothing off', discountType: 'fixed_amount', percentage: null, amount: 0 });
    expect(free.statusCode, free.body).toBe(201);
  });

  it('stores one value: the field its discount type does not use is empty', async () => {
    const response = await create({ name: 'Fixed', discountType: 'fixed_amount', amount: 25, percentage: 40 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ discountType: 'fixed_amount', amount: 25, percentage: null });
  });

  it('refuses an end inside the hour with the spec’s message, writing nothing', async () => {
    const before = await app.t.db.$count(catalogPriceRules);
    const start = hoursFrom(3);
    const response = await create({ startDate: start, endDate: new Date(Date.parse(start) + 30 * 60_000).toISOString() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['endDate'], message: 'Minimum difference between start date and end date should be 1hr.' }]);
    expect(await app.t.db.$count(catalogPriceRules)).toBe(before);
  });

  it('lists the spec’s columns: name, discount, start, end, status, created date', async () => {
    await create({ name: 'Listed rule' });
    const list = (await app.t.request(app.admin, { method: 'GET', url: '/api/catalog-price-rules', query: { search: 'listed rule' } })).json();
    expect(list.items).toHaveLength(1);
    expect(Object.keys(list.items[0]).sort()).toEqual(['amount', 'createdAt', 'discountType', 'endDate', 'id', 'name', 'percentage', 'startDate', 'status', 'updatedAt', 'version']);
  });

  it('the product picker searches from 3 characters', async () => {
    const short = await app.t.request(app.admin, { method: 'GET', url: '/api/catalog-price-rules/choices/products', query: { term: 'ri' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.issues[0].message).toBe(MESSAGES.minLength(3));
    const found = await app.t.request(app.admin, { method: 'GET', url: '/api/catalog-price-rules/choices/products', query: { term: 'ring' } });
    expect(found.statusCode, found.body).toBe(200);
  });
});

describe('catalog price rules: permissions', () => {
  const app = useAdminTestApp();
  it('marketing opens the rules and their pickers; without it 403, without a session 401', async () => {
    const marketer = await app.t.createUserWith(['marketing']);
    expect((await app.t.request(marketer.cookie, { method: 'GET', url: '/api/catalog-price-rules' })).statusCode).toBe(200);
    expect((await app.t.request(marketer.cookie, { method: 'GET', url: '/api/catalog-price-rules/choices/categories' })).statusCode).toBe(200);
    const created = await app.t.request(marketer.cookie, { method: 'POST', url: '/api/catalog-price-rules', payload: valid(1) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;

    // Coupons' own key does not open price rules (the spec's Marketing menu does).
    const other = await app.t.createUserWith(['coupons', 'products', 'sales']);
    const calls = [
      { method: 'GET', url: '/api/catalog-price-rules' },
      { method: 'GET', url: `/api/catalog-price-rules/${id}` },
      { method: 'GET', url: '/api/catalog-price-rules/choices/categories' },
      { method: 'GET', url: '/api/catalog-price-rules/choices/products?term=ring' },
      { method: 'POST', url: '/api/catalog-price-rules', payload: valid(2) },
      { method: 'PUT', url: `/api/catalog-price-rules/${id}`, payload: { ...valid(3), version: 1 } },
      { method: 'DELETE', url: `/api/catalog-price-rules/${id}` },
    ] as const;
    for (const call of calls) {
      expect((await app.t.request(other.cookie, call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await app.t.request(undefined, call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await app.t.db.$count(catalogPriceRules)).toBe(1);
  });
});
