import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const ids = (name: string) => integer(name).array().notNull().default(sql`'{}'::integer[]`);

/**
 * Coupons (document 3 §3 Coupon). The chosen products, categories and customers are id arrays read
 * through their modules' faces (other areas' tables): checked to exist on each save. `used_count` is
 * the number of orders that used the coupon, kept with the usage rows under the coupon's row lock.
 */
export const coupons = pgTable(
  'coupons',
  {
    ...standardColumns,
    ...statusColumn,
    code: text('code').notNull(),
    description: text('description').notNull(),
    discountType: text('discount_type', { enum: ['fixed_cart_discount', 'fixed_product_discount'] }).notNull(),
    valueType: text('value_type', { enum: ['percentage', 'amount'] }).notNull(),
    amount: money('amount'),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    minimumSpend: money('minimum_spend'),
    maximumSpend: money('maximum_spend'),
    usagePerCoupon: integer('usage_per_coupon').notNull().default(0),
    limitCartProducts: integer('limit_cart_products').notNull().default(0),
    usagePerUser: integer('usage_per_user').notNull().default(1),
    productIds: ids('product_ids'),
    excludeProductIds: ids('exclude_product_ids'),
    categoryIds: ids('category_ids'),
    excludeCategoryIds: ids('exclude_category_ids'),
    customerIds: ids('customer_ids'),
    usedCount: integer('used_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('coupons_code_live').on(sql`lower(${t.code})`).where(sql`deleted_at is null`),
    ...searchIndexes('coupons', t.code),
    listIndex('coupons_created', t, t.createdAt),
    listIndex('coupons_code', t, sql`lower(${t.code})`),
  ],
);

/**
 * One row per order that used a coupon: who (the customer, or the e-mail of a guest) and which order.
 * Counted per customer under the coupon's row lock when an order applies the code.
 */
export const couponUsages = pgTable(
  'coupon_usages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderNumber: text('order_number').notNull(),
    customerId: integer('customer_id'),
    email: text('email').notNull(),
    discount: money('discount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_usages_coupon_email').on(t.couponId, t.email), uniqueIndex('coupon_usages_order').on(t.orderNumber)],
);
