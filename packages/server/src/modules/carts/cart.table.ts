import { CART_ADDRESS_TYPES, CART_PAYMENT_STATUSES } from '@facet/contract/modules/carts/cart.schema';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';
import { amount, saleLineColumns } from '../inquiries/inquiry.table.ts';

/**
 * Shoppers' carts as the storefront sends them (document 3 §3 Abandoned cart): who (a customer's id
 * and name, or a guest's email), the payment status at checkout, the totals of the lines, and the
 * time the shopper last changed it (`activity_at`). Whether a cart is abandoned is worked out when it
 * is read, from `activity_at` and the setting's minutes (cart.service.ts), so a change of the setting
 * applies to every cart at once. `converted_at` and `order_number`: the order it became (recovered
 * when that came after it was abandoned). A customer's cart keeps the customer's id without a foreign
 * key (customers belong to another area and are never hard-deleted).
 */
export const carts = pgTable(
  'carts',
  {
    ...standardColumns,
    customerId: integer('customer_id'),
    /** The customer's name when the cart is a customer's (for the list's Customer column); empty for a guest. */
    customerName: text('customer_name').notNull().default(''),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull().default(''),
    paymentStatus: text('payment_status', { enum: CART_PAYMENT_STATUSES }).notNull().default('PENDING'),
    currency: text('currency').notNull(),
    symbol: text('symbol').notNull(),
    total: amount('total'),
    itemCount: integer('item_count').notNull().default(0),
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Is Email Sent?: staff asked for the reminder e-mail (once per cart); when and who. */
    isReminded: boolean('is_reminded').notNull().default(false),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    remindedBy: integer('reminded_by'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    orderNumber: text('order_number'),
  },
  (t) => [
    // The list's Customer filter (name or email, substrings) and its order by date (and date range).
    ...searchIndexes('carts', t.customerName, t.email),
    listIndex('carts_created', t, t.createdAt),
    // An order placed without its cart's id finds the shopper's latest open cart by these.
    index('carts_customer_open').on(t.customerId, t.activityAt).where(sql`converted_at is null and customer_id is not null`),
    index('carts_email_open').on(sql`lower(${t.email})`, t.activityAt).where(sql`converted_at is null`),
    uniqueIndex('carts_order_number').on(t.orderNumber).where(sql`order_number is not null`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    ...saleLineColumns,
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
  },
  (t) => [index('cart_lines_cart').on(t.cartId, t.position)],
);

/** A cart's billing and shipping address (one of each at most), replaced whole with the cart. */
export const cartAddresses = pgTable(
  'cart_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    type: text('type', { enum: CART_ADDRESS_TYPES }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    country: text('country').notNull(),
    postcode: text('postcode').notNull(),
  },
  (t) => [uniqueIndex('cart_addresses_cart_type').on(t.cartId, t.type)],
);
