/** The shop's clock: server-written texts show times as staff in the UK read them. */
export const SHOP_TIME_ZONE = 'Europe/London';

const dateTimeParts = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true });

/**
 * The spec's date display: month/day/year with 12-hour time, e.g. `11/22/2026 09:05 AM`.
 * Without a time zone it uses the reader's own (the browser's).
 */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  const part = Object.fromEntries(dateTimeParts(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

/** An amount with its record's own currency symbol (an inquiry's, an order's), as the spec shows totals: `£1,250.00`. */
export function formatAmount(amount: number, symbol: string): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${symbol}${Math.abs(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const calendarDay = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) it is at `at` in the shop's time zone: what "today" means in a rule. */
export function shopDay(at: Date = new Date()): string {
  return calendarDay.format(at);
}
