import { z } from 'zod';
import { recordId, recordOf, safeString } from '../../api.ts';
import { idsFilter, textFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import type { UncheckedFields } from '../../rules.ts';
import { acrossFields, optionalText, requiredText } from '../../rules.ts';
import { customerGroupResource } from '../customer-groups/customer-group.schema.ts';
import { mediaUrl } from '../media/media.schema.ts';
import { NAME_MAX, contactNumber, optionalDate } from './customer.rules.ts';

/** Document 2 §9: a customer's password is 8 to 12 characters (as a staff user's). */
export const CUSTOMER_PASSWORD_MIN = 8;
export const CUSTOMER_PASSWORD_MAX = 12;

/** Genders a customer may give (the spec names the field, not its values); empty when not given. */
export const CUSTOMER_GENDERS = { male: 'Male', female: 'Female', other: 'Other' } as const;
export type CustomerGender = keyof typeof CUSTOMER_GENDERS;
const genderValues = Object.keys(CUSTOMER_GENDERS) as [CustomerGender, ...CustomerGender[]];

const password = safeString({ error: MESSAGES.required })
  .min(CUSTOMER_PASSWORD_MIN, MESSAGES.minLength(CUSTOMER_PASSWORD_MIN))
  .max(CUSTOMER_PASSWORD_MAX, MESSAGES.maxLength(CUSTOMER_PASSWORD_MAX));
/** Blank or missing keeps the password there is (or, registering with a social sign-in, sets none). */
const optionalPassword = z.union([z.literal(''), password]).optional();

/**
 * The Account Information tab. A missing group means the default group (General), so a storefront
 * registration need not know the group ids.
 */
const customerFields = {
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: requiredText(255).pipe(z.email(MESSAGES.invalidEmail)),
  contactNumber: contactNumber(),
  dateOfBirth: optionalDate(),
  gender: z.enum(['', ...genderValues], { error: MESSAGES.chooseFromList('gender') }).default(''),
  groupId: recordId(MESSAGES.chooseFromList('group')).optional(),
  isSubscribed: z.boolean().default(false),
  profilePicture: mediaUrl(),
  status: z.boolean().default(true),
};

/** 'Not matched with password!' beside the confirmation, even while the password breaks its own rules. */
function confirmMatches(fields: UncheckedFields<{ password?: string; confirmPassword?: string }>, report: (path: string[], message: string) => void) {
  if ((fields.password ?? '') !== (fields.confirmPassword ?? '')) report(['confirmPassword'], MESSAGES.passwordMismatch);
}

/** A new customer: password and its confirmation required (8 to 12 characters). */
export const customerCreateSchema = acrossFields(z.object({ ...customerFields, password, confirmPassword: password }), confirmMatches);

/** Editing: the form has no password; one sent (8 to 12, confirmed) replaces it, a blank keeps it. */
export const customerUpdateSchema = acrossFields(
  z.object({ ...customerFields, password: optionalPassword, confirmPassword: optionalPassword }),
  confirmMatches,
);

/**
 * A social sign-in's account id as the storefront knows it (`google:1043…`, `apple:000123.abc…`): the
 * spec's `social_id`. Unique among live customers; empty when the customer signs in with a password.
 */
const socialId = optionalText(255).pipe(z.string().regex(/^$|^[a-z][a-z0-9-]{1,30}:[\w.@|-]{1,220}$/, MESSAGES.invalidSocialId));

/**
 * What a storefront may set on a customer: the Account Information fields without the ones only staff
 * set (the group and the status). A storefront's write keeps the customer's group and status as they
 * are, so a customer staff disabled stays disabled.
 */
const storefrontFields = z.object(customerFields).omit({ groupId: true, status: true }).shape;

/**
 * Registration through the storefront API: the storefront's fields with a password (8 to 12,
 * confirmed) or a social sign-in's id instead of one. The email of a live guest customer is that
 * guest signing up only when the storefront says it has confirmed the shopper owns the address
 * (`emailVerified`, set after its own confirmation mail or a social sign-in's verified email): the
 * guest then becomes a registered customer with the same id (and keeps their addresses and orders).
 * Without it, a guest's email is taken like any other customer's (409), so nobody takes over a guest
 * by typing their address.
 */
export const storefrontRegisterSchema = acrossFields(
  z.object({
    ...storefrontFields,
    password: optionalPassword,
    confirmPassword: optionalPassword,
    socialId,
    emailVerified: z
      .boolean()
      .default(false)
      .describe('True once the storefront has confirmed the shopper owns the email (its confirmation mail, a social sign-in’s verified email); only then does a guest’s email register that guest.'),
  }),
  (fields, report) => {
    confirmMatches(fields, report);
    if (!fields.password && !fields.socialId) report(['password'], MESSAGES.required);
  },
);
export type StorefrontRegisterInput = z.input<typeof storefrontRegisterSchema>;

/** A storefront replacing a customer's account fields (PUT): a blank or missing password keeps the current one. */
export const storefrontCustomerUpdateSchema = acrossFields(
  z.object({ ...storefrontFields, password: optionalPassword, confirmPassword: optionalPassword }),
  confirmMatches,
);

/** The fields a storefront's PATCH may send; the ones it leaves out keep their values. */
export const STOREFRONT_CUSTOMER_FIELDS = Object.keys(storefrontCustomerUpdateSchema.shape) as (keyof typeof storefrontCustomerUpdateSchema.shape)[];

/**
 * A storefront's PATCH: some of its fields. Each is checked once merged with the customer's current
 * values, by `storefrontCustomerUpdateSchema` with its messages (a default here would overwrite a
 * field the PATCH did not send).
 */
export const storefrontCustomerPatchSchema = z.object(
  Object.fromEntries(STOREFRONT_CUSTOMER_FIELDS.map((field) => [field, z.unknown().optional()])) as Record<(typeof STOREFRONT_CUSTOMER_FIELDS)[number], z.ZodOptional<z.ZodUnknown>>,
);
export type StorefrontCustomerPatch = z.input<typeof storefrontCustomerPatchSchema>;

/**
 * A guest at the storefront's checkout (the spec's `is_guest`): the contact fields, no password. The
 * same email again updates that guest rather than adding another; a registered customer's email is
 * taken (the storefront asks them to sign in).
 */
export const storefrontGuestSchema = z.object(customerFields).pick({ firstName: true, lastName: true, email: true, contactNumber: true, isSubscribed: true });
export type StorefrontGuestInput = z.input<typeof storefrontGuestSchema>;

export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;

/** A customer as the API answers: never the password or its hash. */
export const customerRecordSchema = recordOf(z.object(customerFields), {
  /** First and last name, as the list shows and the Name filter matches. */
  name: z.string(),
  /** As stored: any text (the input offers only the spec's choices). */
  gender: z.string(),
  /** Always set once stored (the default group when the input leaves it out). */
  groupId: z.number().int(),
  groupName: z.string(),
  /** Registered at checkout without an account (the storefront's guests); staff-made customers are not. */
  isGuest: z.boolean(),
  /** The social sign-in the customer registered with (`google:…`), empty when none. */
  socialId: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const customerResource = defineResource({
  name: 'customers',
  entity: 'customer',
  label: 'Customer',
  permission: 'customers',
  createInput: customerCreateSchema,
  updateInput: customerUpdateSchema,
  record: customerRecordSchema,
  searchable: ['name', 'email'],
  sortable: ['name', 'email', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  // The spec's Filters panel: name and email (URL parameters name, email); the group as its list call has.
  filters: {
    name: textFilter('Name', { maxLength: 255 }),
    email: textFilter('Email', { maxLength: 255 }),
    groupId: idsFilter('Customer Group', { resource: customerGroupResource, labelField: 'name' }),
  },
  unique: [{ field: 'email', label: 'Email' }],
  // Issue 23 §1: the status of, or an export of, the ticked customers or all the filters select. A delete stays one
  // customer at a time: an account with its addresses and orders is nothing to remove by the thousand.
  bulkActions: ['status', 'export'],
  export: {
    fileName: 'Customers',
    columns: [
      { field: 'firstName', header: 'First Name' },
      { field: 'lastName', header: 'Last Name' },
      { field: 'email', header: 'Email', width: 32 },
      { field: 'contactNumber', header: 'Contact Number' },
      { field: 'groupName', header: 'Customer Group' },
      { field: 'isSubscribed', header: 'Subscribed' },
      { field: 'status', header: 'Status', type: 'status' },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
    ],
  },
});
