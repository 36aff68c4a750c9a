import { EXCHANGE_RATE_SETTING_KEYS } from '@facet/contract/modules/diamonds/diamond.schema';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../http/context.ts';
import { useAdminTestApp } from '../../../test/test-app.ts';
import { diamondMarkups } from '../../diamond-markups/diamond-markup.table.ts';
import { diamondShapes } from '../../diamond-shapes/diamond-shape.table.ts';
import { shapeCategories } from '../../diamond-shapes/shape-category.table.ts';
import { settings } from '../../settings/setting.table.ts';
import { bandJoinSql, findBand, priceStone, stonePriceSql } from './diamond-price.ts';
import { repriceAll } from '../diamond.service.ts';
import { diamonds } from '../diamond.table.ts';
import type { MarkupBand, StoneToPrice } from './diamond-price.ts';

const ROUND = { id: 1, name: 'Round' };
const FANCY = { id: 2, name: 'Fancy' };
const band = (overrides: Partial<MarkupBand>): MarkupBand => ({
  fromCarat: 1,
  toCarat: 1.499,
  markupType: 'percentage',
  markup: 45,
  fixCost: 50,
  isLabDiamond: false,
  shapeCategoryId: ROUND.id,
  ...overrides,
});
const BANDS: MarkupBand[] = [
  band({ fromCarat: 0.5, toCarat: 0.999, markup: 50, fixCost: 40 }),
  band({}),
  band({ fromCarat: 1, toCarat: 1.499, isLabDiamond: true, markupType: 'amount', markup: 300, fixCost: 15 }),
  band({ fromCarat: 1, toCarat: 1.499, shapeCategoryId: FANCY.id, markup: 50, fixCost: 60 }),
];
const stone = (overrides: Partial<StoneToPrice>): StoneToPrice => ({ supplierPrice: '4120.00', supplierCurrency: 'USD', carat: '1.010', isLab: false, shapeCategory: ROUND, ...overrides });

