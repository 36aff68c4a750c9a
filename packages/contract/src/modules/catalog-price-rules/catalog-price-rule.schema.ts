import { z } from 'zod';
import { formatAmount } from '../../format.ts';
import { recordId, recordOf, safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { acrossFields, ID_LIST_MAX, money, requiredNumber, requiredText } from '../../rules.ts';

/**
 * Catalog price rules (document 3 §2.8, §3 Catalog price rule, §5, §7, §9; issue 25 items 3-4): a
 * discount off the catalogue price of products, by products or by categories (never both), minus
 * excluded products and categories, while the rule is on and now is within start..end.
 *
 * Which rule applies when several cover a product: the one giving the lowest price; a tie goes to
 * the rule that started last, then to the lowest id (`ORDER BY price, start_date DESC, id`). A rule
 * naming neither products nor categories covers every product. Rules never touch diamonds: a stone
 * is priced by the feed and the diamond markups (document 2), sold one by one, and has no product
 * or category for a rule to name.
 */
export const PRICE_RULE_DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
export type PriceRuleDiscountType = (typeof PRICE_RULE_DISCOUNT_TYPES)[number];
export const PRICE_RULE_DISCOUNT_TYPE_LABELS: Record<PriceRuleDiscountType, string> = { percentage: 'Percentage', fixed_amount: 'Fixed Amount' };

export const PRICE_RULE_NAME_MAX = 255;
/** Not fixed by the spec: a description is a line or two for staff. */
export const PRICE_RULE_DESCRIPTION_MAX = 1000;
/** Document 3 §9: price rule percentage maximum 99. */
export const PRICE_RULE_PERCENTAGE_MAX = 99;
/** Document 3 §9: price rule minimum duration 1 hour (3600 seconds). */
export const PRICE_RULE_MIN_DURATION_MS = 3600 * 1000;
/** Product search starts after 3 characters (document 3 §5). */
export const PRICE_RULE_SEARCH_MIN_LENGTH = 3;

export const PRICE_RULE_MESSAGES = {
  productsOrCategories: 'Choose products or categories, not both.',
  excludedAndIncluded: 'An item cannot be both chosen and excluded.',
  unknownProducts: 'Choose products from the list.',
  unknownCategories: 'Choose categories from the list.',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });
/** ISO 8601 with its zone, on a day the calendar has (not 30 February). */
function isDateTime(text: string) {
  if (!isoDateTime.safeParse(text).success || Number.isNaN(Date.parse(text))) return false;
  const day = text.slice(0, 10);
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
}
/** A date-time as the form sends it: ISO 8601 with its zone (the browser sends UTC). */
const dateTime = () =>
  safeString({ error: MESSAGES.required })
    .trim()
    .check((payload) => {
      if (payload.value === '') payload.issues.push({ code: 'custom', input: payload.value, message: MESSAGES.required });
      else if (!isDateTime(payload.value)) payload.issues.push({ code: 'custom', input: payload.value, message: MESSAGES.invalidDate });
    });
const ids = () => z.array(recordId()).max(ID_LIST_MAX, MESSAGES.tooManyItems(ID_LIST_MAX)).default([]);

export const catalogPriceRuleInputSchema = acrossFields(
  z.object({
    name: requiredText(PRICE_RULE_NAME_MAX),
    description: requiredText(PRICE_RULE_DESCRIPTION_MAX),
    discountType: z.enum(PRICE_RULE_DISCOUNT_TYPES, { error: MESSAGES.required }),
    percentage: requiredNumber({ min: 0, max: PRICE_RULE_PERCENTAGE_MAX, decimals: 2, label: 'Percentage' }).nullable().optional(),
    amount: money({ label: 'Amount' }).nullable().optional(),
    startDate: dateTime(),
    endDate: dateTime(),
    status: z.boolean().default(true),
    productIds: ids(),
    excludeProductIds: ids(),
    categoryIds: ids(),
    excludeCategoryIds: ids(),
  }),
  (fields, report) => {
    const isBlank = (value: unknown) => value === undefined || value === null;
    if (fields.discountType === 'percentage' && isBlank(fields.percentage)) report(['percentage'], MESSAGES.required);
    if (fields.discountType === 'fixed_amount' && isBlank(fields.amount)) report(['amount'], MESSAGES.required);
    const timeOf = (value: unknown) => (typeof value === 'string' && isDateTime(value.trim()) ? Date.parse(value) : Number.NaN);
    const start = timeOf(fields.startDate);
    const end = timeOf(fields.endDate);
    if (!Number.isNaN(start) && !Number.isNaN(end)) {
      if (end <= start) report(['endDate'], MESSAGES.endDateAfterStartDate);
      else if (end - start < PRICE_RULE_MIN_DURATION_MS) report(['endDate'], MESSAGES.minimumRuleDuration);
    }
    const listOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
    if (listOf(fields.productIds).length && listOf(fields.categoryIds).length) report(['categoryIds'], PRICE_RULE_MESSAGES.productsOrCategories);
    const overlaps = (a: unknown, b: unknown) => listOf(a).some((id) => listOf(b).includes(id));
    if (overlaps(fields.productIds, fields.excludeProductIds)) report(['excludeProductIds'], PRICE_RULE_MESSAGES.excludedAndIncluded);
    if (overlaps(fields.categoryIds, fields.excludeCategoryIds)) report(['excludeCategoryIds'], PRICE_RULE_MESSAGES.excludedAndIncluded);
  },
);
export type CatalogPriceRuleInput = z.input<typeof catalogPriceRuleInputSchema>;

