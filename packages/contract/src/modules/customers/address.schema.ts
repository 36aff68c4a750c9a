import { z } from 'zod';
import { idParamSchema, recordOf } from '../../api.ts';
import type { UncheckedFields } from '../../rules.ts';
import { acrossFields, requiredText } from '../../rules.ts';
import { NAME_MAX, contactNumber, lookupCode, postcodeProblem } from './customer.rules.ts';

/**
 * An address of a customer (document 2 §3, §5). Country and state are stored as ISO codes of the
 * lookups (`GB`, `ENG`), the city as its name, since the lookup package numbers cities by nothing
 * stabler than their name within a state. The post code follows the country (customer.rules.ts).
 */
const addressFields = z.object({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  street: requiredText(500),
  countryId: lookupCode(),
  stateId: lookupCode(),
  city: requiredText(NAME_MAX),
  postcode: requiredText(10),
  contactNumber: contactNumber(),
  defaultBilling: z.boolean().default(false),
  defaultShipping: z.boolean().default(false),
  /** The spec's address `status`: an inactive address is kept but not offered to the shopper. */
  status: z.boolean().default(true),
});

/** The post code follows its country's rule (customer.rules.ts). */
function checkPostcode(fields: UncheckedFields<{ postcode: string; countryId: string }>, report: (path: string[], message: string) => void) {
  if (typeof fields.postcode !== 'string' || fields.postcode.trim() === '') return;
  const problem = postcodeProblem(fields.postcode.trim(), typeof fields.countryId === 'string' ? fields.countryId.trim() : '');
  if (problem) report(['postcode'], problem);
}

export const addressInputSchema = acrossFields(addressFields, checkPostcode);

/**
 * An address as an order keeps it (billing, shipping): the address fields, checked by the same rules,
 * without what only a customer's address book has (defaults, status). The order holds a copy, so
 * editing or deleting the customer's address never changes an order.
 */
export const orderAddressSchema = acrossFields(
  addressFields.pick({ firstName: true, lastName: true, street: true, countryId: true, stateId: true, city: true, postcode: true, contactNumber: true }),
  checkPostcode,
);
export type OrderAddressInput = z.input<typeof orderAddressSchema>;
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressValues = z.output<typeof addressInputSchema>;

export const addressRecordSchema = recordOf(addressFields, {
  customerId: z.number().int(),
  /** Names of the country and state codes, as the spec's responses carry them. */
  countryName: z.string(),
  stateName: z.string(),
});
export type AddressRecord = z.infer<typeof addressRecordSchema>;

export const addressListSchema = z.object({ items: z.array(addressRecordSchema) });

/** One address of one customer in a path: /api/customers/:id/addresses/:addressId. */
export const addressParamSchema = z.object({ id: idParamSchema.shape.id, addressId: idParamSchema.shape.id });
