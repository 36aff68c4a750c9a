import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { AnsweredField } from './api.ts';
import { INT32_MAX, idParamSchema, isSafeText, listQuerySchema, recordId, recordOf, safeString } from './api.ts';
import { activeSwitch, statusPatchSchema } from './status.ts';
import { MESSAGES } from './messages.ts';
import { loginSchema } from './modules/auth/auth.schema.ts';
import { metalQualityInputSchema } from './modules/metal-qualities/metal-quality.schema.ts';
import { ID_LIST_MAX, idList, optionalText, requiredNumber, requiredText, slugText } from './rules.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('ids', () => {
  it.each(['1', '42', String(INT32_MAX)])('reads %s in a path as the id it spells', (id) => {
    expect(idParamSchema.parse({ id })).toEqual({ id: Number(id) });
  });

  // Leading zeros are refused like the other spellings: one id, one URL.
  it.each(['0x4', '1e0', '+1', ' 1', '1 ', '01', '0', '-1', '1.5', '1.0', '2147483648', '9999999999999999999999', 'NaN', 'Infinity', '', '1\u0000'])(
    'refuses %j in a path with the id message',
    (id) => {
      expect(messagesOf(idParamSchema.safeParse({ id }))).toEqual([MESSAGES.invalidId]);
    },
  );

  it('refuses body ids past int32, fractions and zero', () => {
    for (const id of [0, -1, 1.5, INT32_MAX + 1, 2 ** 53 + 1, 1e308]) expect(recordId().safeParse(id).success, String(id)).toBe(false);
    expect(recordId().parse(INT32_MAX)).toBe(INT32_MAX);
  });

  it('bounds id lists: positive int32 items, at most ID_LIST_MAX of them', () => {
    expect(idList().safeParse([1, INT32_MAX + 1]).success).toBe(false);
    expect(messagesOf(idList().safeParse(Array.from({ length: ID_LIST_MAX + 1 }, (_, i) => i + 1)))).toEqual([MESSAGES.tooManyItems(ID_LIST_MAX)]);
    expect(idList().parse(Array.from({ length: ID_LIST_MAX }, (_, i) => i + 1))).toHaveLength(ID_LIST_MAX);
  });

  it('bounds versions to int32', () => {
    expect(statusPatchSchema(activeSwitch).safeParse({ status: true, version: INT32_MAX + 1 }).success).toBe(false);
    expect(statusPatchSchema(activeSwitch).safeParse({ status: true, version: INT32_MAX }).success).toBe(true);
  });
});

describe('list query', () => {
  it('reads page and page size written in plain digits, with defaults', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 10 });
    expect(listQuerySchema.parse({ page: '3', pageSize: '100' })).toMatchObject({ page: 3, pageSize: 100 });
  });

  it.each(['0x10', '1e3', '+2', '0', '-1', '2147483648', ' 2'])('refuses page %j', (page) => {
    expect(messagesOf(listQuerySchema.safeParse({ page }))).toEqual([MESSAGES.pageNumber]);
  });

  it('refuses a page size past 100 or spelled oddly', () => {
    for (const pageSize of ['101', '1e2', '0x10']) expect(messagesOf(listQuerySchema.safeParse({ pageSize }))).toEqual([MESSAGES.pageSize(100)]);
  });

  it('refuses NUL and lone surrogates in search and sort', () => {
    for (const text of ['a\u0000', '\ud800', 'x\udc00']) {
      expect(messagesOf(listQuerySchema.safeParse({ search: text }))).toEqual([MESSAGES.unsafeText]);
      expect(messagesOf(listQuerySchema.safeParse({ sort: text }))).toEqual([MESSAGES.unsafeText]);
    }
  });
});

describe('text', () => {
  it('tells safe text from NUL and unpaired surrogates, keeping whole emoji', () => {
    expect(isSafeText('Ring 💎 18ct, é, 日本')).toBe(true);
    for (const text of ['\u0000', 'a\u0000b', '\ud800', '\udc00', 'end \ud83d', '\ude00 start', '\ud83d\ud83d\ude00x\udc00']) expect(isSafeText(text), JSON.stringify(text)).toBe(false);
  });

  it.each([
    // A slug keeps to letters, digits and dashes, so its valid sample has no emoji.
    ['requiredText', requiredText(50), 'Ring 💎'],
    ['requiredText without a limit', requiredText(), 'Ring 💎'],
    ['optionalText', optionalText(50), 'Ring 💎'],
    ['slugText', slugText(50), 'Ring 18ct'],
    ['login username', loginSchema.shape.username, 'Ring 💎'],
    ['login password', loginSchema.shape.password, 'Ring 💎'],
  ])('%s refuses NUL and lone surrogates with one message', (_name, schema, valid) => {
    for (const text of ['a\u0000b', '\u0000', '\ud800', 'ring \udc00']) expect(messagesOf(schema.safeParse(text))).toEqual([MESSAGES.unsafeText]);
    expect(schema.safeParse(valid).success).toBe(true);
  });
});

