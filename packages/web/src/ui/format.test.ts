import { describe, expect, it } from 'vitest';
import { formatCurrency, formatMoney } from './format.ts';

describe('amounts on screen', () => {
  it("show the record's currency symbol, thousands and two decimals (an order's total)", () => {
    expect(formatMoney(1250, '£')).toBe('£1,250.00');
    expect(formatMoney(6765.5, '£')).toBe('£6,765.50');
    expect(formatMoney(0, '€')).toBe('€0.00');
    expect(formatMoney(-25, '£')).toBe('-£25.00');
  });

  it('show the shop’s pounds, and a dash for no amount', () => {
    expect(formatCurrency(1234567.89)).toBe('£1,234,567.89');
    expect(formatCurrency(null)).toBe('-');
  });
});
