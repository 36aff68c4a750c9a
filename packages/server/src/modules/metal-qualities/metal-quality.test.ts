import { MESSAGES } from '@facet/contract/messages';
import { metalQualityRate, metalQualityResource } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import type { MetalQualityChoices } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useAdminTestApp } from '../../test/test-app.ts';

async function loadChoices(t: TestApp): Promise<MetalQualityChoices> {
  return (await t.request(await t.login(), { method: 'GET', url: '/api/metal-qualities/choices' })).json();
}

let choices: MetalQualityChoices;
/** Each n gets its own pair of quality option and metal (one quality per pair). */
const pairFor = (n: number) => {
  const options = choices.qualityOptions;
  return { metalQualityOptionId: options[n % options.length]!.id, metalId: choices.metals[Math.floor(n / options.length) % choices.metals.length]!.id };
};

describeCrudResource({
  resource: metalQualityResource,
  setup: async (t) => {
    choices = await loadChoices(t);
  },
  validInput: (n) => ({ ...pairFor(n), fineness: 75, weight: 1, labourCharges: 18.5, status: true }),
  updateChange: () => ({ fineness: 58.5, labourCharges: 21 }),
  invalid: [
    { name: 'no metal quality option', input: ({ metalQualityOptionId: _o, ...v }) => v, field: 'metalQualityOptionId', message: MESSAGES.required },
    { name: 'no metal', input: ({ metalId: _m, ...v }) => v, field: 'metalId', message: MESSAGES.required },
    { name: 'a metal that does not exist', input: (v) => ({ ...v, metalId: 999999 }), field: 'metalId', message: MESSAGES.chooseFromList('metal') },
    {
      name: 'an option that is not a Metal_quality option',
      input: (v) => ({ ...v, metalQualityOptionId: 999999 }),
      field: 'metalQualityOptionId',
      message: MESSAGES.chooseFromList('metal quality'),
    },
    { name: 'a missing fineness', input: ({ fineness: _f, ...v }) => v, field: 'fineness', message: MESSAGES.required },
    { name: 'a fineness that is not a number', input: (v) => ({ ...v, fineness: '75%' }), field: 'fineness', message: MESSAGES.required },
    { name: 'a fineness over 7 characters', input: (v) => ({ ...v, fineness: 58.33333 }), field: 'fineness', message: MESSAGES.maxLength(7) },
    { name: 'a fineness over 100 per cent', input: (v) => ({ ...v, fineness: 120 }), field: 'fineness', message: 'The value must be at most 100.' },
    { name: 'a weight that is not a number', input: (v) => ({ ...v, weight: 'one' }), field: 'weight', message: MESSAGES.required },
    { name: 'a weight over 10 characters', input: (v) => ({ ...v, weight: 1234567.125 }), field: 'weight', message: MESSAGES.maxLength(10) },
    { name: 'a missing labour charge', input: ({ labourCharges: _l, ...v }) => v, field: 'labourCharges', message: MESSAGES.required },
    { name: 'a labour charge over 7 characters', input: (v) => ({ ...v, labourCharges: 12345.67 }), field: 'labourCharges', message: MESSAGES.maxLength(7) },
  ],
});

