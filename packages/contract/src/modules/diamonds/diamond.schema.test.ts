import { describe, expect, it } from 'vitest';
import { filterParamsOf, filterValuesOf } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import {
  DEFAULT_DIAMOND_TYPE,
  DIAMOND_PANEL_FILTERS,
  diamondListQuery,
  diamondPaths,
  DIAMOND_MESSAGES,
  exchangeRateInputSchema,
  feedSettingsInputSchema,
  withDefaultDiamondType,
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

  it('words each refusal of the rate and the settings for the field it is on', () => {
    const rateIssues = (input: object) => exchangeRateInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(rateIssues({ rate: ' ', date: '' })).toEqual([
      ['rate', MESSAGES.required],
      ['date', MESSAGES.required],
    ]);
    expect(rateIssues({ rate: '0', date: '2026-02-30' })).toEqual([
      ['rate', DIAMOND_MESSAGES.exchangeRateInvalid],
      ['date', DIAMOND_MESSAGES.exchangeRateDateInvalid],
    ]);
    const settingIssues = (input: object) => feedSettingsInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(settingIssues({ username: 'u'.repeat(256), endpoint: 'ftp://x', incrementalMinutes: 4, fullSyncHours: 169 })).toEqual([
      ['username', MESSAGES.maxLength(255)],
      ['endpoint', MESSAGES.invalidUrl],
      ['incrementalMinutes', DIAMOND_MESSAGES.incrementalMinutesRange],
      ['fullSyncHours', DIAMOND_MESSAGES.fullSyncHoursRange],
    ]);
    expect(settingIssues({ username: '', endpoint: '', incrementalMinutes: 1.5 })).toEqual([
      ['incrementalMinutes', MESSAGES.wholeNumber],
      ['fullSyncHours', MESSAGES.required],
    ]);
  });

  it('lists earth mined diamonds when the query names no type (document 2 §9), but not gemstones or a list by state', () => {
    const parse = (query: object) => withDefaultDiamondType(diamondListQuery.schema.parse(query));
    expect(parse({}).diamondType).toBe(false);
    expect(parse({ type: 'diamond' }).diamondType).toBe(false);
    expect(parse({ diamondType: 'lab' }).diamondType).toBe(true);
    expect(parse({ type: 'gemstone' }).diamondType).toBeUndefined();
    expect(parse({ state: 'sold' }).diamondType).toBeUndefined();
  });

  it('names its paths, services and states once', () => {
    expect(diamondPaths.detail(7)).toBe('/api/diamonds/7');
    expect(diamondPaths.sold(7)).toBe('/api/diamonds/7/sold');
    expect(IMPORT_SERVICES.map(diamondPaths.serviceStart)).toEqual(['/api/nivoda-services/natural/start', '/api/nivoda-services/lab/start', '/api/nivoda-services/gemstone/start']);
    expect(IMPORT_SERVICES.map(diamondPaths.serviceStop)).toEqual(['/api/nivoda-services/natural/stop', '/api/nivoda-services/lab/stop', '/api/nivoda-services/gemstone/stop']);
    expect(Object.keys(STONE_STATES)).toEqual(['available', 'sold', 'unavailable']);
    expect(Object.keys(UNPRICED_REASONS)).toEqual(['no_band', 'no_rate']);
    expect(Object.keys(SYNC_MODES)).toEqual(['full', 'incremental']);
    expect(Object.keys(RUN_STEP_STATES)).toContain('failed');
  });
});
