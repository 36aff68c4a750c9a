import dayjs from 'dayjs';

/** The spec's date display: month/day/year with 12-hour time. */
export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '-';
}

const poundFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Amounts in pounds sterling, e.g. £1,250.00. */
export function formatCurrency(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '-' : poundFormat.format(amount);
}
