import { z } from 'zod';
import { recordOf, safeString } from '../../api.ts';
import { booleanFilter, dateRangeFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { requiredText } from '../../rules.ts';
import { CONTACT_NUMBER_MAX, CONTACT_NUMBER_PATTERN, NAME_MAX } from '../customers/customer.rules.ts';

/**
 * Contact form entries (document 3 §2.10, §3 Contact form entry, §7 Contact forms): shoppers send them
 * from the storefront's Contact Us page (`POST /api/storefront/v1/contact-forms`, scope contact:write);
 * staff read, answer (Send Response: an e-mail through the mail outbox) and delete them under Contact
 * Us (permission contact_form). The reply is kept with the entry.
 */
/** Kept within what a btree index entry holds, as the list sorts by it (document 3 §7): 500 characters at 4 bytes each fit. */
export const CONTACT_MESSAGE_MAX = 500;
export const CONTACT_EMAIL_MAX = 254;
/** Send Response's text (not limited by the spec). */
export const CONTACT_RESPONSE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 255;

/** What the storefront sends: name, e-mail and message, a phone when the shopper gave one. */
export const storefrontContactFormSchema = z.object({
  name: requiredText(NAME_MAX),
  email: requiredText(CONTACT_EMAIL_MAX).pipe(z.email(MESSAGES.invalidEmail)),
  phone: safeString()
    .trim()
    .max(CONTACT_NUMBER_MAX, MESSAGES.maxLength(CONTACT_NUMBER_MAX))
    .refine((value) => value === '' || CONTACT_NUMBER_PATTERN.test(value), MESSAGES.invalidContactNumber)
    .default(''),
  message: requiredText(CONTACT_MESSAGE_MAX),
});
export type StorefrontContactFormInput = z.input<typeof storefrontContactFormSchema>;

/** Send Response (document 3 §7 SendContactResponse, payload not shown): the subject and text of the reply. */
export const contactResponseSchema = z.object({
  subject: requiredText(CONTACT_SUBJECT_MAX),
  response: requiredText(CONTACT_RESPONSE_MAX),
});
export type ContactResponseInput = z.input<typeof contactResponseSchema>;

export const contactFormRecordSchema = recordOf(storefrontContactFormSchema, {
  /** The reply sent, kept with the entry; null until Send Response. */
  responseSubject: z.string().nullable(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  respondedBy: z.string().nullable(),
});
export type ContactFormRecord = z.infer<typeof contactFormRecordSchema>;

export const contactFormResource = defineResource({
  name: 'contact-forms',
  entity: 'contact_form',
  label: 'Contact Form',
  permission: 'contact_form',
  // Never added or edited by staff: the storefront sends entries; staff answer them (Send Response).
  createInput: z.object({}),
  record: contactFormRecordSchema,
  // Document 3 §7: sorted on the server by name, e-mail, phone, message and created date.
  searchable: ['name', 'email', 'phone', 'message'],
  sortable: ['createdAt', 'name', 'email', 'phone', 'message'],
  status: null,
  filters: {
    replied: booleanFilter('Replied', { trueValue: 'yes', falseValue: 'no', trueLabel: 'Replied', falseLabel: 'Not replied' }),
    createdAt: dateRangeFilter('Created Date'),
  },
  operations: { create: false, update: false, delete: true },
  export: {
    fileName: 'contact-forms',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'email', header: 'Email', width: 32 },
      { field: 'phone', header: 'Phone' },
      { field: 'message', header: 'Message', width: 60 },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
      { field: 'respondedAt', header: 'Replied On', type: 'date' },
      { field: 'response', header: 'Response', width: 60 },
    ],
  },
});
