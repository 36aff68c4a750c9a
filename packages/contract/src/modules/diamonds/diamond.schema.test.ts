import { describe, expect, it } from 'vitest';
import { filterParamsOf, filterValuesOf } from '../../list-query.ts';
import {
  DEFAULT_DIAMOND_TYPE,
  DIAMOND_PANEL_FILTERS,
  diamondListQuery,
  diamondPaths,
  exchangeRateInputSchema,
  feedSettingsInputSchema,
  IMPORT_SERVICES,
  RUN_STEP_STATES,
  STONE_STATES,
  SYNC_MODES,
  UNPRICED_REASONS,
} from './diamond.schema.ts';

describe('diamonds contract', () => {
  it('reads the list query with the spec names and the page size 20', () => {
    const query = diamondListQuery.schema.parse({ type: 'gemstone', priceFrom: '1', priceTo: '2500.50', color: 'D,E', shape: '3,4', certificate: ' 1234 ' });
    expect(query).toMatchObject({ page: 1, pageSize: 20, type: ['gemstone'], priceFrom: 1, priceTo: 2500.5, color: ['D', 'E'], shape: [3, 4], certificate: '1234' });
    expect(filterParamsOf(diamondListQuery.filters, filterValuesOf(diamondListQuery.filters, query))).toMatchObject({ type: 'gemstone', priceFrom: '1', color: 'D,E' });
    expect(diamondListQuery.schema.safeParse({ diamondType: DEFAULT_DIAMOND_TYPE }).success).toBe(true);
    expect(diamondListQuery.schema.safeParse({ cut: 'EXCELLENT' }).success).toBe(false);
    expect(diamondListQuery.schema.safeParse({ priceFrom: '9', priceTo: '1' }).success).toBe(false);
  });

  it('hides Type and Cut from the gemstone panel (document 2 §2)', () => {
    expect(DIAMOND_PANEL_FILTERS.gemstone).not.toContain('diamondType');
    expect(DIAMOND_PANEL_FILTERS.gemstone).not.toContain('cut');
    expect(DIAMOND_PANEL_FILTERS.diamond).toEqual(['diamondType', 'certificate', 'sku', 'price', 'shape', 'color', 'clarity', 'cut', 'carat']);
  });

  it('checks the exchange rate and the feed settings', () => {
    expect(exchangeRateInputSchema.safeParse({ rate: '0.79', date: '2026-11-20' }).success).toBe(true);
    for (const rate of ['0', '-1', '1e3', '0.1234567', 'abc']) expect(exchangeRateInputSchema.safeParse({ rate, date: '2026-11-20' }).success, rate).toBe(false);
    expect(feedSettingsInputSchema.safeParse({ username: 'u', endpoint: 'https://x.example/graphql', incrementalMinutes: 60, fullSyncHours: 24 }).success).toBe(true);
    expect(feedSettingsInputSchema.safeParse({ username: 'u', endpoint: 'file:///etc/passwd', incrementalMinutes: 60, fullSyncHours: 24 }).success).toBe(false);
  });

  it('names its paths, services and states once', () => {
    expect(diamondPaths.detail(7)).toBe('/api/diamonds/7');
    expect(diamondPaths.sold(7)).toBe('/api/diamonds/7/sold');
    expect(IMPORT_SERVICES.map(diamondPaths.serviceStart)).toEqual(['/api/nivoda-services/natural/start', '/api/nivoda-services/lab/start']);
    expect(IMPORT_SERVICES.map(diamondPaths.serviceStop)).toHaveLength(2);
    expect(Object.keys(STONE_STATES)).toEqual(['available', 'sold', 'unavailable']);
    expect(Object.keys(UNPRICED_REASONS)).toEqual(['no_band', 'no_rate']);
    expect(Object.keys(SYNC_MODES)).toEqual(['full', 'incremental']);
    expect(Object.keys(RUN_STEP_STATES)).toContain('failed');
  });
});
