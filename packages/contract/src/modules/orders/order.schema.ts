import { z } from 'zod';
import { idParamSchema, listResponseSchema, recordId, safeString } from '../../api.ts';
import { shopDay } from '../../format.ts';
import { choiceFilter, dateRangeFilter, idsFilter, textFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { acrossFields, optionalText, PRICE_MAX, requiredNumber, requiredText } from '../../rules.ts';
import { orderAddressSchema } from '../customers/address.schema.ts';
import { customerResource } from '../customers/customer.schema.ts';
import { contactNumber, NAME_MAX } from '../customers/customer.rules.ts';
import { saleLineOptionSchema, saleLineSnapshotSchema } from '../inquiries/sale-line.schema.ts';
import type { OrderStatus } from './order-status.ts';
import { ORDER_STATUS, ORDER_STATUS_LABELS, ORDER_STATUSES } from './order-status.ts';

/**
 * Orders (document 3 §2.4, §3 Order, §4 order status workflow, §5 order status form, §7 Orders;
 * document 2 §2 the customer's Orders tab; issue 24). Orders arrive from the storefront API; staff
 * list them, open one, and move it along the workflow (order-status.ts), refunding and shipping on
 * the way. Amounts travel as JSON numbers in pounds with at most 2 decimals, in the order's currency.
 */

// ---------------------------------------------------------------- routes

/** The screens (document 3 §2.1). The view link carries the list's page and filters as its query. */
export const ORDER_SCREENS = {
  list: '/sales/orders',
  view: '/order/view/order_id/:orderNumber',
} as const;
export const orderViewPath = (orderNumber: string) => ORDER_SCREENS.view.replace(':orderNumber', encodeURIComponent(orderNumber));

/**
 * The API (permission `sales`). The customer edit screen's Orders tab reads the list filtered by
 * customer (`GET /api/orders?customerId=12`), as the spec's call does (order admin list with customer_id).
 */
export const ORDER_API = {
  list: '/api/orders',
  export: '/api/orders/export',
  detail: '/api/orders/:orderNumber',
  status: '/api/orders/:orderNumber/status',
  /** A diamond line's supplier order reference (the order the shop placed with the stone's supplier). */
  supplierOrderReference: '/api/orders/:orderNumber/lines/:lineId/supplier-order-reference',
} as const;
export const orderLineApiPath = (path: string, orderNumber: string, lineId: number) => orderApiPath(path, orderNumber).replace(':lineId', String(lineId));
/** The storefront API (an API key with the scope `orders:write`). */
export const STOREFRONT_ORDER_API = {
  place: '/api/storefront/v1/orders',
  paid: '/api/storefront/v1/orders/:orderNumber/paid',
  options: '/api/storefront/v1/checkout-options',
} as const;
export const orderApiPath = (path: string, orderNumber: string) => path.replace(':orderNumber', encodeURIComponent(orderNumber));

// ---------------------------------------------------------------- texts and constants

export const ORDER_MESSAGES = {
  /** The spec's words (document 3 §5). */
  refundOverRemaining: 'Refund amount should not greater than remaining refund amount',
  /** Not worded by the spec: the toast after a status change (document 3 §8 names "the order status success text"). */
  statusUpdated: 'Order status updated successfully',
  refundAmountWhole: 'Refund whole pounds: enter a whole number.',
  refundAmountMin: 'The refund amount must be at least 1.',
  deliveryDateBeforeToday: 'The delivery date cannot be before today.',
  onlyWhenRefunding: 'Only a change to REFUNDED takes a refund.',
  fullRefundNoAmount: 'A full refund gives back the remaining amount: leave the amount out.',
  onlyWhenShipping: 'Only a change to SHIPPING takes a shipping type, tracking number and delivery date.',
  alreadyFullyRefunded: 'This order is already fully refunded.',
  nothingToRefund: 'This order has nothing left to refund.',
  orderNumber: 'An order number is 1 to 20 digits.',
  // The storefront placing an order.
  noLines: 'An order needs at least one item.',
  productHasVariants: 'Choose one of this product’s variants.',
  productWithoutPrice: 'This product has no price.',
  diamondSold: 'This diamond has been sold.',
  diamondQty: 'A diamond is ordered one at a time.',
  lineKind: 'Give either a productId or a diamondId.',
  shippingRateNotOffered: 'Choose a shipping method from the list.',
  customerUnknown: 'This customer does not exist or is disabled.',
  customerEmail: 'The email must be the customer’s own.',
  alreadyPaid: 'This order is already paid.',
  /** Not worded by the spec: the toast after staff set a diamond line's supplier order reference. */
  supplierOrderReferenceSaved: 'Supplier order reference saved',
  supplierOrderReferenceNotDiamond: 'Only a diamond line has a supplier order reference.',
  paidCancelled: 'A cancelled or refunded order cannot be paid.',
} as const;

/** The payment methods (document 3 §3: payment method labels). */
export const PAYMENT_METHODS = { bank_transfer: 'Bank Transfer', credit_card: 'Credit Card', paypal: 'PayPal', wallet: 'Wallet' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
const paymentMethods = Object.keys(PAYMENT_METHODS) as [PaymentMethod, ...PaymentMethod[]];

/** A refund gives back the whole remaining amount or a part of it, in whole pounds (document 3 §4, §5). */
export const REFUND_TYPES = { full: 'Full', partial: 'Partial' } as const;
export type RefundType = keyof typeof REFUND_TYPES;
const refundTypes = Object.keys(REFUND_TYPES) as [RefundType, ...RefundType[]];

/** The shop sells in pounds sterling (document 3 §9): every order's currency today. */
export const SHOP_CURRENCY = { code: 'GBP', symbol: '£', name: 'Pound Sterling' } as const;

/** The spec's page size (document 3 §9); the shipping type select loads rates 50 at a time. */
export const ORDER_PAGE_SIZE = 10;
export const SHIPPING_RATE_LOOKUP_PAGE_SIZE = 50;
export const ORDER_NUMBER_MAX = 20;
export const ORDER_NUMBER_PATTERN = /^[0-9]{1,20}$/;
export const ORDER_COMMENT_MAX = 1000;
export const TRACKING_NUMBER_MAX = 100;
export const SUPPLIER_ORDER_REFERENCE_MAX = 100;
/** Most lines one order carries, and most of one product in a line. */
export const ORDER_LINES_MAX = 50;
export const ORDER_LINE_QTY_MAX = 99;

// ---------------------------------------------------------------- the list

/** `:orderNumber` in a path: digits only (the order numbers the shop gives). */
export const orderNumberParamSchema = z.object({
  orderNumber: z.string({ error: ORDER_MESSAGES.orderNumber }).regex(ORDER_NUMBER_PATTERN, ORDER_MESSAGES.orderNumber),
});

/** One row of /sales/orders (issue 24: order number, e-mail, guest, total with its symbol, items, status, date, invoice). */
export const orderListRowSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  email: z.string(),
  /** First and last name of the customer as ordered (the Name filter matches it). */
  name: z.string(),
  isGuest: z.boolean(),
  currencySymbol: z.string(),
  total: z.number(),
  /** Pieces ordered: the lines' quantities added up (the spec's qty). */
  itemCount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  /** The invoice PDF, once one exists (issue 24 §7); null until then. */
  invoiceUrl: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;
export const orderListResponseSchema = listResponseSchema(orderListRowSchema);

// ---------------------------------------------------------------- the order

/** An address as the order holds it, with the country's and state's names (the lookups') as they were when ordered. */
export const orderAddressRecordSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  city: z.string(),
  stateId: z.string(),
  stateName: z.string(),
  countryId: z.string(),
  countryName: z.string(),
  postcode: z.string(),
  contactNumber: z.string(),
});
export type OrderAddressRecord = z.infer<typeof orderAddressRecordSchema>;

