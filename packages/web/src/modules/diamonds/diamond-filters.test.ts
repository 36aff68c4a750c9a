import { diamondListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import { describe, expect, it } from 'vitest';
import { filterParamsOfPanel } from '../../ui/filter-panel.tsx';
import { readListQuery } from '../../ui/use-list-query.ts';
import { apiParamsOf, panelFiltersOf, panelQueryOf, stoneTypeOf, unpricedListSearch, urlParamsOfPanel } from './diamond-filters.ts';

const EARTH = { isEarthByDefault: true };
const ANY = { isEarthByDefault: false };
const read = (search: string) => readListQuery(diamondListQuery.schema, new URLSearchParams(search));

describe('the diamonds list address', () => {
  it('reads gemstones from ?type=gemstone and diamonds from anything else', () => {
    expect(stoneTypeOf(read('type=gemstone').query)).toBe('gemstone');
    expect(stoneTypeOf(read('').query)).toBe('diamond');
    expect(stoneTypeOf(read('type=diamond').query)).toBe('diamond');
    // A word the schema refuses is dropped on its own: the list falls back to diamonds.
    expect(stoneTypeOf(read('type=pearl').query)).toBe('diamond');
  });

  it('offers Type and Cut for diamonds only, in the spec order', () => {
    expect(Object.keys(panelFiltersOf('diamond'))).toEqual(['diamondType', 'certificate', 'sku', 'price', 'shape', 'color', 'clarity', 'cut', 'carat']);
    expect(Object.keys(panelFiltersOf('gemstone'))).toEqual(['certificate', 'sku', 'price', 'shape', 'color', 'clarity', 'carat']);
  });

  it('shows Price from as 1 and Type as Earth when the address has none, and keeps chosen ones', () => {
    expect(panelQueryOf(read('').query, EARTH)).toMatchObject({ priceFrom: 1, diamondType: false });
    expect(panelQueryOf(read('priceFrom=250&diamondType=lab').query, EARTH)).toMatchObject({ priceFrom: 250, diamondType: true });
    // Sold Diamond lists both origins unless asked; gemstones have no Type.
    expect(panelQueryOf(read('').query, ANY).diamondType).toBeUndefined();
    expect(panelQueryOf(read('type=gemstone').query, EARTH).diamondType).toBeUndefined();
  });

  it('writes an applied panel as the URL parameters the API reads, leaving the default price from out', () => {
    const filters = panelFiltersOf('diamond');
    const params = urlParamsOfPanel(
      filterParamsOfPanel(filters, { diamondType: 'lab', shape: [1], price: { from: 1, to: 5000 }, carat: { from: 1, to: 2 }, sku: '  LB00 ', color: [] }),
      'diamond',
      EARTH,
    );
    expect(params).toMatchObject({ diamondType: 'lab', shape: '1', priceFrom: undefined, priceTo: '5000', caratFrom: '1', caratTo: '2', sku: 'LB00', color: undefined });
    // What is written reads back as the same filters.
    const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
    expect(read(search.toString()).query).toMatchObject({ diamondType: true, shape: [1], priceTo: 5000, caratFrom: 1, caratTo: 2, sku: 'LB00' });
    expect(urlParamsOfPanel({ priceFrom: '300' }, 'diamond', EARTH).priceFrom).toBe('300');
    // Earth is the diamonds list's default: left out; on Sold Diamond it is a choice like Lab.
    expect(urlParamsOfPanel({ diamondType: 'earth' }, 'diamond', EARTH).diamondType).toBeUndefined();
    expect(urlParamsOfPanel({ diamondType: 'earth' }, 'diamond', ANY).diamondType).toBe('earth');
  });

  it('asks the API without filters the list does not offer, and with what the screen fixes', () => {
    expect(apiParamsOf('gemstone', { type: 'gemstone', cut: 'EX', diamondType: 'lab', color: 'D', page: '2' }, EARTH)).toEqual({ type: 'gemstone', color: 'D', page: '2' });
    expect(apiParamsOf('diamond', { cut: 'EX' }, EARTH)).toEqual({ cut: 'EX', diamondType: 'earth' });
    expect(apiParamsOf('diamond', { diamondType: 'lab' }, EARTH)).toEqual({ diamondType: 'lab' });
    expect(apiParamsOf('diamond', { cut: 'EX' }, ANY, { state: 'sold' })).toEqual({ cut: 'EX', state: 'sold' });
  });

  it("links each import service's stones without a price to the list that shows them", () => {
    expect(unpricedListSearch('natural')).toBe('?pricing=unpriced');
    expect(unpricedListSearch('lab')).toBe('?diamondType=lab&pricing=unpriced');
    expect(unpricedListSearch('gemstone')).toBe('?type=gemstone&pricing=unpriced');
    // The list reads them back as the unpriced stones of that kind.
    const lab = read('diamondType=lab&pricing=unpriced').query;
    expect(lab).toMatchObject({ diamondType: true, pricing: ['unpriced'] });
    expect(stoneTypeOf(read('type=gemstone&pricing=unpriced').query)).toBe('gemstone');
    // Their panel shows no Price from: the list applies none to stones without a price.
    expect(panelQueryOf(lab, EARTH).priceFrom).toBeUndefined();
    expect(panelQueryOf(read('').query, EARTH).priceFrom).toBe(1);
  });
});
