import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The largest PostgreSQL `integer` (int4): ids, versions, counts and sort orders are stored as one,
 * so no such number in the API may go past it.
 */
export const INT32_MAX = 2_147_483_647;

/**
 * NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its partner (it has no UTF-8
 * form). Text holding either is refused, never stored mangled.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** A string refusing NUL and unpaired surrogates before any other rule looks at it. */
export function safeString(params?: { error?: string }) {
  return z.string(params).refine(isSafeText, { error: MESSAGES.unsafeText, abort: true });
}

/** A record id in a JSON body: a positive int32. `message` replaces every failure's wording (a required choice). */
export function recordId(message: string = MESSAGES.invalidId) {
  return z.number({ error: message }).int(message).min(1, message).max(INT32_MAX, message);
}

/**
 * A positive whole number in a path or query string, in plain decimal: '0x4', '1e0', '+1', ' 1' and
 * '01' are refused, not read as 4 or 1. Leading zeros too: one id has one spelling, so a record
 * cannot hide behind many URLs (caches, logs and audit trails compare them as text).
 */
const DECIMAL_DIGITS = /^[1-9][0-9]{0,9}$/;
function decimalParam(max: number, message: string) {
  return z.string({ error: message }).regex(DECIMAL_DIGITS, message).transform(Number).pipe(z.number().max(max, message));
}

/** Page size limits of DESIGN §4: the spec's default is 10 (products and diamonds 20), at most 100. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  /** An external service (Klaviyo) refused or failed what the request needed: 502 with its words. */
  'BAD_GATEWAY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const listQuerySchema = z.object({
  page: decimalParam(INT32_MAX, MESSAGES.pageNumber).default(1),
  pageSize: decimalParam(MAX_PAGE_SIZE, MESSAGES.pageSize(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
  search: safeString().trim().max(200).optional(),
  sort: safeString().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totalIsCapped: z.boolean().optional() });
}
export interface ListResponse<T> {
  items: T[];
  /** Matching records; for a big table (`totals: 'capped'`) at most the cap, with `totalIsCapped`. */
  total: number;
  page: number;
  pageSize: number;
  /** True when more records match than `total` says (the list counted up to its cap). */
  totalIsCapped?: boolean;
}

/** `:id` in a path: a positive int32 in plain decimal (see decimalParam). */
export const idParamSchema = z.object({ id: decimalParam(INT32_MAX, MESSAGES.invalidId) });

/** Every editable record carries these; `version` guards against lost updates. */
export const recordMetaSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecordMeta = z.infer<typeof recordMetaSchema>;

/**
 * A field of an input schema as the server answers it: its output (a default applied, so never
 * missing; the schema a pipe ends in, its input's when it ends in a transform to the same type), optional or nullable as the input has it, with none of the
 * input's rules but whole numbers' (stored data is answered as it is, not checked again).
 */
export type AnsweredField<T extends z.core.$ZodType> =
  T extends z.ZodDefault<infer I extends z.core.$ZodType>
    ? AnsweredField<I>
    : T extends z.ZodPipe<infer I extends z.core.$ZodType, infer O extends z.core.$ZodType>
      ? O extends z.ZodTransform
        ? // A transform that keeps its input's type (a text capitalised): answered as its input. Any other has no schema.
          [z.output<O>, z.output<I>] extends [z.output<I>, z.output<O>]
          ? AnsweredField<I>
          : never
        : AnsweredField<O>
      : T extends z.ZodOptional<infer I extends z.core.$ZodType>
        ? z.ZodOptional<AnsweredField<I>>
        : T extends z.ZodNullable<infer I extends z.core.$ZodType>
          ? z.ZodNullable<AnsweredField<I>>
          : T extends z.ZodArray<infer E extends z.core.$ZodType>
            ? z.ZodArray<AnsweredField<E>>
            : T extends z.ZodObject<infer S extends z.core.$ZodShape>
              ? z.ZodObject<AnsweredShape<S>>
              : T extends z.core.$ZodString
                ? z.ZodString
                : T;
type AnsweredShape<S extends z.core.$ZodShape> = { -readonly [K in keyof S]: AnsweredField<S[K]> };


/** The schema of a field as answered (`AnsweredField`). */
export function answeredField<T extends z.core.$ZodType>(schema: T): AnsweredField<T> {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => answeredField(def[key] as z.core.$ZodType) as z.ZodType;
  let answered: z.ZodType;
  switch (def.type) {
    case 'default':
      answered = inner('innerType');
      break;
    case 'pipe':
      // A transform keeping its input's type (checked by AnsweredField) is answered as its input.
      answered = inner((def.out as z.core.$ZodType)._zod.def.type === 'transform' ? 'in' : 'out');
      break;
    case 'optional':
      answered = inner('innerType').optional();
      break;
    case 'nullable':
      answered = inner('innerType').nullable();
      break;
    case 'array':
      answered = z.array(inner('element'));
      break;
    case 'object':
      answered = z.object(answeredShape((schema as unknown as z.ZodObject).shape));
      break;
    case 'string':
      answered = z.string();
      break;
    case 'number':
      answered = (schema as unknown as z.ZodNumber).isInt ? z.number().int() : z.number();
      break;
    case 'boolean':
      answered = z.boolean();
      break;
    case 'enum':
    case 'literal':
      answered = (schema as unknown as z.ZodType).clone({ ...def, checks: [] } as never);
      break;
    case 'union':
      answered = z.union((def.options as z.core.$ZodType[]).map((option) => answeredField(option) as z.ZodType) as [z.ZodType, ...z.ZodType[]]);
      break;
    default:
      throw new Error(`answeredField: no answered schema for a ${def.type} field; give the field in the extra fields`);
  }
  return answered as AnsweredField<T>;
}

function answeredShape<S extends z.core.$ZodShape>(shape: S): AnsweredShape<S> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, answeredField(field)])) as AnsweredShape<S>;
}

/**
 * A record's schema derived from its input's: the input's fields as the server answers them
 * (`answeredField`: defaults applied, optional and nullable as stored, no input rules), then
 * `extra`, the answer-only fields (a name looked up, `inUse`) and any field the record answers
 * otherwise than it is sent (a reference optional in the input, always set once stored), then the
 * record's meta (id, version, dates). Written once, the record cannot drift from its input.
 */
export function recordOf<S extends z.core.$ZodShape, E extends z.core.$ZodShape = Record<never, never>>(input: z.ZodObject<S>, extra?: E) {
  return recordMetaSchema.extend(answeredShape(input.shape)).extend(extra ?? ({} as E));
}

/** The version a write was based on (an int4 column like the id). */
export const versionNumber = () => z.number().int().min(1).max(INT32_MAX);
export const versionSchema = z.object({ version: versionNumber() });
