import type { z } from 'zod';

/**
 * A schema parse shared by every field of a form: antd validates each field on submit, and each
 * field's rule needs the whole form parsed (rules that compare fields, like a password confirmation),
 * so without this a form of forty fields parsed itself forty-one times per submit. The result is kept
 * for the last values seen; the forms hold plain data (texts, numbers, uploaded files' URLs), so the
 * values' JSON tells whether they changed.
 */
export function parseOncePerValues<S extends z.ZodType>(schema: S): (values: unknown) => z.ZodSafeParseResult<z.output<S>> {
  let last: { key: string; result: z.ZodSafeParseResult<z.output<S>> } | undefined;
  return (values) => {
    const key = JSON.stringify(values) ?? '';
    if (last?.key !== key) last = { key, result: schema.safeParse(values) };
    return last.result;
  };
}