describe('metal qualities: rate, gold price and choices', () => {
  const app = useAdminTestApp();
  beforeAll(async () => {
    choices = await loadChoices(app.t);
  });

  const option = (value: string) => choices.qualityOptions.find((o) => o.value === value)!.id;
  const metal = (type: string) => choices.metals.find((m) => m.metalType === type)!;

  it('offers the metals with their price and labour charge, and the options of the attribute Metal_quality', () => {
    expect(choices.qualityOptions.map((o) => o.value)).toEqual(['9ct', '14ct', '18ct', '22ct', '950 Platinum', '925 Sterling Silver']);
    expect(metal('Platinum')).toMatchObject({ metalPrice: 38.4, metalLabourCharge: 28 });
  });

  it('stores the computed rate and the metal\'s gold price, whatever rate and gold price are sent', async () => {
    const platinum = metal('Platinum');
    const response = await app.t.request(app.admin, {
      method: 'POST',
      url: '/api/metal-qualities',
      payload: { metalQualityOptionId: option('950 Platinum'), metalId: platinum.id, fineness: 95, labourCharges: 28, status: true, rate: 1, goldRate: 5000 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Record<string, unknown>;
    // 38.40 × 95 / 100 = 36.48
    expect(created).toMatchObject({ goldRate: 38.4, rate: 36.48, metalQuality: '950 Platinum', metalType: 'Platinum', weight: 1 });

    const edited = await app.t.request(app.admin, {
      method: 'PUT',
      url: `/api/metal-qualities/${created.id}`,
      payload: { ...created, fineness: 90, rate: 999999, goldRate: 1 },
    });
    expect(edited.json()).toMatchObject({ goldRate: 38.4, rate: 34.56 });
  });

  it('rounds the rate half up to the penny exactly as the form shows it', async () => {
    const silver = metal('Silver');
    // 1.25 × 92.5 / 100 = 1.15625 → £1.16
    const response = await app.t.request(app.admin, {
      method: 'POST',
      url: '/api/metal-qualities',
      payload: { metalQualityOptionId: option('925 Sterling Silver'), metalId: silver.id, fineness: 92.5, labourCharges: 6.5, status: true },
    });
    expect(response.json().rate).toBe(1.16);
    expect(metalQualityRate(1.25, 92.5)).toBe(1.16);
    // 1.15 × 50 / 100 = 0.575 exactly; in floats it is 0.57499999... and would round down to 0.57.
    expect(metalQualityRate(1.15, 50)).toBe(0.58);
    for (const [price, fineness] of [
      [1.15, 50],
      [96.5, 37.5],
      [96.55, 58.5],
      [9999.99, 91.667],
      [0.01, 0.001],
    ] as const) {
      const result = (await app.t.db.execute(sql`select round(${price}::numeric * ${fineness}::numeric / 100, 2)::float8 as rate`)) as unknown as { rows: { rate: number }[] };
      expect(metalQualityRate(price, fineness), `${price} × ${fineness}`).toBe(result.rows[0]!.rate);
    }
  });

  it('refuses a second quality with the same option for the same metal (409), and lists a metal with its quality name', async () => {
    const payload = { metalQualityOptionId: option('18ct'), metalId: metal('Rose Gold').id, fineness: 75, labourCharges: 20, status: true };
    expect((await app.t.request(app.admin, { method: 'POST', url: '/api/metal-qualities', payload })).statusCode).toBe(201);
    const twin = await app.t.request(app.admin, { method: 'POST', url: '/api/metal-qualities', payload });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.issues).toEqual([{ path: ['metalQualityOptionId'], message: MESSAGES.metalQualityExists }]);
    const sameOptionOtherMetal = await app.t.request(app.admin, { method: 'POST', url: '/api/metal-qualities', payload: { ...payload, metalId: metal('White Gold').id } });
    expect(sameOptionOtherMetal.statusCode).toBe(201);
    const found = await app.t.request(app.admin, { method: 'GET', url: '/api/metal-qualities', query: { search: 'rose' } });
    expect(found.json().items.map((q: { metalQuality: string; metalType: string }) => `${q.metalQuality} ${q.metalType}`)).toEqual(['18ct Rose Gold']);
  });

  it('keeps the option a quality is named from: removing it from Metal_quality is refused (409)', async () => {
    const attributes = await app.t.request(app.admin, { method: 'GET', url: '/api/product-attributes', query: { search: 'Metal_quality' } });
    const attribute = attributes.json().items[0];
    const eighteen = attribute.options.find((o: { value: string }) => o.value === '18ct');
    expect(eighteen.inUse).toBe(true);
    const response = await app.t.request(app.admin, {
      method: 'PUT',
      url: `/api/product-attributes/${attribute.id}`,
      payload: { ...attribute, options: attribute.options.filter((o: { id: number }) => o.id !== eighteen.id) },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.inUse('The option 18ct', 'metal qualities'));
  });
});
