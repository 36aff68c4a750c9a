import { z } from 'zod';
import { INT32_MAX, recordId, recordOf, safeString } from '../../api.ts';
import { shopDay } from '../../format.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { acrossFields, hasAtMostDecimals, ID_LIST_MAX, lettersDigitsDashes, money, requiredNumber, requiredText } from '../../rules.ts';

/**
 * Coupons (document 3 §2.7, §3 Coupon, §5 Coupon, §7 AddCoupon, §9; issue 25 items 1-2).
 *
 * `discountType` is the spec's select (fixed cart or fixed product): WHERE the discount applies, the
 * cart's eligible subtotal once or each eligible product line. `valueType` says HOW MUCH: a percentage
 * (0-99) or an amount in pounds. The spec keeps percentage and amount as separate fields with the
 * select disabled, so the old screen could not say which one a coupon meant; an explicit choice
 * leaves no coupon ambiguous (both filled, or a 0 in one of them).
 */
export const COUPON_DISCOUNT_TYPES = ['fixed_cart_discount', 'fixed_product_discount'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];
export const COUPON_DISCOUNT_TYPE_LABELS: Record<CouponDiscountType, string> = {
  fixed_cart_discount: 'Fixed cart discount',
  fixed_product_discount: 'Fixed product discount',
};
export const COUPON_VALUE_TYPES = ['percentage', 'amount'] as const;
export type CouponValueType = (typeof COUPON_VALUE_TYPES)[number];
export const COUPON_VALUE_TYPE_LABELS: Record<CouponValueType, string> = { percentage: 'Percentage', amount: 'Amount' };

export const COUPON_CODE_MAX = 255;
/** Not fixed by the spec: a description is a line or two for staff. */
export const COUPON_DESCRIPTION_MAX = 1000;
/** Document 3 §9: percentage coupons stop at 99. */
export const COUPON_PERCENTAGE_MAX = 99;
/** Document 3 §9: usage limit per user defaults to 1. */
export const COUPON_USAGE_PER_USER_DEFAULT = 1;
/** Product and customer pickers search from 3 characters (document 3 §5). */
export const COUPON_SEARCH_MIN_LENGTH = 3;

