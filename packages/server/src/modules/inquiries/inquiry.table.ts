import type { SaleLineOption } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';

/** Money as the sales tables keep it: pounds with pence, exact (numeric), answered as a JSON number. */
export const amount = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);

/**
 * The columns of a sale's line (an inquiry's, a cart's): the catalogue's words and price when the
 * shopper sent it, so a change or deletion in the catalogue never changes the sale. The product or
 * stone it came from is kept by id only: products and stones are never hard-deleted, and a line must
 * outlive what it names.
 */
export const saleLineColumns = {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The line's place in the sale, from 1, as the shopper listed them. */
  position: integer('position').notNull(),
  isDiamond: boolean('is_diamond').notNull(),
  productId: integer('product_id'),
  diamondId: integer('diamond_id'),
  name: text('name').notNull(),
  vendor: text('vendor').notNull().default(''),
  image: text('image').notNull().default(''),
  size: text('size').notNull().default(''),
  parentSku: text('parent_sku').notNull().default(''),
  modelNumber: text('model_number').notNull().default(''),
  sku: text('sku').notNull(),
  certificate: text('certificate').notNull().default(''),
  /** The column keeps its first name, `options`. */
  productOptions: jsonb('options').$type<SaleLineOption[]>().notNull().default([]),
  price: amount('price'),
  qty: integer('qty').notNull(),
  discount: amount('discount'),
  /** price × qty − discount, worked out by PostgreSQL on insert (numeric: exact). */
  total: amount('total'),
};

/**
 * Inquiries (document 3 §3 Inquiry) as the storefront sends them: the shopper, the address they gave,
 * the currency they were priced in, and the totals of their lines. `inquiry_number` is made from the
 * id (`INQ-000042`), so it is unique and needs no sequence of its own. A customer's inquiry keeps the
 * customer's id (no foreign key: customers belong to another area and are never hard-deleted).
 */
export const inquiries = pgTable(
  'inquiries',
  {
    ...standardColumns,
    inquiryNumber: text('inquiry_number')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`'INQ-' || case when ${inquiries.id} < 1000000 then lpad(${inquiries.id}::text, 6, '0') else ${inquiries.id}::text end`),
    customerId: integer('customer_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    street: text('street').notNull().default(''),
    country: text('country').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    currency: text('currency').notNull(),
    symbol: text('symbol').notNull(),
    subtotal: amount('subtotal'),
    /** The coupon's discount (Coupon Discount): none until coupons arrive (marketing). */
    discount: amount('discount'),
    total: amount('total'),
    /** Item(s): the lines' quantities added up. */
    itemCount: integer('item_count').notNull().default(0),
  },
  (t) => [
    // The list's Inquiry Number and Email filters (substrings, trigram) and its order by date (and date range).
    ...searchIndexes('inquiries', t.inquiryNumber, t.email),
    listIndex('inquiries_created', t, t.createdAt),
    index('inquiries_customer').on(t.customerId).where(sql`customer_id is not null`),
  ],
);

export const inquiryLines = pgTable(
  'inquiry_lines',
  {
    ...saleLineColumns,
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id),
  },
  (t) => [index('inquiry_lines_inquiry').on(t.inquiryId, t.position)],
);
