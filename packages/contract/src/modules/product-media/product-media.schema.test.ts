import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../messages.ts';
import { MEDIA_NAME_MAX_LENGTH, cleanMediaFileName, productMediaListQuerySchema, productMediaUploadQuerySchema } from './product-media.schema.ts';

describe('product media list query', () => {
  it('applies search only from 2 characters: shorter (after trimming) is no search', () => {
    expect(productMediaListQuerySchema.parse({ sku: 'RING-1', search: 'a' }).search).toBeUndefined();
    expect(productMediaListQuerySchema.parse({ sku: 'RING-1', search: ' a ' }).search).toBeUndefined();
    expect(productMediaListQuerySchema.parse({ sku: 'RING-1', search: 'ab' }).search).toBe('ab');
    expect(productMediaListQuerySchema.parse({ sku: 'RING-1' }).search).toBeUndefined();
  });

  it('requires a model number of letters, digits and dashes', () => {
    const issues = (input: object) => productMediaUploadQuerySchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ kind: 'image' })).toEqual([MESSAGES.required]);
    expect(issues({ sku: ' ', kind: 'image' })).toEqual([MESSAGES.required]);
    expect(issues({ sku: 'RING 1', kind: 'image' })).toEqual([MESSAGES.lettersDigitsDashes]);
    expect(issues({ sku: 'RING-1', kind: 'video' })).toBeUndefined();
  });
});

describe('cleanMediaFileName', () => {
  it('keeps the last part of a path, single spaces and no control characters', () => {
    expect(cleanMediaFileName('C:\\Users\\jo\\Ring  Front.JPG', 'image')).toBe('Ring Front.JPG');
    expect(cleanMediaFileName('../../etc/passwd.png', 'image')).toBe('passwd.png');
    expect(cleanMediaFileName('a\r\nX-Evil: 1\t.png', 'image')).toBe('a X-Evil: 1 .png');
  });

  it('falls back when nothing is left, and cuts long names between characters', () => {
    expect(cleanMediaFileName('  ', 'video')).toBe('video');
    expect(cleanMediaFileName('dir/', 'image')).toBe('image');
    const long = cleanMediaFileName(`${'n'.repeat(MEDIA_NAME_MAX_LENGTH - 1)}\u{1F48E}\u{1F48E}.png`, 'image');
    expect([...long].length).toBe(MEDIA_NAME_MAX_LENGTH);
    expect(long.endsWith('\u{1F48E}')).toBe(true);
  });
});
