const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };

/**
 * A value as a field of COPY's text format: null as `\N`; a backslash, tab, newline or carriage
 * return escaped, so a text that reads `\N` stays that text; NUL dropped (no PostgreSQL text can hold
 * it, and a feed that sent one would otherwise fail its whole read).
 */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c]!) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}
