import { MESSAGES } from '@facet/contract/messages';
import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { shippingRates } from './shipping-rate.table.ts';

const valid = (n: number) => ({ name: `Royal Mail Special Delivery ${n}`, rate: 7.95, minFreeShippingAmount: 500, status: true });

describeCrudResource({
  resource: shippingRateResource,
  validInput: valid,
  updateChange: () => ({ rate: 9.5, minFreeShippingAmount: 750.25 }),
  invalid: [
    { name: 'a missing name', input: ({ name: _n, ...v }) => v, field: 'name', message: MESSAGES.required },
    { name: 'a name of spaces only', input: (v) => ({ ...v, name: '   ' }), field: 'name', message: MESSAGES.required },
    { name: 'a name over 255 characters', input: (v) => ({ ...v, name: 'n'.repeat(256) }), field: 'name', message: MESSAGES.maxLength(255) },
    { name: 'a missing rate', input: ({ rate: _r, ...v }) => v, field: 'rate', message: MESSAGES.required },
    { name: 'a negative rate', input: (v) => ({ ...v, rate: -0.01 }), field: 'rate', message: 'Rate must be at least 0.' },
    { name: 'a rate with 3 decimals', input: (v) => ({ ...v, rate: 7.955 }), field: 'rate', message: MESSAGES.maxDecimals(2) },
    { name: 'a missing min order amount', input: (v) => ({ ...v, minFreeShippingAmount: null }), field: 'minFreeShippingAmount', message: MESSAGES.required },
    {
      name: 'a negative min order amount (labelled Min Free Shipping Amount)',
      input: (v) => ({ ...v, minFreeShippingAmount: -5 }),
      field: 'minFreeShippingAmount',
      message: 'Min Free Shipping Amount must be at least 0.',
    },
  ],
});

describe('shipping rates: names and money', () => {
  const app = useAdminTestApp();
  const create = async (body: Record<string, unknown>) => {
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/shipping-rates', payload: { ...valid(0), ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('trims the name on save', async () => {
    expect((await create({ name: '  DPD Saturday Delivery  ' })).name).toBe('DPD Saturday Delivery');
  });

  it('stores pounds exactly in numeric columns and accepts a free rate', async () => {
    const rate = await create({ name: 'UK Standard', rate: 0, minFreeShippingAmount: 1234567.89 });
    expect(rate).toMatchObject({ rate: 0, minFreeShippingAmount: 1234567.89 });
    const [stored] = await app.t.db
      .select({ rate: sql<string>`${shippingRates.rate}::text`, min: sql<string>`${shippingRates.minFreeShippingAmount}::text` })
      .from(shippingRates)
      .where(eq(shippingRates.id, rate.id));
    expect(stored).toEqual({ rate: '0.00', min: '1234567.89' });
  });

  it('sorts by name case-insensitively and lists 10 a page by default', async () => {
    for (const name of ['apex Courier', 'Zenith Courier', 'Bravo Courier']) await create({ name });
    const names = (await app.t.request(app.admin, { method: 'GET', url: '/api/shipping-rates', query: { sort: 'name', order: 'asc' } })).json();
    expect(names.pageSize).toBe(10);
    const order = (names.items as { name: string }[]).map((r) => r.name).filter((n) => n.endsWith('Courier'));
    expect(order).toEqual(['apex Courier', 'Bravo Courier', 'Zenith Courier']);
  });
});
