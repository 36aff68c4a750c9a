import { describe, expect, it } from 'vitest';
import { problemLabel, problemsOf } from './form-problems.tsx';

const variantName = (index: number) => ['RING-1-AB12', 'RING-1-CD34'][index] ?? `${index + 1}`;

describe('the list of form errors', () => {
  it('names fields, rows and variants as the form shows them', () => {
    expect(problemLabel(['sku'], variantName)).toBe('Model Number');
    expect(problemLabel(['productDetails', 1, 'label'], variantName)).toBe('Product Details row 2 › Label');
    expect(problemLabel(['canBeSetWith', 0, 'caratTo'], variantName)).toBe('Can Be Set With row 1 › Carat To');
    expect(problemLabel(['variants', 1, 'price'], variantName)).toBe('Variant RING-1-CD34 › Price');
    expect(problemLabel(['categoryIds', 0], variantName)).toBe('Categories row 1');
  });

  it('names a required attribute left blank by its name', () => {
    const attributeName = (code: string) => new Map([['hallmark', 'Hallmark']]).get(code);
    expect(problemLabel(['attributes', 'hallmark'], variantName, attributeName)).toBe('Attributes › Hallmark');
    expect(problemLabel(['attributes', 0, 'optionId'], variantName, attributeName)).toBe('Attributes row 1 › Option');
  });

  it('lists each place and message once', () => {
    const problems = problemsOf(
      [
        { path: ['name'], message: 'This is required field' },
        { path: ['name'], message: 'This is required field' },
        { path: ['variants', 0, 'sku'], message: 'Child product SKU should not be the same as main SKU.' },
      ],
      variantName,
    );
    expect(problems).toEqual([
      { label: 'Name', message: 'This is required field' },
      { label: 'Variant RING-1-AB12 › SKU', message: 'Child product SKU should not be the same as main SKU.' },
    ]);
  });
});