describe('diamond price', () => {
  it('percentage markup: cost × rate, plus the percentage, plus the fixed cost, rounded to whole pounds, with its working', () => {
    // 4120 × 0.79 = 3254.80; × 1.45 = 4719.46; + 50 = 4769.46 → 4769.
    const working = priceStone(stone({}), '0.79', BANDS);
    expect(working.price).toBe(4769);
    expect(working.unpricedReason).toBeNull();
    expect(working.steps).toEqual(['$4,120.00 × 0.79 = £3,254.80', 'band 1.000–1.499 ct Earth mined, Round: +45% + £50 = £4,769.46 → £4,769']);
  });

  it('amount markup, lab grown: cost plus the amount plus the fixed cost', () => {
    // 1000 × 0.8 = 800; + 300 + 15 = 1115.
    expect(priceStone(stone({ supplierPrice: '1000', isLab: true }), '0.8', BANDS).price).toBe(1115);
  });

  it('picks the band of the origin and shape category', () => {
    // Fancy earth: 800 × 1.5 + 60 = 1260.
    expect(priceStone(stone({ supplierPrice: '1000', shapeCategory: FANCY }), '0.8', BANDS).price).toBe(1260);
  });

  it('on a band edge: 0.999 is the lower band, 1.000 the upper one (both ends included)', () => {
    expect(findBand(BANDS, { carat: '0.999', isLab: false, shapeCategory: ROUND })?.fromCarat).toBe(0.5);
    expect(findBand(BANDS, { carat: '1.000', isLab: false, shapeCategory: ROUND })?.fromCarat).toBe(1);
    expect(findBand(BANDS, { carat: 1.499, isLab: false, shapeCategory: ROUND })?.toCarat).toBe(1.499);
    expect(findBand(BANDS, { carat: '1.500', isLab: false, shapeCategory: ROUND })).toBeUndefined();
  });

  it('rounds half up to the pound, exactly (no float drift)', () => {
    // 0.1 + 0.2 style trap: 100.10 × 1 → +45% = 145.145, + 50 = 195.145 → 195; 100.70 → 146.015 + 50 → 196.
    expect(priceStone(stone({ supplierPrice: '100.10', supplierCurrency: 'GBP' }), null, BANDS).price).toBe(195);
    // 1 × 0.5 with an amount band to land on .5 exactly: 0.5 + 300 + 15 = 315.5 → 316.
    expect(priceStone(stone({ supplierPrice: '1', isLab: true }), '0.5', BANDS).price).toBe(316);
  });

  it('flags a stone with no band, or no rate, as not for sale', () => {
    expect(priceStone(stone({ carat: '3.2' }), '0.79', BANDS)).toMatchObject({ price: null, unpricedReason: 'no_band' });
    expect(priceStone(stone({}), null, BANDS)).toMatchObject({ price: null, unpricedReason: 'no_rate' });
    expect(priceStone(stone({ supplierCurrency: 'EUR' }), '0.79', BANDS)).toMatchObject({ price: null, unpricedReason: 'no_rate' });
  });

  describe('the SQL and the step function agree', () => {
    const fx = useAdminTestApp();

    /** The bands both tests price with: Round earth mined in two bands with a gap below and above, Round lab grown, Fancy earth mined; none for Fancy lab grown. */
    async function seedBands() {
      const db = fx.t.db;
      const categories = await db.select({ id: shapeCategories.id, code: shapeCategories.code, name: shapeCategories.name }).from(shapeCategories);
      const round = categories.find((c) => c.code === 'round')!;
      const fancy = categories.find((c) => c.code === 'fancy')!;
      const rows = [
        { fromCarat: 0.3, toCarat: 0.999, markupType: 'percentage' as const, markup: 37, fixCost: 25, isLabDiamond: false, shapeCategoryId: round.id },
        { fromCarat: 1, toCarat: 1.999, markupType: 'percentage' as const, markup: 45, fixCost: 50, isLabDiamond: false, shapeCategoryId: round.id },
        { fromCarat: 0.3, toCarat: 2.999, markupType: 'amount' as const, markup: 275, fixCost: 15, isLabDiamond: true, shapeCategoryId: round.id },
        { fromCarat: 0.3, toCarat: 2.999, markupType: 'percentage' as const, markup: 41, fixCost: 33, isLabDiamond: false, shapeCategoryId: fancy.id },
      ];
      await db.delete(diamondMarkups);
      await db.insert(diamondMarkups).values(rows);
      const bands: MarkupBand[] = rows;
      return { round, fancy, bands };
    }

    it('on stones across bands, origins, kinds and edges', async () => {
      const db = fx.t.db;
      const { round, fancy, bands } = await seedBands();
      const cases: StoneToPrice[] = [];
      const carats = ['0.299', '0.300', '0.555', '0.999', '1.000', '1.234', '1.999', '2.000', '2.999', '3.000'];
      const prices = ['4120.00', '100.10', '999.99', '12345.67', '0.01', '777.77'];
      for (const carat of carats) {
        for (const supplierPrice of prices) {
          for (const isLab of [false, true]) {
            for (const category of [round, fancy]) cases.push({ supplierPrice, supplierCurrency: 'USD', carat, isLab, shapeCategory: category });
          }
        }
      }
      for (const rate of ['0.79', '0.812345', null]) {
        const values = sql.join(
          cases.map((c, n) => sql`(${n}::int, ${c.supplierPrice}::numeric, ${c.supplierCurrency}::text, ${c.carat}::numeric, ${c.isLab}::boolean, ${c.shapeCategory.id}::int)`),
          sql`, `,
        );
        const stone = { supplierPrice: sql`v.p`, supplierCurrency: sql`v.c`, carat: sql`v.k`, isLab: sql`v.l`, categoryId: sql`v.g` };
        const result = await db.execute(
          sql`select priced.price::text as price, priced.unpriced_reason from (select v.n, ${stonePriceSql(stone, rate)} from (values ${values}) as v(n, p, c, k, l, g) left join ${bandJoinSql(stone)}) priced order by priced.n`,
        );
        const fromSql = (result as unknown as { rows: { price: string | null; unpriced_reason: string | null }[] }).rows;
        const fromSteps = cases.map((c) => priceStone(c, rate, bands));
        expect(fromSql.map((row) => [row.price === null ? null : Number(row.price), row.unpriced_reason])).toEqual(fromSteps.map((w) => [w.price, w.unpricedReason]));
      }
    });

    it('in the repricing of stored stones: every band edge and gap, shop shapes (a deleted one too), stones without one, three currencies, three rates', async () => {
      const db = fx.t.db;
      const { round, fancy, bands } = await seedBands();
      const shape = async (name: string, category: { id: number }, deletedAt: Date | null = null) =>
        (await db.insert(diamondShapes).values({ name, shapeCategoryId: category.id, deletedAt }).returning({ id: diamondShapes.id }))[0]!.id;
      // A stone's category: its shop shape's (a deleted shape keeps pricing its stones), else Round or Fancy by its words.
      const shapes = [
        { shapeId: await shape('Reprice Round', round), shapeRaw: 'ROUND', category: round },
        { shapeId: await shape('Reprice Pear', fancy), shapeRaw: 'PEAR', category: fancy },
        { shapeId: await shape('Reprice Old Cut', round, new Date()), shapeRaw: 'OLD CUT', category: round },
        { shapeId: null, shapeRaw: 'ROUND BRILLIANT', category: round },
        { shapeId: null, shapeRaw: 'TRILLIANT', category: fancy },
      ];
      const carats = ['0.001', '0.299', '0.300', '0.555', '0.999', '1.000', '1.999', '2.000', '2.999', '3.000', '999.999'];
      const cases: (StoneToPrice & { shapeId: number | null; shapeRaw: string })[] = [];
      for (const carat of carats) {
        for (const [index, { shapeId, shapeRaw, category }] of shapes.entries()) {
          for (const supplierCurrency of ['USD', 'GBP', 'EUR']) {
            for (const isLab of [false, true]) cases.push({ supplierPrice: `${1000 + index * 77}.${String(cases.length % 100).padStart(2, '0')}`, supplierCurrency, carat, isLab, shapeCategory: { id: category.id, name: '' }, shapeId, shapeRaw });
          }
        }
      }
      await db.delete(diamonds);
      await db.insert(diamonds).values(
        cases.map((c, n) => ({
          source: 'reprice-test',
          sourceId: `R${n}`,
          stockId: `R${n}`,
          shapeRaw: c.shapeRaw,
          shapeId: c.shapeId,
          name: 'stone',
          carat: c.carat as string,
          availability: 'AVAILABLE',
          isLab: c.isLab,
          isGemstone: false,
          supplierPrice: c.supplierPrice,
          supplierCurrency: c.supplierCurrency,
        })),
      );
      const context = systemContext(null, 0);
      for (const rate of ['0.79', 'none', '0.812345']) {
        await db.delete(settings).where(eq(settings.key, EXCHANGE_RATE_SETTING_KEYS.rate));
        if (rate !== 'none') await db.insert(settings).values({ title: 'rate', key: EXCHANGE_RATE_SETTING_KEYS.rate, value: rate });
        await db.transaction((tx) => repriceAll(tx, context));
        const stored = await db.select({ price: diamonds.price, unpricedReason: diamonds.unpricedReason }).from(diamonds).orderBy(asc(diamonds.id));
        const fromSteps = cases.map((c) => priceStone(c, rate === 'none' ? null : rate, bands));
        expect(stored.map((row) => [row.price === null ? null : Number(row.price), row.unpricedReason])).toEqual(fromSteps.map((w) => [w.price, w.unpricedReason]));
      }
    });
  });
});
