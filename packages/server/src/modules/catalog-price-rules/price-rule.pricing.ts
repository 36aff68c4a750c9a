import type { AppliedPriceRule } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * How a catalog price rule prices a product, in SQL, for the catalogue's readers (the storefront's
 * product documents, a sale's lines, the product form): they pass the product's columns, this module
 * keeps the rules. Applied at read time, so an order is priced by the rules running when it is placed;
 * the cached documents are republished at each rule's start and end (`price-rule.boundaries.ts`).
 *
 * - A rule covers a product while it is live, on, and `start_date <= now < end_date`; it names the
 *   top-level product (its variants are covered with it) or its categories (a variant's are its
 *   parent's), or neither (every product); an excluded product or category is never covered.
 * - Percentage: price − round(price × percentage / 100, 2), the discount rounded to the penny half up
 *   as coupons round theirs; fixed amount: price − amount. Never below zero. numeric throughout: exact.
 * - Several covering one product: the lowest price wins; a tie goes to the rule that started last, then
 *   to the lowest id. Diamonds are never priced by rules (see the contract's schema).
 */
export interface PricedProduct {
  /** The top-level product's id (a variant's parent's). */
  productId: SQL;
  /** The top-level product's categories (int[]). */
  categoryIds: SQL;
  /** The price a rule discounts (a variant's own), numeric. */
  price: SQL;
}

const discountedPrice = (price: SQL) =>
  sql`greatest(case when r.discount_type = 'percentage' then ${price} - round(${price} * r.percentage / 100, 2) else ${price} - r.amount end, 0)`;

/** The rules pricing products at `at` (live, on, within their window): few rows, for `from (...)` or a materialized CTE. */
export const runningPriceRules = (at: SQL = sql`now()`) => sql`
  select * from catalog_price_rules where deleted_at is null and status and start_date <= ${at} and ${at} < end_date`;

/** Whether rule `r` covers `product` (its scope names it, its exclusions do not). */
const covers = (product: PricedProduct) => sql`(cardinality(r.product_ids) = 0 or ${product.productId} = any(r.product_ids))
    and (cardinality(r.category_ids) = 0 or r.category_ids && ${product.categoryIds})
    and not (${product.productId} = any(r.exclude_product_ids))
    and not (r.exclude_category_ids && ${product.categoryIds})`;

/** Of `rules` (running ones), those covering `product`, each with the price it gives, best first. */
const coveringRules = (product: PricedProduct, rules: SQL) => sql`
  select r.id, r.name, r.discount_type, r.percentage, r.amount, r.end_date, ${discountedPrice(product.price)} as price, r.start_date
  from ${rules} r
  where ${covers(product)}
  order by 7, r.start_date desc, r.id
  limit 1`;

/**
 * The winning rule of every row of `rows` that a rule covers, at once (a batch of documents): one join
 * of the rows with `rules` (a materialized CTE of `runningPriceRules()`) and `distinct on`, the same
 * choice as `appliedPriceRuleJson` makes per row. Columns `key` (the row's, to join back on), `id`,
 * `name`, `end_date` and `price` (numeric); a row no rule covers has none. A subquery per row, and the
 * JSON built and parsed for each, cost a batch of 1,000 products with 4,400 variants about 200 ms
 * more than the batch without rules (docs/benchmarks.md, "Catalog price rules").
 */
export const winningPriceRules = (rows: SQL, key: SQL, product: PricedProduct, rules: SQL) => sql`
  select distinct on (${key}) ${key} as key, r.id, r.name, r.end_date, ${discountedPrice(product.price)} as price
  from ${rows} join ${rules} r on ${covers(product)}
  order by ${key}, 5, r.start_date desc, r.id`;

/**
 * The rule pricing `product` now as one JSON value (null when none covers it): `{ id, name,
 * discountType, percentage, amount, endDate, price }`, `price` in pounds. A scalar subquery: select it
 * once per row (a lateral `select ... as rule`) and read the price from it. `rules` is where the running
 * rules are read: by default the table; a statement pricing many rows reads them once, from a
 * materialized CTE of `runningPriceRules()` it names here.
 */
export const appliedPriceRuleJson = (product: PricedProduct, rules: SQL = sql`(${runningPriceRules()})`) => sql`(
  select json_build_object('id', w.id, 'name', w.name, 'discountType', w.discount_type, 'percentage', w.percentage, 'amount', w.amount, 'endDate', w.end_date, 'price', w.price)
  from (${coveringRules(product, rules)}) w)`;

/** The JSON of `appliedPriceRuleJson` as the driver answers it (parsed, or text on a driver that keeps json as text). */
export function appliedPriceRuleOf(value: unknown): AppliedPriceRule | null {
  if (value === null || value === undefined) return null;
  const rule = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const numberOrNull = (field: unknown) => (field === null || field === undefined ? null : Number(field));
  return {
    id: Number(rule.id),
    name: String(rule.name),
    discountType: rule.discountType as AppliedPriceRule['discountType'],
    percentage: numberOrNull(rule.percentage),
    amount: numberOrNull(rule.amount),
    endDate: new Date(String(rule.endDate)).toISOString(),
    price: Number(rule.price),
  };
}
