import { diamondOriginLabel } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import type { MarkupType } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { SHAPE_CATEGORY_CODES } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import type { PriceWorking, UnpricedReason } from '@facet/contract/modules/diamonds/diamond.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * A stone's price in pounds (GLOSSARY: diamond markup): supplier price × exchange rate (USD to GBP; a
 * GBP price as it is) → the markup band of the stone's origin, shape category and carat (bands are
 * closed, from and to carat both included, 3 decimals) → plus the markup (a percentage of the cost,
 * or an amount in pounds) plus the band's fixed cost → rounded half up to whole pounds. No band, or
 * no rate for the currency: no price, and the stone is not for sale.
 *
 * The same rule three ways, which the tests hold together: `priceStone` (exact, on fixed-point
 * BigInts: never a float), `stonePriceSql` (the ingest's and the repricing's one statement), and the
 * steps of `priceStone` for the detail modal.
 */

export interface MarkupBand {
  fromCarat: number;
  toCarat: number;
  markupType: MarkupType;
  markup: number;
  fixCost: number;
  isLabDiamond: boolean;
  shapeCategoryId: number;
}
export interface StoneToPrice {
  /** The supplier's price, a decimal string. */
  supplierPrice: string;
  supplierCurrency: string;
  /** Carats, a decimal string or number with at most 3 decimals. */
  carat: string | number;
  isLab: boolean;
  shapeCategory: { id: number; name: string };
}

// ---------------------------------------------------------------- exact decimals

