import { describe, expect, it } from 'vitest';
import { changeLabel, subscriberLabel } from './dead-letter-labels.ts';

describe('dead letters as staff read them', () => {
  it('names what changed by its records, or all of them', () => {
    expect(changeLabel({ event: 'products.changed', payload: { ids: [18, 19] } })).toBe('Products #18, #19');
    expect(changeLabel({ event: 'diamond-shapes.changed', payload: { ids: [3] } })).toBe('Diamond shapes #3');
    expect(changeLabel({ event: 'diamonds.changed', payload: { all: true } })).toBe('All diamonds');
    expect(changeLabel({ event: 'settings.changed', payload: {} })).toBe('All settings');
    expect(changeLabel({ event: 'products.changed', payload: { ids: [1, 2, 3, 4, 5, 6, 7] } })).toBe('Products #1, #2, #3, #4, #5 and 2 more');
  });

  it('names the subscriber by its area, or keeps an unknown one as it is', () => {
    expect(subscriberLabel('cache.products')).toBe('Storefront cache');
    expect(subscriberLabel('search.reindex')).toBe('search.reindex');
  });
});
