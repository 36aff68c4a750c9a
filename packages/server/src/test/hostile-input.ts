import fc from 'fast-check';

/**
 * Hostile input for the walk of every API route (test/hostile-walk.ts): a fixed catalogue of
 * the values attackers send, fast-check arbitraries around it, JSON text that JSON.stringify cannot
 * write (1e309, -0, 25-digit integers, `__proto__` keys, 10,000 levels of nesting), and a builder of
 * nearly valid bodies from a route's JSON schema, so one bad field at a time reaches the checks
 * behind the first one.
 */

/** A piece of JSON written as is: numbers past float range, deep nesting, huge arrays. */
class RawJson {
  readonly text: string;
  readonly label: string;
  constructor(text: string, label: string = text.length > 40 ? `${text.slice(0, 20)}...(${text.length} chars)` : text) {
    this.text = text;
    this.label = label;
  }
}


/** JSON text for a value that may hold RawJson pieces and Maps. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value instanceof Map) return `{${[...value].map(([key, inner]) => `${JSON.stringify(key)}:${toJsonText(inner)}`).join(',')}}`;
  if (value !== null && typeof value === 'object') return toJsonText(new Map(Object.entries(value)));
  // JSON.stringify escapes NUL and lone surrogates (\u0000, \ud800); the server's JSON.parse restores them.
  return JSON.stringify(value) ?? 'null';
}

/** A short description of a value for the failure report. */
export function describeValue(value: unknown): string {
  if (value instanceof RawJson) return value.label;
  const text = toJsonText(value);
  return text.length > 80 ? `${text.slice(0, 60)}...(${text.length} chars)` : text;
}

const DEPTH = 10_000;
const ONE_MB = 1_000_000;

/** Values no field should take, whatever its type: each is sent at least once to each route that has a body. */
export const HOSTILE_VALUES: unknown[] = [
  // Text that PostgreSQL or UTF-8 cannot hold
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'emoji cut in half \ud83d',
  // Long text: one just under the 1 MB body limit, one multi-byte
  new RawJson(`"${'a'.repeat(ONE_MB - 100)}"`, '"a" x 1MB'),
  new RawJson(`"${'é'.repeat(450_000)}"`, '"é" x 450k (900 kB UTF-8)'),
  // Strings that look like something else
  '',
  '   ',
  '0x4',
  '1e0',
  ' 1',
  'NaN',
  'Infinity',
  '\ufeff\u202e',
  "'; drop table users; --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  // Numbers past int32, past safe integers, past float range, odd zeros and fractions
  new RawJson('2147483648'),
  new RawJson('-2147483649'),
  new RawJson('9007199254740993'),
  new RawJson('9999999999999999999999'),
  new RawJson('1e308'),
  new RawJson('-1e308'),
  new RawJson('1e309'),
  new RawJson('-0'),
  new RawJson('4.9e-324'),
  new RawJson('0.30000000000000004'),
  -1,
  0,
  1.5,
  // Wrong types
  true,
  null,
  [],
  {},
  [null],
  ['\u0000'],
  // Deep nesting, huge arrays
  new RawJson('['.repeat(DEPTH) + ']'.repeat(DEPTH), `${DEPTH} nested arrays`),
  new RawJson('{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), `${DEPTH} nested objects`),
  new RawJson(`[${Array.from({ length: 70_000 }, (_, i) => i + 1).join(',')}]`, '[1..70000]'),
  new RawJson(`[${Array(200_000).fill('0').join(',')}]`, '200k zeros'),
  // Prototype pollution
  new RawJson('{"__proto__":{"isAdmin":true}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
];

/** Path ids that are not ids: each is sent to every route with an :id. */
export const HOSTILE_IDS = [
  '0x4',
  '1e0',
  '+1',
  '%201',
  '01',
  '0',
  '-1',
  '1.5',
  '1.0',
  '2147483648',
  '9999999999999999999999',
  '1'.repeat(5000),
  'NaN',
  'Infinity',
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%E2%82',
  '%ZZ',
  '__proto__',
  // A well-formed id that names no record: passes validation, must be a 404.
  '2147483647',
];

/** Query values that are not what a list expects, written as they go on the URL (some deliberately malformed). */
export const HOSTILE_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C3%28',
  '%FF',
  '%E2%82',
  '%',
  '0x10',
  '1e3',
  '%2B1',
  '2147483648',
  '9999999999999999999999',
  '-1',
  '0',
  '',
  'x'.repeat(100_000),
  '__proto__',
  'id%3B%20drop%20table%20users',
];

/** Query keys nobody declares. */
export const HOSTILE_QUERY_KEYS = ['__proto__', 'constructor', 'a%00', '%ED%A0%80', 'sort[]', 'page[$gt]'];

/** One UTF-16 code unit: lone surrogates included, which fast-check's own units leave out. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Random values around the catalogue: any text (NUL and lone surrogates included), any number, any JSON. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_VALUES), weight: 4 },
  { arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }), weight: 2 },
  { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => new RawJson(String(n))), weight: 1 },
  { arbitrary: fc.double().map((n) => new RawJson(Number.isFinite(n) ? String(n) : n > 0 ? '1e999' : '-1e999')), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** A random query value: from the catalogue, or random text percent-encoded byte by byte. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES), weight: 3 },
  { arbitrary: fc.uint8Array({ maxLength: 30 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')), weight: 1 },
);

// ---------------------------------------------------------------------------------------------
// Nearly valid bodies from the route's JSON schema (as @fastify/swagger publishes it)

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

/** Texts tried in order for a string field: the first that fits its pattern and length is used. */
const CANDIDATE_TEXTS = ['Walker', 'Walker1', 'walker-1', 'walker_1', 'https://example.com/walk', 'VS-GH', 'abc'];

/** Field names whose values have a meaning the JSON schema does not carry (an e-mail piped through a check). */
function textByName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (/email/i.test(name)) return 'walker@example.com';
  if (/link|url/i.test(name)) return 'https://example.com/walk';
  if (/password/i.test(name)) return 'Walker-pw1';
  return undefined;
}

/** Merges allOf parts (PUT bodies are the update input intersected with the version). */
function flatten(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(flatten);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/** A value the schema accepts, as far as a JSON schema can tell; `name` hints at meaning (email, link). */
export function validValue(schema: JsonSchema, name?: string): unknown {
  schema = flatten(schema);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== '') ?? schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const chosen = alternatives.find((alt) => !alt.enum?.includes('') && alt.type !== 'null') ?? alternatives[0]!;
    return validValue(chosen, name);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, validValue(inner, key)]);
      return Object.fromEntries(entries);
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => validValue(schema.items ?? {}, name));
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const low = schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'string': {
      const byName = textByName(name);
      const fits = (text: string) =>
        text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern).test(text));
      return [byName, ...CANDIDATE_TEXTS].find((text): text is string => text !== undefined && fits(text)) ?? 'x'.repeat(schema.minLength ?? 1);
    }
    default:
      return schema.default ?? null;
  }
}

/** Every place in a JSON value (fields, list items) a mutation can reach, as paths. */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4 || value === null || typeof value !== 'object' || value instanceof RawJson) return [];
  const children: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  return children.flatMap(([key, inner]) => [[...prefix, key], ...pathsOf(inner, [...prefix, key], depth + 1)]);
}

function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** The value with the thing at `path` replaced (or, with `remove`, taken out). */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  if (!path.length) return replacement;
  const copy = cloneJson(value) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

/** The object with one more member, whose key may be `__proto__`. */
export function withExtraMember(value: unknown, key: string, extra: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson) return value;
  return new Map([...Object.entries(value), [key, extra]]);
}
