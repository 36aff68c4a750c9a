import { safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { refuseEmpty } from '../../rules.ts';

/** Document 2 §9: contact number 10 to 15 characters, password 8 to 12, post code 5 to 6. */
export const CONTACT_NUMBER_MIN = 10;
export const CONTACT_NUMBER_MAX = 15;
export const POSTCODE_MIN = 5;
export const POSTCODE_MAX = 6;
export const NAME_MAX = 255;

/** The ISO code of the United Kingdom in the lookups (country-state-city): its post codes follow their own rule. */
export const UNITED_KINGDOM = 'GB';

/** A phone number as people type it: digits, an optional leading +, spaces, dashes and brackets. */
export const CONTACT_NUMBER_PATTERN = /^\+?[0-9][0-9 ()-]*$/;

/** The spec's phone rule: required, phone format, 10 to 15 characters. */
export function contactNumber() {
  return safeString({ error: MESSAGES.required })
    .trim()
    .check(refuseEmpty())
    .min(CONTACT_NUMBER_MIN, MESSAGES.minLength(CONTACT_NUMBER_MIN))
    .max(CONTACT_NUMBER_MAX, MESSAGES.maxLength(CONTACT_NUMBER_MAX))
    .regex(CONTACT_NUMBER_PATTERN, MESSAGES.invalidContactNumber);
}

/**
 * A UK post code (Royal Mail's format: outward code, space optional, inward code), GIR 0AA included.
 * The spec's rule (5 to 6 letters and digits) would refuse 'SW1A 1AA', so the United Kingdom has this
 * one instead (GLOSSARY, "post code").
 */
const UK_POSTCODE = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}|GIR ?0AA)$/i;
const LETTERS_DIGITS = /^[A-Za-z0-9]+$/;

/** The message for a post code of a country, or null when it is valid (the value already trimmed). */
export function postcodeProblem(postcode: string, countryId: string): string | null {
  if (postcode === '') return MESSAGES.required;
  if (countryId === UNITED_KINGDOM) return UK_POSTCODE.test(postcode) ? null : MESSAGES.invalidUkPostcode;
  if (!LETTERS_DIGITS.test(postcode)) return MESSAGES.postcodeLettersDigits;
  if (postcode.length < POSTCODE_MIN) return MESSAGES.minLength(POSTCODE_MIN);
  if (postcode.length > POSTCODE_MAX) return MESSAGES.maxLength(POSTCODE_MAX);
  return null;
}

/** How a valid post code is stored: a UK one upper-cased with its one space before the inward code. */
export function normalisePostcode(postcode: string, countryId: string): string {
  if (countryId !== UNITED_KINGDOM) return postcode;
  const compact = postcode.replace(/ /g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30), or empty. */
export function optionalDate() {
  return safeString()
    .trim()
    .refine((value) => value === '' || (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)), MESSAGES.invalidDate)
    .default('');
}

/** A lookup code (ISO country or state code) as sent by a select. */
export function lookupCode(message: string = MESSAGES.required) {
  return safeString({ error: message }).trim().check(refuseEmpty(message)).max(10, MESSAGES.maxLength(10));
}

