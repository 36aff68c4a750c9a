/** The spec's date display (month/day/year, 12-hour time), shared with the server's messages. */
export { formatAmount, formatDateTime } from '@facet/contract/format';

const amountFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in the currency whose symbol a record carries (an order's), e.g. £1,250.00; a negative
 * one as -£25.00.
 */
export function formatMoney(amount: number, symbol: string): string {
  return `${amount < 0 ? '-' : ''}${symbol}${amountFormat.format(Math.abs(amount))}`;
}

/** Amounts in pounds sterling (the shop's currency), e.g. £1,250.00. */
export function formatCurrency(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '-' : formatMoney(amount, '£');
}
