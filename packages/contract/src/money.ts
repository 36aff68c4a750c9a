/**
 * Money as whole pence (BigInt), so sums, discounts and VAT parts are exact (DESIGN §3: never JS
 * floats for amounts). Amounts arrive as PostgreSQL's numeric text (`'1250.50'`) or as JSON numbers
 * of at most 2 decimals (`1250.5`).
 */
const AMOUNT = /^(-)?(\d{1,15})(?:\.(\d{1,2})0*)?$/;

/** An amount in pence; throws on anything that is no amount of at most 2 decimals. */
export function penceOf(amount: string | number): bigint {
  const text = typeof amount === 'number' ? amountText(amount) : amount.trim();
  const match = AMOUNT.exec(text);
  if (!match) throw new Error(`not an amount of money: ${text}`);
  const pence = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -pence : pence;
}

/** A JSON number as written with at most 2 decimals (`1250.5` -> `1250.50`); more decimals are no amount. */
function amountText(amount: number): string {
  if (!Number.isFinite(amount)) return String(amount);
  const fixed = amount.toFixed(2);
  return Number(fixed) === amount ? fixed : String(amount);
}

/** `£1,250.50` (or `-£5.00`): the currency's symbol, thousands grouped, two decimals. */
export function formatPence(pence: bigint, symbol: string): string {
  const sign = pence < 0n ? '-' : '';
  const whole = (pence < 0n ? -pence : pence) / 100n;
  const cents = (pence < 0n ? -pence : pence) % 100n;
  return `${sign}${symbol}${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.toString().padStart(2, '0')}`;
}

/** The VAT inside a price that includes it, at `ratePercent`, to the nearest penny (half up). */
export function vatIncludedIn(grossPence: bigint, ratePercent: number): bigint {
  // The rate in hundredths of a percent, so 17.5% stays exact.
  const rate = BigInt(Math.round(ratePercent * 100));
  const denominator = 10_000n + rate;
  const numerator = grossPence * rate;
  return (2n * numerator + denominator) / (2n * denominator);
}