export const COUPON_MESSAGES = {
  /** The spec: the minimum-spend error text plus the maximum. */
  minimumSpendTooHigh: (maximum: number) => `Minimum spend must be at most the maximum spend minus 1 (maximum spend ${maximum}).`,
  productsOrCategories: 'Choose products or categories, not both.',
  excludedAndIncluded: 'An item cannot be both chosen and excluded.',
  unknownProducts: 'Choose products from the list.',
  unknownCategories: 'Choose categories from the list.',
  unknownCustomers: 'Choose customers from the list.',
  onlyFixedCart: 'Minimum and maximum spend apply to fixed cart discounts only.',
  // Applying a code to an order (issue 25 item 2). Not worded by the spec.
  unknownCode: 'This coupon code is not valid.',
  inactive: 'This coupon is not active.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has reached its usage limit.',
  usedUpByCustomer: 'You have already used this coupon as many times as it allows.',
  notForCustomer: 'This coupon is not available for this customer.',
  belowMinimumSpend: (minimum: string) => `This coupon needs a minimum spend of ${minimum}.`,
  aboveMaximumSpend: (maximum: string) => `This coupon allows a maximum spend of ${maximum}.`,
  noEligibleItems: 'This coupon does not apply to any item in the order.',
  changed: 'This coupon was changed while the order was being placed. Please try again.',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => ISO_DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** A usage limit: a whole number from 0; blank (null or missing) is 0, unlimited (document 3 §5). */
const usageLimit = (label: string, fallback: number) => requiredNumber({ min: 0, int: true, max: INT32_MAX, label }).nullable().default(fallback);
const ids = () => z.array(recordId()).max(ID_LIST_MAX, MESSAGES.tooManyItems(ID_LIST_MAX)).default([]);

export const couponInputSchema = acrossFields(
  z.object({
    code: lettersDigitsDashes(COUPON_CODE_MAX),
    description: requiredText(COUPON_DESCRIPTION_MAX),
    discountType: z.enum(COUPON_DISCOUNT_TYPES, { error: MESSAGES.chooseFromList('discount type') }).default('fixed_cart_discount'),
    valueType: z.enum(COUPON_VALUE_TYPES, { error: MESSAGES.chooseFromList('discount value type') }),
    amount: money({ label: 'Amount' }).nullable().optional(),
    percentage: requiredNumber({ min: 0, max: COUPON_PERCENTAGE_MAX, decimals: 2, label: 'Percentage' }).nullable().optional(),
    expiryDate: safeString({ error: MESSAGES.required }).trim().check((payload) => {
      if (payload.value === '') payload.issues.push({ code: 'custom', input: payload.value, message: MESSAGES.required });
      else if (!isCalendarDay(payload.value)) payload.issues.push({ code: 'custom', input: payload.value, message: MESSAGES.invalidDate });
    }),
    minimumSpend: money({ label: 'Minimum spend' }).nullable().optional(),
    maximumSpend: money({ label: 'Maximum spend' }).nullable().optional(),
    usagePerCoupon: usageLimit('Usage limit per coupon', 0),
    limitCartProducts: usageLimit('Limit usage to X items', 0),
    usagePerUser: usageLimit('Usage limit per user', COUPON_USAGE_PER_USER_DEFAULT),
    productIds: ids(),
    excludeProductIds: ids(),
    categoryIds: ids(),
    excludeCategoryIds: ids(),
    customerIds: ids(),
    status: z.boolean().default(true),
  }),
  (fields, report) => {
    const isBlank = (value: unknown) => value === undefined || value === null;
    if (fields.valueType === 'percentage' && isBlank(fields.percentage)) report(['percentage'], MESSAGES.required);
    if (fields.valueType === 'amount' && isBlank(fields.amount)) report(['amount'], MESSAGES.required);
    const isFixedCart = fields.discountType === undefined || fields.discountType === 'fixed_cart_discount';
    if (isFixedCart) {
      if (isBlank(fields.minimumSpend)) report(['minimumSpend'], MESSAGES.required);
      if (isBlank(fields.maximumSpend)) report(['maximumSpend'], MESSAGES.required);
      const { minimumSpend: min, maximumSpend: max } = fields;
      if (typeof min === 'number' && typeof max === 'number' && hasAtMostDecimals(max, 2) && min > max - 1) {
        report(['minimumSpend'], COUPON_MESSAGES.minimumSpendTooHigh(max));
      }
    }
    const listOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
    if (listOf(fields.productIds).length && listOf(fields.categoryIds).length) report(['categoryIds'], COUPON_MESSAGES.productsOrCategories);
    const overlaps = (a: unknown, b: unknown) => listOf(a).some((id) => listOf(b).includes(id));
    if (overlaps(fields.productIds, fields.excludeProductIds)) report(['excludeProductIds'], COUPON_MESSAGES.excludedAndIncluded);
    if (overlaps(fields.categoryIds, fields.excludeCategoryIds)) report(['excludeCategoryIds'], COUPON_MESSAGES.excludedAndIncluded);
  },
);
export type CouponInput = z.input<typeof couponInputSchema>;

/** A chosen product, category or customer as the form shows it. */
const chosenSchema = z.object({ id: z.number().int(), label: z.string() });
export type CouponChoice = z.infer<typeof chosenSchema>;

export const couponRecordSchema = recordOf(couponInputSchema, {
  // Stored as 0 when sent blank: answered as numbers.
  usagePerCoupon: z.number().int(),
  limitCartProducts: z.number().int(),
  usagePerUser: z.number().int(),
  /** Orders that used it (their usage rows), counted under the coupon's lock when an order applies it. */
  usedCount: z.number().int(),
  /** Labels of the chosen products, categories and customers, for the form. */
  chosen: z.object({ products: z.array(chosenSchema), categories: z.array(chosenSchema), customers: z.array(chosenSchema) }),
});
export type CouponRecord = z.infer<typeof couponRecordSchema>;

/** The list's row: the spec's columns (Name = the code, Expire Date, Created Date, Status) and the uses. */
export const couponListRowSchema = couponRecordSchema.pick({ id: true, version: true, createdAt: true, updatedAt: true, code: true, expiryDate: true, status: true, usedCount: true, usagePerCoupon: true });

export const couponResource = defineResource({
  name: 'coupons',
  entity: 'coupon',
  label: 'Coupon',
  // Either key: the Marketing menu's `marketing`, or the catalogue's own `coupons` (document 1 §6).
  permission: ['marketing', 'coupons'],
  createInput: couponInputSchema,
  record: couponRecordSchema,
  listRow: couponListRowSchema,
  searchable: ['code'],
  sortable: ['createdAt', 'code'],
  unique: [{ field: 'code', label: 'Coupon code' }],
  export: {
    fileName: 'coupons',
    columns: [
      { field: 'code', header: 'Name' },
      { field: 'description', header: 'Description', width: 40 },
      { field: 'discountType', header: 'Discount Type', labels: COUPON_DISCOUNT_TYPE_LABELS },
      { field: 'valueType', header: 'Discount In', labels: COUPON_VALUE_TYPE_LABELS },
      { field: 'amount', header: 'Amount', type: 'money' },
      { field: 'percentage', header: 'Percentage', type: 'number' },
      { field: 'minimumSpend', header: 'Minimum Spend', type: 'money' },
      { field: 'maximumSpend', header: 'Maximum Spend', type: 'money' },
      { field: 'usagePerCoupon', header: 'Usage Limit Per Coupon', type: 'number' },
      { field: 'usagePerUser', header: 'Usage Limit Per User', type: 'number' },
      { field: 'usedCount', header: 'Used', type: 'number' },
      { field: 'expiryDate', header: 'Expire Date' },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
      { field: 'status', header: 'Status', type: 'status' },
    ],
  },
});

/** The pickers' searches (products, customers): from 3 characters. */
export const couponSearchQuerySchema = z.object({
  term: safeString().trim().min(COUPON_SEARCH_MIN_LENGTH, MESSAGES.minLength(COUPON_SEARCH_MIN_LENGTH)).max(255, MESSAGES.maxLength(255)),
  /** The customer picker filters by customer group. */
  customerGroupId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, MESSAGES.invalidId)
    .transform(Number)
    .pipe(z.number().max(INT32_MAX, MESSAGES.invalidId))
    .optional(),
});
export const couponChoicesSchema = z.array(chosenSchema);

/** Is `expiryDate` still valid on `today` (the shop's day)? A coupon is valid through its expiry day. */
export const isCouponExpired = (expiryDate: string, today: string = shopDay()) => expiryDate < today;