/** A decimal as an integer of units of 10^-scale: 3254.80 is { units: 325480n, scale: 2 }. */
interface Fixed {
  units: bigint;
  scale: number;
}
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function fixed(value: string | number): Fixed {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not a plain decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}
const atScale = (a: Fixed, scale: number): bigint => a.units * 10n ** BigInt(scale - a.scale);
const add = (a: Fixed, b: Fixed): Fixed => {
  const scale = Math.max(a.scale, b.scale);
  return { units: atScale(a, scale) + atScale(b, scale), scale };
};
const multiply = (a: Fixed, b: Fixed): Fixed => ({ units: a.units * b.units, scale: a.scale + b.scale });
const compare = (a: Fixed, b: Fixed): number => {
  const scale = Math.max(a.scale, b.scale);
  const [x, y] = [atScale(a, scale), atScale(b, scale)];
  return x < y ? -1 : x > y ? 1 : 0;
};
/** Rounded half away from zero to `scale` decimals, as PostgreSQL's round(numeric) does. */
function round(a: Fixed, scale: number): Fixed {
  if (a.scale <= scale) return { units: atScale(a, scale), scale };
  const divisor = 10n ** BigInt(a.scale - scale);
  const negative = a.units < 0n;
  const magnitude = negative ? -a.units : a.units;
  let units = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) units += 1n;
  return { units: negative ? -units : units, scale };
}
function toText(a: Fixed): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const whole = digits.slice(0, digits.length - a.scale);
  const fraction = a.scale ? `.${digits.slice(digits.length - a.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
/** '4,120.00': grouped thousands, `decimals` places (display only; the arithmetic stays exact). */
function grouped(a: Fixed, decimals: number): string {
  const [whole = '0', fraction] = toText(round(a, decimals)).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}
/** The carat with its 3 decimals, as bands and stones store it. */
const caratText = (carat: string | number) => toText(round(fixed(carat), 3));

// ---------------------------------------------------------------- the rule

/** The rate a currency converts to pounds at: GBP as it is, USD at the shop's rate, anything else none. */
export function rateFor(currency: string, usdToGbp: string | null): string | null {
  const code = currency.trim().toUpperCase();
  if (code === 'GBP') return '1';
  if (code === 'USD') return usdToGbp;
  return null;
}

/** The band that prices a stone: its origin and shape category, from ≤ carat ≤ to. */
export function findBand(bands: readonly MarkupBand[], stone: Pick<StoneToPrice, 'carat' | 'isLab' | 'shapeCategory'>): MarkupBand | undefined {
  const carat = fixed(caratText(stone.carat));
  return bands
    .filter((band) => band.isLabDiamond === stone.isLab && band.shapeCategoryId === stone.shapeCategory.id)
    .sort((a, b) => a.fromCarat - b.fromCarat)
    .find((band) => compare(fixed(band.fromCarat.toFixed(3)), carat) <= 0 && compare(carat, fixed(band.toCarat.toFixed(3))) <= 0);
}

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };
const amountIn = (currency: string, value: Fixed, decimals = 2) => {
  const symbol = CURRENCY_SYMBOLS[currency.toUpperCase()];
  return symbol ? `${symbol}${grouped(value, decimals)}` : `${grouped(value, decimals)} ${currency.toUpperCase()}`;
};
const pounds = (value: Fixed, decimals = 2) => amountIn('GBP', value, decimals);

/**
 * The price of one stone and how it was reached, for the detail modal:
 * '$4,120.00 × 0.79 = £3,254.80', 'band 1.000–1.499 ct Earth mined, Round: +45% + £50 → £4,769'.
 */
export function priceStone(stone: StoneToPrice, usdToGbp: string | null, bands: readonly MarkupBand[]): PriceWorking {
  const steps: string[] = [];
  const unpriced = (reason: UnpricedReason): PriceWorking => ({ steps, price: null, unpricedReason: reason });
  const rate = rateFor(stone.supplierCurrency, usdToGbp);
  const supplierPrice = fixed(stone.supplierPrice);
  if (rate === null) {
    steps.push(`${amountIn(stone.supplierCurrency, supplierPrice)}: no exchange rate to pounds is set, so the stone is not for sale`);
    return unpriced('no_rate');
  }
  const cost = multiply(supplierPrice, fixed(rate));
  steps.push(
    stone.supplierCurrency.toUpperCase() === 'GBP'
      ? `Supplier price ${pounds(cost)}`
      : `${amountIn(stone.supplierCurrency, supplierPrice)} × ${rate} = ${pounds(cost)}`,
  );
  const band = findBand(bands, stone);
  const bandName = (from: string, to: string) => `band ${from}–${to} ct ${diamondOriginLabel(stone.isLab)}, ${stone.shapeCategory.name}`;
  if (!band) {
    steps.push(`${caratText(stone.carat)} ct ${diamondOriginLabel(stone.isLab)}, ${stone.shapeCategory.name}: no markup band holds it, so the stone is not for sale`);
    return unpriced('no_band');
  }
  const markup = fixed(String(band.markup));
  const fixCost = fixed(String(band.fixCost));
  // cost × (100 + p) × 0.01: a product, so exact (a division could cut digits off).
  const marked = band.markupType === 'percentage' ? multiply(multiply(cost, add(fixed('100'), markup)), fixed('0.01')) : add(cost, markup);
  const total = add(marked, fixCost);
  const price = round(total, 0);
  const markupText = band.markupType === 'percentage' ? `+${band.markup}%` : `+${pounds(markup, 0)}`;
  steps.push(
    `${bandName(band.fromCarat.toFixed(3), band.toCarat.toFixed(3))}: ${markupText} + ${pounds(fixCost, 0)} = ${pounds(total)} → ${pounds(price, 0)}`,
  );
  return { steps, price: Number(toText(price)), unpricedReason: null };
}

// ---------------------------------------------------------------- the same rule in SQL

/** Whether a feed's shape words are a round stone's: the Round/Fancy fallback (GLOSSARY). */
const isRoundSql = (shapeRaw: SQL) => sql`lower(${shapeRaw}) like 'round%'`;

/** The shape category of a stone whose shape is none of the shop's: Round for a round stone, Fancy otherwise (GLOSSARY). */
export const fallbackCategorySql = (shapeRaw: SQL) =>
  sql`(select id from shape_categories where deleted_at is null and code = case when ${isRoundSql(shapeRaw)} then ${SHAPE_CATEGORY_CODES.round} else ${SHAPE_CATEGORY_CODES.fancy} end limit 1)`;

interface StoneSql {
  supplierPrice: SQL;
  supplierCurrency: SQL;
  carat: SQL;
  isLab: SQL;
  categoryId: SQL;
}

/**
 * The live bands, each bringing its markup as a factor and an addend on the cost (percentage:
 * × (100 + p) × 0.01, + fixed cost; amount: × 1, + amount + fixed cost), worked out once per band
 * rather than once per stone.
 */
const liveBandsSql = sql`select is_lab_diamond, shape_category_id, from_carat, to_carat,
        case when markup_type = 'percentage' then (100 + markup) * 0.01 else 1 end as cost_factor,
        case when markup_type = 'percentage' then fix_cost else markup + fix_cost end as cost_addend
      from diamond_markups where deleted_at is null`;

/**
 * The markup band of each stone as a join, `left join ${bandJoinSql(stone)}`, naming it `band`: a
 * hash join of the few live bands on origin and shape category, the carat checked between the band's
 * ends. Bands of one origin and category never overlap (the markups module refuses it under a lock),
 * so a stone meets at most one.
 */
export const bandJoinSql = (stone: StoneSql): SQL =>
  sql`(${liveBandsSql}) band
    on band.is_lab_diamond = ${stone.isLab} and band.shape_category_id = ${stone.categoryId} and ${stone.carat} between band.from_carat and band.to_carat`;

/**
 * A stored stone's shape key for bandCoverSql: its shop shape, or, without one, -1 for round
 * words and -2 for others (the Round/Fancy fallback).
 */
export const shapeKeySql = (shapeId: SQL, shapeRaw: SQL) => sql`coalesce(${shapeId}, case when ${isRoundSql(shapeRaw)} then -1 else -2 end)`;

/**
 * The same bands as rows every stored stone meets exactly one of, for an inner join on origin
 * (`is_lab_diamond`), shape key (shapeKeySql) and carat (`from_carat` to `to_carat`), naming it
 * `band`: per origin and shape key (each shop shape, soft-deleted ones included, as the stones keep
 * them; -1 and -2 the fallback categories), the live bands of its category, and the carats none of
 * them holds (below, between and above them; every carat when the category has none) with no
 * factor, which prices as no_band. An UPDATE cannot left-join its own table, so with bandJoinSql
 * the repricing read the table a second time and hashed a million ids to meet the prices with
 * their rows; with a cover that misses no carat it prices each stone in the scan that writes it.
 * Carats have 3 decimals (0.001 to 999.999), as the bands' ends do.
 */
export const bandCoverSql = (): SQL =>
  sql`(
    with band as (${liveBandsSql}),
    shape_key as (
      select id as shape_key, shape_category_id as category_id from diamond_shapes
      union all select -1, ${fallbackCategorySql(sql`'round'`)}
      union all select -2, ${fallbackCategorySql(sql`''`)}
    ),
    origin (is_lab) as (values (false), (true)),
    held as (
      select o.is_lab, k.shape_key, b.from_carat, b.to_carat, b.cost_factor, b.cost_addend,
        coalesce(lag(b.to_carat) over (partition by o.is_lab, k.shape_key order by b.from_carat) + 0.001, 0) as gap_from
      from shape_key k cross join origin o join band b on b.is_lab_diamond = o.is_lab and b.shape_category_id = k.category_id
    )
    select is_lab as is_lab_diamond, shape_key, from_carat, to_carat, cost_factor, cost_addend from held
    union all
    select is_lab, shape_key, gap_from, from_carat - 0.001, null, null from held where gap_from <= from_carat - 0.001
    union all
    select o.is_lab, k.shape_key, coalesce(max(b.to_carat) + 0.001, 0), 999.999, null, null
    from shape_key k cross join origin o left join band b on b.is_lab_diamond = o.is_lab and b.shape_category_id = k.category_id
    group by o.is_lab, k.shape_key having coalesce(max(b.to_carat) + 0.001, 0) <= 999.999
  ) band`;

/**
 * A stone's price and unpriced reason as two expressions, over the `band` of bandJoinSql or
 * bandCoverSql. The rate is a parameter (read and checked once per statement); the arithmetic is
 * numeric, as priceStone's: supplier price × rate × the band's factor + its addend, products and sums
 * only, so exactly priceStone's cost × (100 + p) × 0.01 + fixed cost (numeric multiplication does not
 * round). One multiplication chain per stone: at a million stones the expression, written out step by
 * step and evaluated three times, cost seconds.
 */
export function stonePriceParts(stone: Pick<StoneSql, 'supplierPrice' | 'supplierCurrency'>, usdToGbp: string | null): { price: SQL; unpricedReason: SQL } {
  const rate = sql`(case upper(${stone.supplierCurrency}) when 'GBP' then 1 when 'USD' then ${usdToGbp}::numeric end)`;
  return {
    price: sql`round(${stone.supplierPrice} * ${rate} * band.cost_factor + band.cost_addend, 0)`,
    unpricedReason: sql`case when ${rate} is null then 'no_rate' when band.cost_factor is null then 'no_band' end`,
  };
}

/** The price and unpriced reason of a stone as two select columns (`price`, `unpriced_reason`): stonePriceParts. */
export function stonePriceSql(stone: Pick<StoneSql, 'supplierPrice' | 'supplierCurrency'>, usdToGbp: string | null): SQL {
  const { price, unpricedReason } = stonePriceParts(stone, usdToGbp);
  return sql`${price} as price, ${unpricedReason} as unpriced_reason`;
}
