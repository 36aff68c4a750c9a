import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './text-guard.ts';

describe('findUnsafeText', () => {
  it('finds NUL and lone surrogates in values and keys, in document order, with their paths', () => {
    const body = { name: 'ok', faqs: [{ question: 'a\u0000', answer: 'fine 💎' }, { question: '\ud800' }], 'key\udc00': 1, note: 'x\u0000' };
    expect(findUnsafeText(body)).toEqual([['faqs', 0, 'question'], ['faqs', 1, 'question'], ['key\udc00'], ['note']]);
  });

  it('finds nothing in clean text, numbers, nulls and binary data', () => {
    expect(findUnsafeText({ a: 'Ring 💎', b: [1, null, true], c: Buffer.from([0, 0xd8]) })).toEqual([]);
    expect(findUnsafeText(undefined)).toEqual([]);
  });

  it('walks 10,000 levels of nesting without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(10_000) + '"\\u0000"' + ']'.repeat(10_000));
    expect(findUnsafeText(deep)[0]).toHaveLength(10_000);
  });

  it('reads query objects, whose prototype is not Object.prototype', () => {
    const query = Object.create(Object.create(null)) as Record<string, string>;
    query.search = 'a\u0000';
    expect(findUnsafeText(query)).toEqual([['search']]);
  });
});
