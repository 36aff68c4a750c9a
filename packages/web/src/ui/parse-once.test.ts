import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseOncePerValues } from './parse-once.ts';

describe('parseOncePerValues', () => {
  const schema = z.object({ name: z.string().min(1, 'Required'), password: z.string(), confirm: z.string() }).refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Not matched with password!' });

  it('parses a form once for all its fields while the values stay the same', () => {
    const spy = vi.spyOn(schema, 'safeParse');
    const parse = parseOncePerValues(schema);
    const values = { name: '', password: 'a', confirm: 'b' };
    // Each field asks with its own copy of the values, as antd's getFieldsValue gives them.
    const results = [0, 1, 2].map(() => parse({ ...values }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(results[2]!.success).toBe(false);
    expect(results[2]!.error!.issues.map((issue) => issue.message)).toEqual(['Required', 'Not matched with password!']);
  });

  it('parses again as soon as any value changes', () => {
    const spy = vi.spyOn(schema, 'safeParse');
    spy.mockClear();
    const parse = parseOncePerValues(schema);
    expect(parse({ name: '', password: 'a', confirm: 'a' }).success).toBe(false);
    expect(parse({ name: 'Ring', password: 'a', confirm: 'a' }).success).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
