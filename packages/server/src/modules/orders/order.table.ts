import type { SaleLineOption } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { OrderAddressRecord } from '@facet/contract/modules/orders/order.schema';
import { PAYMENT_METHODS, REFUND_TYPES } from '@facet/contract/modules/orders/order.schema';
import { ORDER_STATUS, ORDER_STATUSES } from '@facet/contract/modules/orders/order-status';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statesColumn } from '../../db/columns.ts';
import { shippingRates } from '../shipping-rates/shipping-rate.table.ts';

/** Money as the codebase keeps prices: numeric pounds with pence, read as numbers, added up in SQL only. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const paymentMethods = Object.keys(PAYMENT_METHODS) as [string, ...string[]];
const refundTypes = Object.keys(REFUND_TYPES) as [string, ...string[]];

/** Order numbers: nine digits and up, from a sequence (never reused, in the order orders came), so they sort as they read. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100_000_001 });

/**
 * Orders, placed through the storefront API (order.place.ts) and moved along the workflow by staff
 * (order.status.ts). What the customer ordered is a snapshot: name, email, phone, both addresses and
 * the lines (order_lines) are copied at placement, so editing or deleting a customer, an address, a
 * product or a stone never changes an order. `customer_id` points at the customer when there is one
 * (no foreign key: customers are another area's and are never hard-deleted). Amounts are pounds:
 * total = subtotal − discount + shipping + card fee; `refunded_total` only grows, by refunds made
 * under the row's lock, and the database holds it between 0 and the total.
 *
 * The list reads this table alone (capped totals at a million orders): an index per filter ending in
 * the date order, trigram indexes for the two text filters (email, name; the order number is matched
 * whole, by its unique index, and so is a whole e-mail address, by its btree).
 */
export const orders = pgTable(
  'orders',
  {
    ...standardColumns,
    ...statesColumn(ORDER_STATUS, 'PENDING'),
    orderNumber: text('order_number').notNull(),
    customerId: integer('customer_id'),
    isGuest: boolean('is_guest').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    name: text('name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${orders.firstName} || ' ' || ${orders.lastName}`),
    phone: text('phone').notNull(),
    currencyCode: text('currency_code').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    currencyName: text('currency_name').notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    /** The coupon code applied (issue 25), as the coupon spells it; its use is a coupon_usages row. */
    couponCode: text('coupon_code'),
    shippingAmount: money('shipping_amount').notNull().default(0),
    cardFee: money('card_fee').notNull().default(0),
    total: money('total').notNull(),
    refundedTotal: money('refunded_total').notNull().default(0),
    /** Pieces ordered (the lines' quantities added up): the list's Items. */
    itemCount: integer('item_count').notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The rate chosen at checkout, then the shipping type staff chose when shipping (its name kept as it was). */
    shippingRateId: integer('shipping_rate_id').references(() => shippingRates.id),
    shippingMethodName: text('shipping_method_name').notNull(),
    trackingNumber: text('tracking_number').notNull().default(''),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** The shipping address's country (ISO code): the list's Country filter. */
    countryId: text('country_id').notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddressRecord>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddressRecord>().notNull(),
    /** The invoice PDF once the invoices work has made one. */
    invoiceUrl: text('invoice_url'),
    /** The storefront cart this order came from, for the carts module to mark it recovered. */
    cartId: integer('cart_id'),
  },
  (t) => [
    uniqueIndex('orders_order_number').on(t.orderNumber),
    check('orders_refunded_within_total', sql`${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.total}`),
    check('orders_total_not_negative', sql`${t.total} >= 0`),
    ...searchIndexes('orders', t.email, t.name),
    listIndex('orders_created', t, t.createdAt),
    listIndex('orders_status', t, t.status, t.createdAt),
    listIndex('orders_payment_method', t, t.paymentMethod, t.createdAt),
    listIndex('orders_country', t, t.countryId, t.createdAt),
    listIndex('orders_customer', t, t.customerId, t.createdAt),
    // A whole address in the Email filter (order.service.ts): emails are stored lower-cased.
    listIndex('orders_email', t, t.email, t.createdAt),
  ],
);

/**
 * The lines of an order, a snapshot of what was sold (issue 24 §8): a product variant (`product_id`)
 * or a stone (`diamond_id`, `is_diamond`), with the names, SKUs, options and price as they were.
 * Written once with their order, never changed but for a stone's supplier order reference.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: smallint('position').notNull(),
    isDiamond: boolean('is_diamond').notNull(),
    productId: integer('product_id'),
    diamondId: integer('diamond_id'),
    name: text('name').notNull(),
    vendor: text('vendor').notNull().default(''),
    sku: text('sku').notNull(),
    parentSku: text('parent_sku').notNull().default(''),
    modelNumber: text('model_number').notNull().default(''),
    certificate: text('certificate').notNull().default(''),
    supplierOrderReference: text('supplier_order_reference').notNull().default(''),
    size: text('size').notNull().default(''),
    image: text('image').notNull().default(''),
    productOptions: jsonb('product_options').$type<SaleLineOption[]>().notNull().default([]),
    standaloneOptions: jsonb('standalone_options').$type<SaleLineOption[]>().notNull().default([]),
    price: money('price').notNull(),
    qty: integer('qty').notNull(),
    discount: money('discount').notNull().default(0),
    total: money('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [index('order_lines_order').on(t.orderId, t.position)],
);

/**
 * Order Status History: one row per change of an order (placing it, every status change, a note a
 * workflow adds), who made it (null: the storefront or the system) and whether the customer was told.
 * A change sent with an Idempotency-Key keeps it here, unique per order: the same key again is that
 * change answered again, not a second change (a double click refunds once).
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    comment: text('comment').notNull().default(''),
    notifyCustomer: boolean('notify_customer').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /** A digest of the change as sent with the key: the same key with another change is refused. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    /** The staff member's name as it was (users are another area's). */
    createdByName: text('created_by_name'),
  },
  (t) => [
    index('order_status_history_order').on(t.orderId, t.id),
    uniqueIndex('order_status_history_idempotency').on(t.orderId, t.idempotencyKey).where(sql`idempotency_key is not null`),
  ],
);

/** Money given back on an order, each with the status change that gave it (one refund per change at most). */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    historyId: integer('history_id')
      .notNull()
      .references(() => orderStatusHistory.id),
    type: text('type', { enum: refundTypes }).notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name'),
    /** The refund's credit note (invoices module), as printed (CN-000123) and where staff download it; null until it is made. */
    creditNoteNumber: text('credit_note_number'),
    creditNoteUrl: text('credit_note_url'),
  },
  (t) => [index('order_refunds_order').on(t.orderId), uniqueIndex('order_refunds_history').on(t.historyId), check('order_refunds_positive', sql`${t.amount} > 0`)],
);
