import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  booleanFilter,
  choiceFilter,
  dateRangeFilter,
  defineListQuery,
  FILTER_IDS_MAX,
  filterParamsOf,
  filterValuesOf,
  idsFilter,
  rangeFilter,
  statusFilter,
  textFilter,
} from './list-query.ts';
import { MESSAGES } from './messages.ts';
import { diamondMarkupResource } from './modules/diamond-markups/diamond-markup.schema.ts';
import { shippingRateResource } from './modules/shipping-rates/shipping-rate.schema.ts';

const gems = defineListQuery({
  sortable: ['name', 'createdAt'],
  filters: {
    cut: choiceFilter('Cut', { ideal: 'Ideal', good: 'Good' }),
    isLab: booleanFilter('Type', { trueValue: 'lab', falseValue: 'earth' }),
    shapeId: idsFilter('Shape', { resource: { name: 'diamond-shapes' }, labelField: 'name' }),
    carat: rangeFilter('Carat', { max: 999.999, decimals: 3 }),
    created: dateRangeFilter('Created Date'),
    status: statusFilter(),
  },
});

const messagesOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

describe('list query: a list declares its filters once', () => {
  it('reads every kind of filter from plain query-string parameters', () => {
    const query = gems.schema.parse({
      page: '2',
      cut: 'ideal,good,ideal',
      isLab: 'earth',
      shapeId: '3,1',
      caratFrom: '0.5',
      caratTo: '1.25',
      createdFrom: '2026-01-31',
      status: 'active',
    });
    expect(query).toMatchObject({ page: 2, pageSize: 10, cut: ['ideal', 'good'], isLab: false, shapeId: [3, 1], caratFrom: 0.5, caratTo: 1.25, createdFrom: '2026-01-31', status: true });
    expect(filterValuesOf(gems.filters, query)).toEqual({
      cut: ['ideal', 'good'],
      isLab: false,
      shapeId: [3, 1],
      carat: { from: 0.5, to: 1.25 },
      created: { from: '2026-01-31' },
      status: true,
    });
  });

  it('reads a choice or an id list sent as the parameter repeated, as comma-separated', () => {
    const query = gems.schema.parse({ cut: ['ideal', 'good'], shapeId: ['3', '1,4'] });
    expect(query).toMatchObject({ cut: ['ideal', 'good'], shapeId: [3, 1, 4] });
    expect(messagesOf(gems.schema.safeParse({ cut: ['ideal', 'round'] }))).toEqual([MESSAGES.filterChoice('Cut', 'ideal, good')]);
    expect(messagesOf(gems.schema.safeParse({ cut: [1] }))).toEqual([MESSAGES.filterChoice('Cut', 'ideal, good')]);
  });

  it('writes filter values back as the same parameters (what the web puts in its URL)', () => {
    const params = filterParamsOf(gems.filters, { cut: ['good'], isLab: true, carat: { to: 2 }, status: false });
    expect(params).toEqual({ cut: 'good', isLab: 'lab', shapeId: undefined, caratFrom: undefined, caratTo: '2', createdFrom: undefined, createdTo: undefined, status: 'inactive' });
    const defined = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
    expect(filterValuesOf(gems.filters, gems.schema.parse(defined))).toEqual({ cut: ['good'], isLab: true, carat: { to: 2 }, status: false });
  });

  it('refuses a range whose from is past its to, on the to field, for numbers and dates', () => {
    const numbers = gems.schema.safeParse({ caratFrom: '2', caratTo: '1' });
    expect(numbers.success).toBe(false);
    expect(numbers.error?.issues).toEqual([expect.objectContaining({ path: ['caratTo'], message: MESSAGES.filterRange('Carat') })]);
    expect(messagesOf(gems.schema.safeParse({ createdFrom: '2026-03-02', createdTo: '2026-03-01' }))).toEqual([MESSAGES.filterRange('Created Date')]);
    // Equal ends are one value, not a mistake.
    expect(gems.schema.safeParse({ caratFrom: '1', caratTo: '1', createdFrom: '2026-03-01', createdTo: '2026-03-01' }).success).toBe(true);
  });

  it('refuses malformed filters with a message naming the filter', () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ cut: 'ideal,poor' }, MESSAGES.filterChoice('Cut', 'ideal, good')],
      [{ cut: '' }, MESSAGES.filterChoice('Cut', 'ideal, good')],
      [{ isLab: 'yes' }, MESSAGES.filterChoice('Type', 'lab, earth')],
      [{ status: 'true' }, MESSAGES.filterChoice('Status', 'active, inactive')],
      [{ shapeId: '1,x' }, MESSAGES.filterIds('Shape')],
      [{ shapeId: '0' }, MESSAGES.filterIds('Shape')],
      [{ shapeId: '2147483648' }, MESSAGES.filterIds('Shape')],
      [{ shapeId: Array.from({ length: FILTER_IDS_MAX + 1 }, (_, i) => i + 1).join(',') }, MESSAGES.tooManyItems(FILTER_IDS_MAX)],
      [{ shapeId: ['1', 'x'] }, MESSAGES.filterIds('Shape')],
      [{ caratFrom: '1e3' }, MESSAGES.filterNumber('Carat from', 0, 999.999, 3)],
      [{ caratFrom: '0x10' }, MESSAGES.filterNumber('Carat from', 0, 999.999, 3)],
      [{ caratTo: '0.1234' }, MESSAGES.filterNumber('Carat to', 0, 999.999, 3)],
      [{ caratTo: '1000' }, MESSAGES.filterNumber('Carat to', 0, 999.999, 3)],
      [{ caratFrom: '-1' }, MESSAGES.filterNumber('Carat from', 0, 999.999, 3)],
      [{ createdFrom: '2026-02-30' }, MESSAGES.filterDate('Created Date from')],
      [{ createdTo: '01/02/2026' }, MESSAGES.filterDate('Created Date to')],
      [{ sort: 'passwordHash' }, MESSAGES.sortableFields('name, createdAt')],
    ];
    for (const [query, message] of cases) expect(messagesOf(gems.schema.safeParse(query)), JSON.stringify(query)).toEqual([message]);
  });

  it('gives each resource its list query: sortable fields and declared filters', () => {
    expect(shippingRateResource.listQuery.schema.parse({ rateFrom: '5', status: 'inactive' })).toMatchObject({ rateFrom: 5, status: false });
    expect(messagesOf(shippingRateResource.listQuery.schema.safeParse({ sort: 'rate' }))).toEqual([MESSAGES.sortableFields('name, createdAt')]);
    expect(diamondMarkupResource.listQuery.schema.parse({ isLabDiamond: 'lab', markupType: 'amount', shapeCategoryId: '2' })).toMatchObject({
      isLabDiamond: true,
      markupType: ['amount'],
      shapeCategoryId: [2],
    });
  });

  it('reads a text filter as the words typed, trimmed; a blank box filters nothing', () => {
    const list = defineListQuery({ sortable: ['name'], filters: { name: textFilter('Name', { maxLength: 10 }), vendor: textFilter('Vendor', { maxLength: 10, match: 'equals' }) } });
    expect(list.schema.parse({ name: '  Halo ', vendor: 'Acme' })).toMatchObject({ name: 'Halo', vendor: 'Acme' });
    expect(filterValuesOf(list.filters, list.schema.parse({ name: '   ' }))).toEqual({});
    expect(messagesOf(list.schema.safeParse({ name: 'x'.repeat(11) }))).toEqual([MESSAGES.filterText('Name', 10)]);
    expect(messagesOf(list.schema.safeParse({ name: 'a\u0000b' }))).toEqual([MESSAGES.unsafeText]);
    expect(filterParamsOf(list.filters, { name: 'Halo' })).toEqual({ name: 'Halo', vendor: undefined });
  });

  it('names a range\'s ends as the spec does, and can require its To', () => {
    const list = defineListQuery({
      sortable: ['name'],
      filters: { price: rangeFilter('Price', { max: 9_999_999_999, decimals: 2, isToRequired: true }, { from: 'pricefrom', to: 'priceto' }) },
    });
    const query = list.schema.parse({ pricefrom: '10', priceto: '99.5' });
    expect(query).toMatchObject({ pricefrom: 10, priceto: 99.5 });
    expect(filterValuesOf(list.filters, query)).toEqual({ price: { from: 10, to: 99.5 } });
    expect(filterParamsOf(list.filters, { price: { from: 1 } })).toEqual({ pricefrom: '1', priceto: undefined });
    // The default names are not read for it.
    expect(filterValuesOf(list.filters, list.schema.parse({ priceFrom: '10' }))).toEqual({});
    expect(list.schema.safeParse({ pricefrom: '10' }).error?.issues).toEqual([expect.objectContaining({ path: ['priceto'], message: MESSAGES.required })]);
    expect(list.schema.safeParse({ pricefrom: '10', priceto: '9' }).error?.issues).toEqual([expect.objectContaining({ path: ['priceto'], message: MESSAGES.filterRange('Price') })]);
    expect(list.schema.safeParse({ priceto: '9' }).success).toBe(true);
    expect(messagesOf(list.schema.safeParse({ priceto: '-1' }))).toEqual([MESSAGES.filterNumber('Price to', 0, 9_999_999_999, 2)]);
  });
});
