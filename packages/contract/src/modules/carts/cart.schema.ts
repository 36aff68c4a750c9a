import { z } from 'zod';
import { recordId, recordMetaSchema } from '../../api.ts';
import { booleanFilter, choiceFilter, dateRangeFilter, textFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { acrossFields, optionalText, requiredText } from '../../rules.ts';
import { CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN, CONTACT_NUMBER_PATTERN, NAME_MAX } from '../customers/customer.rules.ts';
import { COUNTRY_MAX, POSTCODE_TEXT_MAX, STREET_MAX } from '../inquiries/inquiry.schema.ts';
import { saleLineSnapshotSchema, saleLinesSchema } from '../inquiries/sale-line.schema.ts';
import { MAIL_STATUSES } from '../mail/mail.schema.ts';

/**
 * Carts and abandoned carts (document 3 §2.6, §3 Abandoned cart; issue 24 item 10). The storefront
 * sends a shopper's cart once it knows who they are (signed in, or an email typed at checkout) and
 * every change to it (`/api/storefront/v1/carts`). Beyond the spec: a cart the shopper has not changed
 * for the time the setting `abandoned_cart_after_minutes` gives (60 minutes unless set), and that did
 * not become an order within it, is abandoned; staff see those under Sales > Abandoned Carts, may send
 * the shopper a reminder (Is Email Sent?), and a cart that became an order afterwards shows as recovered.
 */

/** The setting option (System > Settings) that says after how many minutes an unchanged cart is abandoned. */
export const ABANDONED_CART_SETTING_KEY = 'abandoned_cart_after_minutes';
export const ABANDONED_CART_DEFAULT_MINUTES = 60;
/** A value past this (or not a whole number) reads as the default: a week of minutes is far more than any shop wants. */
export const ABANDONED_CART_MAX_MINUTES = 10_080;

/**
 * Payment statuses a storefront reports for a cart at checkout. The spec tells PENDING (a warning
 * badge) from any other value (a danger badge); these are the others a payment provider gives.
 */
export const CART_PAYMENT_STATUSES = ['PENDING', 'FAILED', 'DECLINED', 'CANCELLED'] as const;
export type CartPaymentStatus = (typeof CART_PAYMENT_STATUSES)[number];
export const PENDING_PAYMENT: CartPaymentStatus = 'PENDING';

export const CITY_MAX = 100;
export const STATE_MAX = 100;

/** A billing or shipping address as the shopper typed it at checkout (document 3 §3: firstname to zipcode). */
export const cartAddressSchema = z.object({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  street: requiredText(STREET_MAX),
  city: requiredText(CITY_MAX),
  state: optionalText(STATE_MAX),
  country: requiredText(COUNTRY_MAX),
  postcode: requiredText(POSTCODE_TEXT_MAX),
});
export type CartAddress = z.infer<typeof cartAddressSchema>;
export const CART_ADDRESS_TYPES = ['billing', 'shipping'] as const;
export type CartAddressType = (typeof CART_ADDRESS_TYPES)[number];

/** A phone number by the customers' rule (10 to 15 characters, phone format), or empty. */
const optionalContactNumber = optionalText(CONTACT_NUMBER_MAX).pipe(
  z
    .string()
    .refine((value) => value === '' || value.length >= CONTACT_NUMBER_MIN, MESSAGES.minLength(CONTACT_NUMBER_MIN))
    .refine((value) => value === '' || CONTACT_NUMBER_PATTERN.test(value), MESSAGES.invalidContactNumber),
);

/**
 * A cart as a storefront sends it, whole, on creation and on every change: who the shopper is (a
 * customer's id when signed in, whose name, email and phone are then the customer's unless sent;
 * otherwise the email typed at checkout), the payment status, the addresses once given, the lines.
 */
export const storefrontCartSchema = acrossFields(
  z.object({
    customerId: recordId(MESSAGES.chooseFromList('customer')).optional().describe('The signed-in customer; a guest sends their email instead.'),
    email: optionalText(255).pipe(z.union([z.literal(''), z.email(MESSAGES.invalidEmail)])),
    contactNumber: optionalContactNumber,
    paymentStatus: z.enum(CART_PAYMENT_STATUSES, { error: MESSAGES.filterChoice('Payment status', CART_PAYMENT_STATUSES.join(', ')) }).default(PENDING_PAYMENT),
    billingAddress: cartAddressSchema.nullable().default(null),
    shippingAddress: cartAddressSchema.nullable().default(null),
    lines: saleLinesSchema(0),
  }),
  (fields, report) => {
    if (fields.customerId === undefined && !fields.email) report(['email'], MESSAGES.required);
  },
);
export type StorefrontCartInput = z.input<typeof storefrontCartSchema>;

/** A cart's line: what the Items table shows (image, name, model, system SKU, price, qty) and its snapshot. */
export const cartLineSchema = saleLineSnapshotSchema;
export type CartLine = z.infer<typeof cartLineSchema>;

/** The list's columns (document 3 §2.6): Customer (name or email), Is Email Sent?, Payment Status, Cart Total, Created Date. */
export const cartListRowSchema = recordMetaSchema.extend({
  customerId: z.number().int().nullable(),
  /** The customer's name when a customer's cart; empty for a guest's. */
  customerName: z.string(),
  email: z.string(),
  /** Is Email Sent?: a reminder was sent to the shopper. */
  isReminded: z.boolean(),
  paymentStatus: z.string(),
  symbol: z.string(),
  total: z.number(),
  /** The cart became an order after it was abandoned. */
  isRecovered: z.boolean(),
  orderNumber: z.string().nullable(),
});
export type CartListRow = z.infer<typeof cartListRowSchema>;

export const cartRecordSchema = cartListRowSchema.extend({
  contactNumber: z.string(),
  currency: z.string(),
  itemCount: z.number().int(),
  remindedAt: z.string().nullable(),
  /** Where the reminder e-mail stands in the mail outbox (Sales > Customer E-mails), once one was asked for. */
  reminderMail: z.object({ sendStatus: z.enum(MAIL_STATUSES), sentAt: z.string().nullable(), lastError: z.string().nullable() }).nullable(),
  /** When the shopper last changed it. */
  activityAt: z.string(),
  /** When it is (or was) abandoned: its last change and the setting's minutes. */
  abandonedAt: z.string(),
  isAbandoned: z.boolean(),
  convertedAt: z.string().nullable(),
  billingAddress: cartAddressSchema.nullable(),
  shippingAddress: cartAddressSchema.nullable(),
  lines: z.array(cartLineSchema),
});
export type CartRecord = z.infer<typeof cartRecordSchema>;

export const abandonedCartResource = defineResource({
  name: 'abandoned-carts',
  entity: 'cart',
  label: 'Abandoned Cart',
  permission: 'sales',
  // Never written by staff: the storefront sends carts (storefrontCartSchema); staff only send reminders.
  createInput: z.object({}),
  record: cartRecordSchema,
  listRow: cartListRowSchema,
  sortable: ['createdAt'],
  filters: {
    customer: textFilter('Customer', { maxLength: 255 }),
    isReminded: booleanFilter('Is Email Sent?', { trueValue: 'sent', falseValue: 'not-sent', trueLabel: 'Sent', falseLabel: 'Not Sent' }),
    paymentStatus: choiceFilter('Payment Status', Object.fromEntries(CART_PAYMENT_STATUSES.map((status) => [status, status])) as Record<CartPaymentStatus, string>),
    isRecovered: booleanFilter('Recovered', { trueValue: 'yes', falseValue: 'no', trueLabel: 'Recovered', falseLabel: 'Not recovered' }),
    createdAt: dateRangeFilter('Created Date'),
  },
  status: null,
  operations: { create: false, update: false, delete: false },
});

/** The reminder e-mail staff send from an abandoned cart (POST /api/abandoned-carts/:id/reminder), queued in the mail outbox. */
export const cartReminderPath = (id: number) => `/api/${abandonedCartResource.name}/${id}/reminder`;