describe('numbers have a range', () => {
  it('a whole number stops at int32 unless a lower max is given', () => {
    const count = requiredNumber({ min: 0, int: true });
    expect(count.safeParse(INT32_MAX).success).toBe(true);
    expect(messagesOf(count.safeParse(INT32_MAX + 1))).toEqual([`The value must be at most ${INT32_MAX}.`]);
  });

  it('a metal quality weight fits its numeric(12, 3) column, whatever its written length', () => {
    const base = { metalQualityOptionId: 1, metalId: 1, fineness: 75, labourCharges: 1, status: true };
    expect(metalQualityInputSchema.safeParse({ ...base, weight: 999_999_999 }).success).toBe(true);
    // '1e+21' is five characters: the character limit alone let it through to the column.
    for (const weight of [9_999_999_999, 1e21]) expect(metalQualityInputSchema.safeParse({ ...base, weight }).success, String(weight)).toBe(false);
  });
});

describe('records derived from inputs', () => {
  const capitalised = safeString()
    .trim()
    .transform((text) => text.charAt(0).toUpperCase() + text.slice(1));
  const input = z.object({
    name: requiredText(10),
    note: optionalText(20),
    count: requiredNumber({ min: 0, int: true }).default(0),
    price: requiredNumber({ min: 0, decimals: 2 }),
    parentId: recordId().nullable().default(null),
    ownerId: recordId().optional(),
    kind: z.enum(['a', 'b']),
    title: capitalised,
    email: requiredText(50).pipe(z.email()),
    tags: z.array(z.object({ label: requiredText(5), weight: recordId().default(1) })).default([]),
  });
  const record = recordOf(input, { ownerName: z.string(), ownerId: z.number().int() });

  it('answers the input\'s fields as output (defaults applied, optional and nullable kept) with the meta and the extra fields', () => {
    expectTypeOf<z.output<typeof record>>().toEqualTypeOf<{
      id: number;
      version: number;
      createdAt: string;
      updatedAt: string;
      name: string;
      note: string;
      count: number;
      price: number;
      parentId: number | null;
      ownerId: number;
      kind: 'a' | 'b';
      title: string;
      email: string;
      tags: { label: string; weight: number }[];
      ownerName: string;
    }>();
    const optional = recordOf(z.object({ ownerId: recordId().optional() }));
    expectTypeOf<z.output<typeof optional>>().toEqualTypeOf<{ id: number; version: number; createdAt: string; updatedAt: string; ownerId?: number | undefined }>();
    expect(optional.parse({ id: 1, version: 1, createdAt: 'a', updatedAt: 'b' })).toEqual({ id: 1, version: 1, createdAt: 'a', updatedAt: 'b' });
  });

  it('checks none of the input\'s rules on what is answered, only the types (whole numbers stay whole)', () => {
    const stored = {
      ...{ id: 1, version: 2, createdAt: 'c', updatedAt: 'u' },
      ...{ name: ' far longer than ten ', note: '', count: 5, price: 1.2345, parentId: null, ownerId: 3, kind: 'a', title: 'lower', email: 'not an email' },
      ...{ tags: [{ label: 'too long a label', weight: 0 }], ownerName: 'Ann' },
    };
    // Answered as stored: not trimmed, not capitalised again, not refused for its length or format.
    expect(record.parse(stored)).toEqual(stored);
    expect(record.safeParse({ ...stored, count: 1.5 }).success).toBe(false);
    expect(record.safeParse({ ...stored, kind: 'c' }).success).toBe(false);
    expect(record.safeParse({ ...stored, parentId: undefined }).success).toBe(false);
    expect(record.safeParse({ ...stored, tags: [{ label: 'x', weight: 1.5 }] }).success).toBe(false);
  });

  it('is described in JSON Schema as its output, with no input rules (the OpenAPI document)', () => {
    const schema = z.toJSONSchema(record, { io: 'output' }) as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties.name).toEqual({ type: 'string' });
    expect(schema.properties.count).toMatchObject({ type: 'integer' });
    expect(schema.properties.price).toEqual({ type: 'number' });
    expect(schema.properties.kind).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'name', 'note', 'count', 'parentId', 'tags', 'ownerId', 'ownerName']));
  });

  it('a field whose transform changes its type has no answered schema: the record does not compile', () => {
    type LengthOf = z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    expectTypeOf<AnsweredField<LengthOf>>().toEqualTypeOf<never>();
  });
});
