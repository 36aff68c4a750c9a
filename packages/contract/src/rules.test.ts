import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { acrossFields, lettersDigitsSpaces, requiredText } from './rules.ts';

const issuesOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message })));

describe('acrossFields', () => {
  const pair = acrossFields(z.object({ name: requiredText(), password: z.string().min(8, 'short'), confirm: z.string() }), (fields, report) => {
    if (fields.password !== fields.confirm) report(['confirm'], 'mismatch');
  });

  it('reports a rule across fields beside the fields\' own issues, an empty required field among them', () => {
    expect(issuesOf(pair.safeParse({ name: '', password: 'abc', confirm: 'abd' }))).toEqual([
      { path: ['name'], message: MESSAGES.required },
      { path: ['password'], message: 'short' },
      { path: ['confirm'], message: 'mismatch' },
    ]);
    expect(issuesOf(pair.safeParse({ password: 'abc', confirm: 'abd' }))).toContainEqual({ path: ['confirm'], message: 'mismatch' });
  });

  it('leaves input that is not an object to the object\'s own type issue', () => {
    expect(issuesOf(pair.safeParse('text'))).toHaveLength(1);
    expect(issuesOf(pair.safeParse(null))).toHaveLength(1);
  });
});

describe('requiredText', () => {
  it('reports an empty field once, without the format rules after it', () => {
    expect(issuesOf(lettersDigitsSpaces(5).safeParse('   '))).toEqual([{ path: [], message: MESSAGES.required }]);
    expect(issuesOf(lettersDigitsSpaces(5).safeParse('a!'))).toEqual([{ path: [], message: MESSAGES.lettersDigitsSpaces }]);
  });
});
