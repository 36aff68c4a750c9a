import { z } from 'zod';
import { recordId, recordMetaSchema } from '../../api.ts';
import { dateRangeFilter, textFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { optionalText, requiredText } from '../../rules.ts';
import { NAME_MAX, contactNumber } from '../customers/customer.rules.ts';
import { saleLineSnapshotSchema, saleLinesSchema } from './sale-line.schema.ts';

/**
 * Inquiries (document 3 §2.5, §3 Inquiry): a shopper asks the shop about pieces and stones rather than
 * buying them (a quote). The storefront sends them (`POST /api/storefront/v1/inquiries`); staff read
 * them under Sales > Orders Inquiry. The older build gated the detail on the products permission;
 * every inquiry route is gated on `sales` here (issue 24).
 */

/** The inquiry's number as staff quote it: `INQ-` and the id, six digits at least (INQ-000042). */
export const INQUIRY_NUMBER_PREFIX = 'INQ-';
export const INQUIRY_NUMBER_MAX = 20;

/** Document 3 §2.5, Address Information: billing name, street, country, pin code; as the shopper typed them. */
export const STREET_MAX = 255;
export const COUNTRY_MAX = 100;
export const POSTCODE_TEXT_MAX = 20;

/** What a storefront sends: the shopper (a customer's id when signed in), their address and the lines. */
export const storefrontInquirySchema = z.object({
  customerId: recordId(MESSAGES.chooseFromList('customer')).optional().describe('The signed-in customer; a guest sends none.'),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: requiredText(255).pipe(z.email(MESSAGES.invalidEmail)),
  contactNumber: contactNumber(),
  street: optionalText(STREET_MAX),
  country: optionalText(COUNTRY_MAX),
  postcode: optionalText(POSTCODE_TEXT_MAX),
  lines: saleLinesSchema(1),
});
export type StorefrontInquiryInput = z.input<typeof storefrontInquirySchema>;

export const inquiryLineSchema = saleLineSnapshotSchema;
export type InquiryLine = z.infer<typeof inquiryLineSchema>;

/** The list's columns (document 3 §2.5): Inquiry Number, Email, Total with its symbol, Item(s), Inquiry Date. */
export const inquiryListRowSchema = recordMetaSchema.extend({
  inquiryNumber: z.string(),
  email: z.string(),
  symbol: z.string(),
  total: z.number(),
  /** Item(s): the quantities of its lines added up. */
  itemCount: z.number().int(),
});
export type InquiryListRow = z.infer<typeof inquiryListRowSchema>;

/** The detail's four sections: account, address, items inquired, totals. */
export const inquiryRecordSchema = inquiryListRowSchema.extend({
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  contactNumber: z.string(),
  street: z.string(),
  country: z.string(),
  postcode: z.string(),
  currency: z.string(),
  subtotal: z.number(),
  /** Coupon Discount. */
  discount: z.number(),
  lines: z.array(inquiryLineSchema),
});
export type InquiryRecord = z.infer<typeof inquiryRecordSchema>;

export const inquiryResource = defineResource({
  name: 'inquiries',
  entity: 'inquiry',
  label: 'Inquiry',
  permission: 'sales',
  // Never written by staff: the storefront creates inquiries (storefrontInquirySchema).
  createInput: z.object({}),
  record: inquiryRecordSchema,
  listRow: inquiryListRowSchema,
  sortable: ['createdAt'],
  filters: {
    inquiryNumber: textFilter('Inquiry Number', { maxLength: INQUIRY_NUMBER_MAX }),
    email: textFilter('Email', { maxLength: 255 }),
    inquiryDate: dateRangeFilter('Inquiry Date'),
  },
  status: null,
  operations: { create: false, update: false, delete: false },
});
