import { VARIANT_SKU_ALPHABET } from '@facet/contract/modules/products/product.schema';
import { describe, expect, it } from 'vitest';
import type { VariantDraft } from './variants.ts';
import { chosenOptionsOf, combinationsOf, defaultGroupBy, generateVariants, rebasedSku, uniqueVariantSku } from './variants.ts';

/** A random source that walks the alphabet, so SKUs are predictable. */
function sequence(...indexes: number[]) {
  let i = 0;
  return () => (indexes[i++ % indexes.length]! + 0.5) / VARIANT_SKU_ALPHABET.length;
}

const METAL = 10;
const SIZE = 20;

describe('variant generation', () => {
  it('combines one option of each attribute, leaving out attributes with nothing chosen', () => {
    expect(
      combinationsOf([
        { attributeId: METAL, optionIds: [1, 2] },
        { attributeId: 30, optionIds: [] },
        { attributeId: SIZE, optionIds: [5, 6, 7] },
      ]),
    ).toHaveLength(6);
    expect(combinationsOf([{ attributeId: METAL, optionIds: [1] }, { attributeId: SIZE, optionIds: [5] }])).toEqual([
      [
        { attributeId: METAL, optionId: 1 },
        { attributeId: SIZE, optionId: 5 },
      ],
    ]);
    expect(combinationsOf([{ attributeId: METAL, optionIds: [] }])).toEqual([]);
  });

  it('gives each new variant the main SKU, a dash and 4 characters of A-Z 0-9, unique in the form', () => {
    const rows = generateVariants([], [{ attributeId: METAL, optionIds: [1, 2, 3] }], 'RING-1', 250);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.sku).toMatch(/^RING-1-[A-Z0-9]{4}$/);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(3);
    expect(rows.map((row) => row.key)).toEqual(['1', '2', '3']);
    expect(rows.every((row) => row.price === 250 && !row.removed)).toBe(true);
  });

  it('draws again when the suffix is taken (by another variant, case-insensitively)', () => {
    const taken = new Set(['ring-aaaa']);
    expect(uniqueVariantSku('RING', taken, sequence(0, 0, 0, 0, 1, 1, 1, 1))).toBe('RING-BBBB');
    expect(taken.has('ring-bbbb')).toBe(true);
  });

  it('keeps the rows of combinations it already has and marks the ones no longer chosen removed, last', () => {
    const first = generateVariants([], [{ attributeId: METAL, optionIds: [1, 2] }, { attributeId: SIZE, optionIds: [5] }], 'R', null);
    const edited: VariantDraft[] = first.map((row) => (row.key === '1_5' ? { ...row, id: 7, price: 99, modelNumber: 'M-1' } : row));
    const next = generateVariants(edited, [{ attributeId: METAL, optionIds: [2, 3] }, { attributeId: SIZE, optionIds: [5] }], 'R', 10);
    expect(next.map((row) => [row.key, row.removed])).toEqual([
      ['2_5', false],
      ['3_5', false],
      ['1_5', true],
    ]);
    expect(next[0]).toBe(edited[1]);
    expect(next[2]).toMatchObject({ id: 7, price: 99, modelNumber: 'M-1' });
  });

  it('orders the key by attribute id whatever order the attributes were chosen in', () => {
    const [row] = generateVariants([], [{ attributeId: SIZE, optionIds: [5] }, { attributeId: METAL, optionIds: [1] }], 'R', null);
    expect(row!.key).toBe('1_5');
  });

  it('reads the chosen options back from the live variants', () => {
    const rows = generateVariants([], [{ attributeId: METAL, optionIds: [1, 2] }, { attributeId: SIZE, optionIds: [5, 6] }], 'R', null);
    rows[3] = { ...rows[3]!, removed: true };
    expect(chosenOptionsOf(rows)).toEqual([
      { attributeId: METAL, optionIds: [1, 2] },
      { attributeId: SIZE, optionIds: [5, 6] },
    ]);
    expect(chosenOptionsOf(rows.map((row) => ({ ...row, removed: true })))).toEqual([]);
  });
});

describe('Group By default', () => {
  it('is the saved attribute when the variants have it, else the first code', () => {
    expect(defaultGroupBy('ringSize', ['metal', 'ringSize'])).toBe('ringSize');
    expect(defaultGroupBy('bridalshape', ['metal', 'ringSize'])).toBe('metal');
    expect(defaultGroupBy('', ['metal'])).toBe('metal');
    expect(defaultGroupBy('metal', [])).toBe('');
  });
});

describe('new variants follow the main SKU', () => {
  const row: VariantDraft = { key: '1', options: [], sku: 'OLD-AB12', modelNumber: '', price: 1, baseImage: '', otherImages: [], video: '', removed: false };
  it('rebases a new variant and leaves a saved one', () => {
    expect(rebasedSku(row, 'OLD', 'NEW')).toBe('NEW-AB12');
    expect(rebasedSku({ ...row, id: 3 }, 'OLD', 'NEW')).toBe('OLD-AB12');
    expect(rebasedSku({ ...row, sku: 'CUSTOM' }, 'OLD', 'NEW')).toBe('CUSTOM');
  });
});