/** A chosen product or category as the form shows it. */
const chosenSchema = z.object({ id: z.number().int(), label: z.string() });
export type PriceRuleChoice = z.infer<typeof chosenSchema>;

export const catalogPriceRuleRecordSchema = recordOf(catalogPriceRuleInputSchema, {
  /** Labels of the chosen products and categories (included and excluded), for the form. */
  chosen: z.object({ products: z.array(chosenSchema), categories: z.array(chosenSchema) }),
});
export type CatalogPriceRuleRecord = z.infer<typeof catalogPriceRuleRecordSchema>;

/** The list's row: the spec's columns (name, discount, start, end, status, created date). */
export const catalogPriceRuleListRowSchema = catalogPriceRuleRecordSchema.pick({
  id: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  name: true,
  discountType: true,
  percentage: true,
  amount: true,
  startDate: true,
  endDate: true,
  status: true,
});
export type CatalogPriceRuleListRow = z.infer<typeof catalogPriceRuleListRowSchema>;

export const catalogPriceRuleResource = defineResource({
  name: 'catalog-price-rules',
  entity: 'catalog_price_rule',
  label: 'Catalog Price Rule',
  permission: 'marketing',
  createInput: catalogPriceRuleInputSchema,
  record: catalogPriceRuleRecordSchema,
  listRow: catalogPriceRuleListRowSchema,
  searchable: ['name'],
  sortable: ['createdAt', 'name', 'startDate', 'endDate'],
  export: {
    fileName: 'catalog-price-rules',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'description', header: 'Description', width: 40 },
      { field: 'discountType', header: 'Discount Type', labels: PRICE_RULE_DISCOUNT_TYPE_LABELS },
      { field: 'percentage', header: 'Percentage', type: 'number' },
      { field: 'amount', header: 'Amount', type: 'money' },
      { field: 'startDate', header: 'Start Date', type: 'date' },
      { field: 'endDate', header: 'End Date', type: 'date' },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
      { field: 'status', header: 'Status', type: 'status' },
    ],
  },
});

/** The product picker's search: from 3 characters. */
export const priceRuleSearchQuerySchema = z.object({
  term: safeString().trim().min(PRICE_RULE_SEARCH_MIN_LENGTH, MESSAGES.minLength(PRICE_RULE_SEARCH_MIN_LENGTH)).max(255, MESSAGES.maxLength(255)),
});
export const priceRuleChoicesSchema = z.array(chosenSchema);

/** The rule's discount as the list shows it: `10%` or `£50.00`. */
export function priceRuleDiscountLabel(rule: Pick<CatalogPriceRuleListRow, 'discountType' | 'percentage' | 'amount'>): string {
  return rule.discountType === 'percentage' ? `${rule.percentage ?? 0}%` : formatAmount(rule.amount ?? 0, '£');
}

export type PriceRulePhase = 'scheduled' | 'running' | 'ended';
/** Where `now` stands against the rule's window: a rule prices products only while `running` and on. */
export function priceRulePhase(rule: { startDate: string; endDate: string }, now: Date = new Date()): PriceRulePhase {
  const at = now.getTime();
  if (at < Date.parse(rule.startDate)) return 'scheduled';
  return at < Date.parse(rule.endDate) ? 'running' : 'ended';
}

/**
 * The rule pricing a product now, as the product's answers carry it: which rule, its discount, and the
 * price it gives (pounds, exact to the penny: half up, never below zero).
 */
export const appliedPriceRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  discountType: z.enum(PRICE_RULE_DISCOUNT_TYPES),
  percentage: z.number().nullable(),
  amount: z.number().nullable(),
  endDate: z.string(),
  price: z.number(),
});
export type AppliedPriceRule = z.infer<typeof appliedPriceRuleSchema>;

/** A priced row of the product form's Catalog Price Rule panel: the regular price, what a shopper pays now, and the rule. */
const pricedRowSchema = z.object({ id: z.number().int(), sku: z.string(), price: z.number(), salePrice: z.number(), priceRule: appliedPriceRuleSchema.nullable() });
/** The product form's panel (GET /api/products/:id/pricing): the product and each live variant, as the storefront prices them now. */
export const productPricingSchema = pricedRowSchema.extend({ variants: z.array(pricedRowSchema) });
export type ProductPricing = z.infer<typeof productPricingSchema>;
