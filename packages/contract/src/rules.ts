import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Field builders for the spec's recurring rules, so every schema words them the same way. */

/** A required string: trimmed, not empty, at most `max` characters. */
export function requiredText(max?: number) {
  // abort: an empty field reports only 'This is required field', not also the format rules after it.
  const base = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required, abort: true });
  return max === undefined ? base : base.max(max, MESSAGES.maxLength(max));
}

/** An optional string: trimmed, empty allowed, at most `max` characters. */
export function optionalText(max: number) {
  return z.string().trim().max(max, MESSAGES.maxLength(max)).default('');
}

export const LETTERS_DIGITS_SPACES = /^[A-Za-z0-9 ]+$/;

export function lettersDigitsSpaces(max?: number) {
  return requiredText(max).regex(LETTERS_DIGITS_SPACES, MESSAGES.lettersDigitsSpaces);
}

export const LETTERS_ONLY = /^[A-Za-z]+$/;

export function lettersOnly(max?: number) {
  return requiredText(max).regex(LETTERS_ONLY, MESSAGES.lettersOnly);
}

export const LETTERS_DIGITS_DASHES = /^[A-Za-z0-9-]+$/;

export function lettersDigitsDashes(max?: number) {
  return requiredText(max).regex(LETTERS_DIGITS_DASHES, MESSAGES.lettersDigitsDashes);
}

/** True when `value` has at most `decimals` digits after the point (tolerant of binary float noise). */
export function hasAtMostDecimals(value: number, decimals: number) {
  const scaled = value * 10 ** decimals;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
}

/**
 * A required number given in a form field; blank is "required", not zero. `label` names the field in
 * the range messages where the spec gives the field an error label ('Min Free Shipping Amount').
 */
export function requiredNumber(opts: { min?: number; max?: number; int?: boolean; decimals?: number; label?: string } = {}) {
  const subject = opts.label ?? 'The value';
  let schema = z.number({ error: MESSAGES.required });
  if (opts.int) schema = schema.int(MESSAGES.wholeNumber);
  if (opts.min !== undefined) schema = schema.min(opts.min, `${subject} must be at least ${opts.min}.`);
  if (opts.max !== undefined) schema = schema.max(opts.max, `${subject} must be at most ${opts.max}.`);
  const { decimals } = opts;
  if (decimals !== undefined) schema = schema.refine((value) => hasAtMostDecimals(value, decimals), MESSAGES.maxDecimals(decimals));
  return schema;
}

/** The highest price the spec's price inputs accept (10 digits). */
export const PRICE_MAX = 9_999_999_999;

/** A money amount in pounds: at least 0, at most 2 decimals (DESIGN §3). */
export function money(opts: { max?: number; label?: string } = {}) {
  return requiredNumber({ min: 0, max: opts.max ?? PRICE_MAX, decimals: 2, label: opts.label });
}

/**
 * The spec limits some number inputs by the characters typed (gold price 7, weight 10): the number
 * as written, point and decimals included.
 */
export function maxChars<T extends z.ZodType<number>>(schema: T, max: number) {
  return schema.refine((value) => String(value).length <= max, MESSAGES.maxLength(max));
}

export const idList = (message: string = MESSAGES.selectAtLeastOne) =>
  z.array(z.number().int().positive(), { error: message }).min(1, message);

/**
 * A required slug of at most `max` characters: the ends trimmed and inner whitespace turned into a
 * dash on save (the spec's category slug rule; content pages use it too, so storefront URLs never
 * hold spaces).
 */
export function slugText(max: number) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .transform((value) => value.replace(/\s+/g, '-'))
    .pipe(z.string().min(1, MESSAGES.required).max(max, MESSAGES.maxLength(max)));
}
