import { z } from 'zod';
import { INT32_MAX, recordId, safeString } from './api.ts';
import { MESSAGES } from './messages.ts';

/** Field builders for the spec's recurring rules, so every schema words them the same way. */

/**
 * A check for `.check()`: 'This is required field' (or `message`) for an empty string, and the
 * field's later rules (pattern, format) are skipped, so an empty field reports one issue. Use it
 * rather than zod's `abort: true`: an explicit abort in any field makes zod skip every rule across
 * fields of the whole object (acrossFields), so a form would show those only on a later submit.
 */
export function refuseEmpty(message: string = MESSAGES.required) {
  return (payload: z.core.ParsePayload<string>) => {
    // No `continue` on the issue: an implicit stop, which ends this field's rules only.
    if (payload.value === '') payload.issues.push({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: payload.value, message });
  };
}

/** A required string: trimmed, not empty, at most `max` characters. */
export function requiredText(max?: number) {
  const base = safeString({ error: MESSAGES.required }).trim().check(refuseEmpty());
  return max === undefined ? base : base.max(max, MESSAGES.maxLength(max));
}

/** The fields of an object as sent: any of them may be missing or of another type. */
export type UncheckedFields<T> = { readonly [K in keyof T]?: unknown };

/** The entries of a list field as sent, index for index; an entry that is not an object reads as empty. */
export function entriesOf(list: unknown): UncheckedFields<Record<string, unknown>>[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {}));
}

/**
 * Adds a rule that compares fields of an object (a confirmation with its password, the link a menu
 * type requires). zod runs an object's own refinements only once every field is valid, so a form
 * would show such a message only after the other fields were fixed, on a later submit, and the
 * server would answer one issue at a time. This rule runs on every parse of an object, next to the
 * fields' own rules; it therefore sees the values as sent and must check their types before use.
 */
export function acrossFields<S extends z.ZodObject>(
  schema: S,
  rule: (fields: UncheckedFields<z.input<S>>, report: (path: readonly (string | number)[], message: string) => void) => void,
): S {
  return schema.superRefine(
    (fields, ctx) => rule(fields as UncheckedFields<z.input<S>>, (path, message) => ctx.addIssue({ code: 'custom', path: [...path], message })),
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
}

/** An optional string: trimmed, empty allowed, at most `max` characters. */
export function optionalText(max: number) {
  return safeString().trim().max(max, MESSAGES.maxLength(max)).default('');
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
 * A whole number is stored as an int4, so it stops at INT32_MAX unless a lower `max` is given.
 */
export function requiredNumber(opts: { min?: number; max?: number; int?: boolean; decimals?: number; label?: string } = {}) {
  const subject = opts.label ?? 'The value';
  const max = opts.max ?? (opts.int ? INT32_MAX : undefined);
  let schema = z.number({ error: MESSAGES.required });
  if (opts.int) schema = schema.int(MESSAGES.wholeNumber);
  if (opts.min !== undefined) schema = schema.min(opts.min, `${subject} must be at least ${opts.min}.`);
  if (max !== undefined) schema = schema.max(max, `${subject} must be at most ${max}.`);
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

/** Longest list of ids a body may carry: far above any screen's needs, far below PostgreSQL's 65,535 query parameters. */
export const ID_LIST_MAX = 1000;

export const idList = (message: string = MESSAGES.selectAtLeastOne) =>
  z.array(recordId(), { error: message }).min(1, message).max(ID_LIST_MAX, MESSAGES.tooManyItems(ID_LIST_MAX));

/**
 * A storefront slug as stored: lower-case letters, digits and dashes (no `/`: slugs are flat, one
 * per page). Empty passes here; "required" is its own rule, so a blank slug gets only that message.
 */
export const SLUG_PATTERN = /^[a-z0-9-]*$/;

/**
 * A required slug of at most `max` characters: the ends trimmed, inner whitespace turned into a
 * dash and capitals into small letters on save (the spec's category slug rule; content pages use it
 * too, so storefront URLs never hold spaces nor differ only by case), then only letters, digits and
 * dashes: no markup, no path, no query.
 */
export function slugText(max: number) {
  return safeString({ error: MESSAGES.required })
    .trim()
    .transform((value) => value.replace(/\s+/g, '-').toLowerCase())
    .pipe(z.string().min(1, MESSAGES.required).max(max, MESSAGES.maxLength(max)).regex(SLUG_PATTERN, MESSAGES.lettersDigitsDashes));
}

/**
 * Where a link inside the storefront points (an offer banner's slug): a relative path with an optional
 * query (`engagement-rings`, `rings/engagement?metal=platinum`); no spaces, quotes, markup or scheme,
 * and no leading `//` (which browsers read as another site's address).
 */
export const STOREFRONT_PATH_PATTERN = /^(?!\/\/)[A-Za-z0-9\-_./?=&%]*$/;

export function optionalStorefrontPath(max: number) {
  return z.string().trim().max(max, MESSAGES.maxLength(max)).regex(STOREFRONT_PATH_PATTERN, MESSAGES.storefrontPath).default('');
}

/** Limits of the text a page's head carries, for every record that has them (the meta keyword limit is the spec's). */
export const META_TITLE_MAX = 255;
export const META_KEYWORDS_MAX = 255;
/** Not in the spec: search engines show about 160 characters; 500 leaves room without inviting essays. */
export const META_DESCRIPTION_MAX = 500;

/** Text for the page head (meta title, keywords, description): plain text, so no `<` or `>`. */
export const PLAIN_TEXT_PATTERN = /^[^<>]*$/;

export function requiredMetaText(max: number) {
  return requiredText(max).regex(PLAIN_TEXT_PATTERN, MESSAGES.noAngleBrackets);
}

export function optionalMetaText(max: number) {
  return z.string().trim().max(max, MESSAGES.maxLength(max)).regex(PLAIN_TEXT_PATTERN, MESSAGES.noAngleBrackets).default('');
}

/**
 * A key code reads a setting by (`store_email`, `instagram.client_id`): starts with a letter, then
 * letters, digits, underscores, dots and dashes.
 */
export const SETTING_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** CSS class names separated by single spaces, each `[A-Za-z_-][A-Za-z0-9_-]*` (no digit first, as CSS requires). */
export const CSS_CLASSES_PATTERN = /^(?:[A-Za-z_-][A-Za-z0-9_-]*(?: [A-Za-z_-][A-Za-z0-9_-]*)*)?$/;

/** Optional CSS class names (`icon-instagram menu-diamonds`): runs of whitespace become one space on save. */
export function optionalCssClasses(max: number) {
  return z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, ' '))
    .pipe(z.string().max(max, MESSAGES.maxLength(max)).regex(CSS_CLASSES_PATTERN, MESSAGES.cssClasses))
    .default('');
}
