/** The spec's date display (month/day/year, 12-hour time), shared with the server's messages. */
export { formatAmount, formatDateTime } from '@facet/contract/format';

const poundFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Amounts in pounds sterling, e.g. £1,250.00. */
export function formatCurrency(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '-' : poundFormat.format(amount);
}
