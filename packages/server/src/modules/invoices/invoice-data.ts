import { isSafeText } from '@facet/contract/api';
import { z } from 'zod';

/** Money as orders hold it: PostgreSQL's numeric text, or a JSON number of at most 2 decimals. */
const amount = z.union([z.string().regex(/^-?\d{1,15}(\.\d{1,2})?$/), z.number().finite().refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value) < 1e13)]);
/** Text as staff or customers typed it: any length here (the PDF cuts what it prints), no NUL or lone surrogate. */
const text = (max: number) => z.string().max(max).refine(isSafeText);
const optionalText = (max: number) => text(max).nullish();

const addressSchema = z.object({
  name: text(500),
  street: optionalText(1000),
  city: optionalText(500),
  state: optionalText(500),
  postcode: optionalText(100),
  country: optionalText(200),
});

/**
 * What an invoice is made from: a plain object the orders module fills from an order (its snapshot of
 * what was sold), so invoices read no order tables. Amounts are the order's own (prices include VAT);
 * `vatRate` is the rate the order was sold at, the shop's `vat_rate` setting when left out.
 */
export const invoiceDataSchema = z.object({
  orderNumber: z.string().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/),
  orderDate: z.union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()]),
  currencySymbol: text(5).min(1),
  customer: z.object({ email: optionalText(320), phone: optionalText(100) }),
  billingAddress: addressSchema,
  /** Null when the order ships to its billing address. */
  shippingAddress: addressSchema.nullable(),
  paymentMethod: optionalText(100),
  shippingMethod: optionalText(300),
  lines: z
    .array(
      z.object({
        name: text(2000),
        sku: text(200),
        /** The options shown on the storefront (metal, ring size, engraving...). */
        options: z.array(z.object({ title: text(500), value: text(2000) })).max(100).optional(),
        qty: z.number().int().min(1).max(100_000),
        price: amount,
        discount: amount,
        total: amount,
      }),
    )
    .min(1)
    .max(1000),
  subtotal: amount,
  discount: amount,
  shipping: amount,
  cardFee: amount.optional(),
  total: amount,
  vatRate: z.number().min(0).max(100).optional(),
});
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

/**
 * What a credit note is made from: a plain object the orders module fills from a refund of an order.
 * `refundReference` names the refund (one credit note per refund); `invoiceNumber` the invoice it
 * credits, when the order has one; `amount` the money given back (prices include VAT).
 */
export const creditNoteDataSchema = z.object({
  orderNumber: invoiceDataSchema.shape.orderNumber,
  refundReference: z.string().min(1).max(64).regex(/^[A-Za-z0-9._:-]+$/),
  orderDate: invoiceDataSchema.shape.orderDate,
  invoiceNumber: optionalText(40),
  currencySymbol: invoiceDataSchema.shape.currencySymbol,
  customer: invoiceDataSchema.shape.customer,
  billingAddress: addressSchema,
  refundType: z.enum(['full', 'partial']),
  amount,
  vatRate: z.number().min(0).max(100).optional(),
});
export type CreditNoteData = z.infer<typeof creditNoteDataSchema>;