/**
 * One line of Items Ordered: a sale line's snapshot of what was sold (issue 24 §8), with what an
 * order's line adds (document 3 §3 order product: standalone_options; issue 24: the supplier's order reference).
 */
export const orderLineSchema = saleLineSnapshotSchema.extend({
  /** The product's standalone attributes. */
  standaloneOptions: z.array(saleLineOptionSchema),
  /** The supplier's order reference for a stone bought in to fill the order; empty until staff have one. */
  supplierOrderReference: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A refund's credit note (issue 24): its number as printed (CN-000123) and its PDF's download (permission sales). */
export const creditNoteLinkSchema = z.object({ number: z.string(), url: z.string() });

/** One row of Order Status History (document 3 §3: Status, Comment, Date, notify), with who made the change. */
export const orderHistoryEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  comment: z.string(),
  notifyCustomer: z.boolean(),
  createdAt: z.string(),
  /** The staff member; null for the storefront or the system. */
  createdByName: z.string().nullable(),
  /** The credit note of the refund this change made, once made; null for a change that refunded nothing. */
  creditNote: creditNoteLinkSchema.nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderRefundSchema = z.object({
  id: z.number().int(),
  type: z.enum(refundTypes),
  amount: z.number(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** Its credit note, once made (a job after the refund's commit); null until then. */
  creditNote: creditNoteLinkSchema.nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * The order as /order/view/order_id/{orderNumber} shows it (document 3 §2.4, §3; issue 24, "easy to
 * miss"): Order & Account Information, Address Information, Payment & Shipping Method, Items Ordered,
 * Order Total, Order Status History.
 */
export const orderRecordSchema = orderListRowSchema.extend({
  version: z.number().int(),
  updatedAt: z.string(),
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  currencyCode: z.string(),
  currencyName: z.string(),
  subtotal: z.number(),
  /** The coupon's discount, pounds off the subtotal. */
  discount: z.number(),
  /** The coupon code the order applied (as the coupon spells it), or null. */
  couponCode: z.string().nullable(),
  shippingAmount: z.number(),
  cardFee: z.number(),
  refundedTotal: z.number(),
  /** total − refundedTotal: what a refund may still give back. */
  remainingRefundAmount: z.number(),
  paymentMethod: z.enum(paymentMethods),
  paidAt: z.string().nullable(),
  /** The shipping rate chosen at checkout, then the shipping type staff chose when shipping. */
  shippingRateId: z.number().int().nullable(),
  shippingMethodName: z.string(),
  trackingNumber: z.string(),
  /** YYYY-MM-DD, set when the order ships. */
  deliveryDate: z.string().nullable(),
  countryId: z.string(),
  billingAddress: orderAddressRecordSchema,
  shippingAddress: orderAddressRecordSchema,
  lines: z.array(orderLineSchema),
  history: z.array(orderHistoryEntrySchema),
  refunds: z.array(orderRefundSchema),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

// ---------------------------------------------------------------- the status change

/** Whole pounds, at least 1 (document 3 §5); at most the remaining amount is checked against the order. */
const refundAmount = requiredNumber({ max: PRICE_MAX })
  .refine(Number.isInteger, ORDER_MESSAGES.refundAmountWhole)
  .refine((value) => value >= 1, ORDER_MESSAGES.refundAmountMin);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => ISO_DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/**
 * A delivery date: a calendar day, not before today in the shop's time zone (document 3 §5). `today`
 * is read at each check, so a form left open overnight is checked against the new day.
 */
const deliveryDate = safeString({ error: MESSAGES.invalidDate })
  .trim()
  .refine((day) => day === '' || isCalendarDay(day), MESSAGES.invalidDate)
  .refine((day) => !isCalendarDay(day) || day >= shopDay(), ORDER_MESSAGES.deliveryDateBeforeToday);

/**
 * POST /api/orders/:orderNumber/status (document 3 §4, §5, §7 UpdateOrderStatus). The rules that need
 * only the body are here, for the form and the server alike; the server adds those that need the
 * order (`refundProblem`: the remaining amount; a refund type required unless already fully refunded;
 * the transition; the shipping rate's existence). A blank tracking number or delivery date is one not given.
 */
export const orderStatusChangeSchema = acrossFields(
  z.object({
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.filterChoice('Status', ORDER_STATUSES.join(', ')) }),
    comment: optionalText(ORDER_COMMENT_MAX),
    notifyCustomer: z.boolean().default(false),
    refundType: z.enum(refundTypes, { error: MESSAGES.chooseFromList('refund type') }).optional(),
    refundAmount: refundAmount.optional(),
    shippingRateId: recordId(MESSAGES.chooseFromList('shipping type')).optional(),
    trackingNumber: safeString().trim().max(TRACKING_NUMBER_MAX, MESSAGES.maxLength(TRACKING_NUMBER_MAX)).optional(),
    deliveryDate: deliveryDate.optional(),
  }),
  (fields, report) => {
    const isRefund = fields.status === 'REFUNDED';
    const isShipping = fields.status === 'SHIPPING';
    if (!isRefund) {
      if (fields.refundType !== undefined) report(['refundType'], ORDER_MESSAGES.onlyWhenRefunding);
      if (fields.refundAmount !== undefined) report(['refundAmount'], ORDER_MESSAGES.onlyWhenRefunding);
    } else if (fields.refundType === 'partial' && fields.refundAmount === undefined) {
      report(['refundAmount'], MESSAGES.required);
    } else if (fields.refundType === 'full' && fields.refundAmount !== undefined) {
      report(['refundAmount'], ORDER_MESSAGES.fullRefundNoAmount);
    }
    for (const field of ['shippingRateId', 'trackingNumber', 'deliveryDate'] as const) {
      const value = fields[field];
      const isBlank = value === undefined || (typeof value === 'string' && value.trim() === '');
      if (isShipping && isBlank) report([field], MESSAGES.required);
      if (!isShipping && !isBlank) report([field], ORDER_MESSAGES.onlyWhenShipping);
    }
  },
);
export type OrderStatusChangeInput = z.input<typeof orderStatusChangeSchema>;
export type OrderStatusChange = z.output<typeof orderStatusChangeSchema>;

/**
 * The refund rule that needs the order: with `remaining` (total − refunded, in pounds) to give back,
 * the type is required, and a partial amount may not exceed it. Null when the refund may go ahead.
 * The form shows these messages beside the fields; the server checks again under the order's lock.
 */
export function refundProblem(change: Pick<OrderStatusChange, 'refundType' | 'refundAmount'>, remaining: number): { field: 'refundType' | 'refundAmount'; message: string } | null {
  if (remaining <= 0) return change.refundType === undefined ? null : { field: 'refundType', message: ORDER_MESSAGES.alreadyFullyRefunded };
  if (change.refundType === undefined) return { field: 'refundType', message: MESSAGES.required };
  if (change.refundType === 'partial' && (change.refundAmount ?? 0) > remaining) return { field: 'refundAmount', message: ORDER_MESSAGES.refundOverRemaining };
  return null;
}

/** `:orderNumber` and `:lineId` in a path: an order's line. */
export const orderLineParamSchema = orderNumberParamSchema.extend({ lineId: idParamSchema.shape.id });

/**
 * PUT /api/orders/:orderNumber/lines/:lineId/supplier-order-reference (permission sales; issue 24:
 * for diamond lines the supplier's order reference): the reference of the order the shop placed with
 * the stone's supplier, as the supplier wrote it; empty removes it. Written in the order's history.
 */
export const supplierOrderReferenceSchema = z.object({ supplierOrderReference: optionalText(SUPPLIER_ORDER_REFERENCE_MAX) });
export type SupplierOrderReferenceInput = z.input<typeof supplierOrderReferenceSchema>;

/** What a status change answers: the spec's success text (ours: the spec gives none) and the order as it now is. */
export const orderStatusChangeResponseSchema = z.object({ message: z.string(), order: orderRecordSchema });
export type OrderStatusChangeResponse = z.infer<typeof orderStatusChangeResponseSchema>;

// ---------------------------------------------------------------- the storefront

/** A line the storefront sends: a product variant (or a product without variants) with a size, or a diamond. */
export const placeOrderLineSchema = z.union(
  [
    z.object({
      productId: recordId(),
      qty: z.number().int(MESSAGES.wholeNumber).min(1).max(ORDER_LINE_QTY_MAX).default(1),
      size: safeString().trim().max(20, MESSAGES.maxLength(20)).default(''),
    }).strict(),
    z.object({ diamondId: recordId(), qty: z.literal(1, { error: ORDER_MESSAGES.diamondQty }).default(1) }).strict(),
  ],
  { error: ORDER_MESSAGES.lineKind },
);
export type PlaceOrderLine = z.input<typeof placeOrderLineSchema>;

/**
 * POST /api/storefront/v1/orders: a customer's order (`customerId`, the email theirs) or a guest's
 * (no `customerId`). The storefront names what is bought; the server prices everything from the
 * catalogue (variants' prices, stones' prices), applies the shipping rate's charge (free from its
 * min order amount), and refuses a sold stone. `cartId` lets the carts module mark its cart recovered.
 * `couponCode` applies a coupon (the coupons module's rules); its discount comes off the subtotal.
 */
export const placeOrderSchema = z.object({
  customerId: recordId().optional(),
  email: requiredText(255).pipe(z.email(MESSAGES.invalidEmail)),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  phone: contactNumber(),
  billingAddress: orderAddressSchema,
  shippingAddress: orderAddressSchema,
  lines: z.array(placeOrderLineSchema, { error: ORDER_MESSAGES.noLines }).min(1, ORDER_MESSAGES.noLines).max(ORDER_LINES_MAX, MESSAGES.tooManyItems(ORDER_LINES_MAX)),
  paymentMethod: z.enum(paymentMethods, { error: MESSAGES.chooseFromList('payment method') }),
  shippingRateId: recordId(ORDER_MESSAGES.shippingRateNotOffered),
  cartId: recordId().optional(),
  /** A coupon code (issue 25): checked and counted when the order is placed; a refused code places nothing. */
  couponCode: safeString().trim().min(1, MESSAGES.required).max(255, MESSAGES.maxLength(255)).optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

/** Most items of each kind the checkout options answer. */
export const CHECKOUT_OPTIONS_MAX = 100;

/** GET /api/storefront/v1/checkout-options?limit=: how many products and stones to offer (1 to 100, 50 unless said). */
export const checkoutOptionsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, MESSAGES.pageSize(CHECKOUT_OPTIONS_MAX))
    .transform(Number)
    .pipe(z.number().max(CHECKOUT_OPTIONS_MAX, MESSAGES.pageSize(CHECKOUT_OPTIONS_MAX)))
    .default(50),
});

/**
 * What a checkout may offer, for a storefront without the storefront cache's documents at hand (the
 * `npm run storefront:simulate` shopper, a headless checkout): products that can be ordered with their
 * sizes, stones for sale, and the active shipping rates. Prices are the catalogue's, as placing charges them.
 */
export const checkoutOptionsSchema = z.object({
  /** `price` the catalogue's (an order line's price), `salePrice` what a unit costs now: after the catalog price rule running (the line's discount is the difference). */
  products: z.array(z.object({ id: z.number().int(), name: z.string(), sku: z.string(), price: z.number(), salePrice: z.number(), sizes: z.array(z.string()) })),
  stones: z.array(z.object({ id: z.number().int(), name: z.string(), sku: z.string(), price: z.number() })),
  shippingRates: z.array(z.object({ id: z.number().int(), name: z.string(), rate: z.number(), minFreeShippingAmount: z.number() })),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/** POST /api/storefront/v1/orders/:orderNumber/paid: the payment provider's reference. */
export const markOrderPaidSchema = z.object({ paymentReference: requiredText(255) });
export type MarkOrderPaidInput = z.input<typeof markOrderPaidSchema>;

// ---------------------------------------------------------------- the list's definition

/**
 * The orders list (document 3 §2.4, §7 GetOrderAdminLists): the toolkit's list and export over the
 * orders table (capped totals at a million orders; an index per filter and the date order). Filters
 * `orderNumber`, `email`, `name`, `dateFrom`/`dateTo`, `status` (repeated or comma-separated for
 * several), `country`, `paymentMethod`, and `customerId` for the customer's Orders tab. Orders are
 * placed by the storefront, never added, edited or deleted by staff: their one change is the status.
 */
export const orderResource = defineResource({
  name: 'orders',
  entity: 'order',
  label: 'Order',
  permission: 'sales',
  createInput: placeOrderSchema,
  record: orderRecordSchema,
  listRow: orderListRowSchema,
  operations: { create: false, update: false, delete: false },
  status: ORDER_STATUS,
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    // The whole number, as staff copy it from a mail or the storefront (a unique index answers it at once).
    orderNumber: textFilter('Order Number', { maxLength: ORDER_NUMBER_MAX, match: 'equals' }),
    // Part of an address matches anywhere in it; a whole address matches that address.
    email: textFilter('Email', { maxLength: 255 }),
    name: textFilter('Name', { maxLength: 255 }),
    date: dateRangeFilter('Order Date'),
    status: choiceFilter('Order Status', ORDER_STATUS_LABELS),
    country: textFilter('Country', { maxLength: 10, match: 'equals' }),
    paymentMethod: choiceFilter('Payment Method', PAYMENT_METHODS),
    customerId: idsFilter('Customer', { resource: customerResource, labelField: 'name' }),
  },
  export: {
    fileName: 'Orders',
    columns: [
      { field: 'orderNumber', header: 'Order Number' },
      { field: 'createdAt', header: 'Order Date', type: 'date' },
      { field: 'name', header: 'Name' },
      { field: 'email', header: 'Email', width: 32 },
      { field: 'isGuest', header: 'Guest' },
      { field: 'phone', header: 'Phone' },
      { field: 'countryId', header: 'Country' },
      { field: 'paymentMethod', header: 'Payment Method', labels: PAYMENT_METHODS },
      { field: 'status', header: 'Status', type: 'status' },
      { field: 'itemCount', header: 'Items', type: 'number' },
      { field: 'currencyCode', header: 'Currency' },
      { field: 'subtotal', header: 'Subtotal', type: 'money' },
      { field: 'discount', header: 'Discount', type: 'money' },
      { field: 'shippingAmount', header: 'Shipping', type: 'money' },
      { field: 'cardFee', header: 'Card Fee', type: 'money' },
      { field: 'total', header: 'Total', type: 'money' },
      { field: 'refundedTotal', header: 'Refunded', type: 'money' },
      { field: 'trackingNumber', header: 'Tracking Number' },
    ],
  },
});
export type OrderListQuery = z.output<typeof orderResource.listQuery.schema>;

/** The words the screens show for a status. */
export const orderStatusLabel = (status: OrderStatus) => ORDER_STATUS_LABELS[status];
