import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE, formatAmount, formatDateTime, shopDay } from './format.ts';

describe('formatDateTime', () => {
  it('shows month/day/year with 12-hour time in the shop time zone', () => {
    expect(formatDateTime('2026-11-22T09:05:00Z', SHOP_TIME_ZONE)).toBe('11/22/2026 09:05 AM');
    // British Summer Time is an hour ahead of UTC.
    expect(formatDateTime('2026-07-01T13:30:00Z', SHOP_TIME_ZONE)).toBe('07/01/2026 02:30 PM');
    expect(formatDateTime('2026-01-01T00:15:00Z', SHOP_TIME_ZONE)).toBe('01/01/2026 12:15 AM');
  });

  it('shows a dash for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});

describe('formatAmount', () => {
  it('shows an amount with its own currency symbol, pence always, thousands grouped', () => {
    expect(formatAmount(1250, '£')).toBe('£1,250.00');
    expect(formatAmount(0.5, '€')).toBe('€0.50');
    expect(formatAmount(1234567.891, '$')).toBe('$1,234,567.89');
    expect(formatAmount(-12.5, '£')).toBe('-£12.50');
  });
});

describe('shopDay', () => {
  it('is the calendar day in the shop time zone, not in UTC', () => {
    expect(shopDay(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(shopDay(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
  });
});
