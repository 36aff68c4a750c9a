import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Field builders for the spec's recurring rules, so every schema words them the same way. */

/** A required string: trimmed, not empty, at most `max` characters. */
export function requiredText(max?: number) {
  const base = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required);
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

/** A required number given in a form field; blank is "required", not zero. */
export function requiredNumber(opts: { min?: number; max?: number; int?: boolean } = {}) {
  let schema = z.number({ error: MESSAGES.required });
  if (opts.int) schema = schema.int('Please enter a whole number.');
  if (opts.min !== undefined) schema = schema.min(opts.min, `The value must be at least ${opts.min}.`);
  if (opts.max !== undefined) schema = schema.max(opts.max, `The value must be at most ${opts.max}.`);
  return schema;
}

/** A money amount in pounds: at least 0, at most 2 decimals (DESIGN §3). */
export function money(opts: { max?: number } = {}) {
  return requiredNumber({ min: 0, max: opts.max ?? 9_999_999_999 }).refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'At most 2 decimals are allowed.',
  );
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
