import { describe, expect, it } from 'vitest';
import { CAPPED_TEXT_TOTAL, CAPPED_TOTAL, UNCOUNTED_PAST_CAP_TIMES, cappedTotal, countCap, countToCap, isTextMatch } from './list-totals.ts';
import { textFilter, choiceFilter } from '@facet/contract/list-query';

/** The capped count every big list shares, the toolkit's and the hand-written ones' (products). */
describe('capped totals', () => {
  const paging = { limit: 20, offset: 0 };

  it('a search or a contains filter is a text match; an equals filter or a choice is not', () => {
    const filters = { name: textFilter('Name', { maxLength: 50 }), vendor: textFilter('Vendor', { maxLength: 50, match: 'equals' }), kind: choiceFilter('Kind', { a: 'A', b: 'B' }) };
    expect(isTextMatch(filters, { search: 'ring' })).toBe(true);
    expect(isTextMatch(filters, { search: '  ' })).toBe(false);
    expect(isTextMatch(filters, { name: 'ring' })).toBe(true);
    expect(isTextMatch(filters, { vendor: 'Facet' })).toBe(false);
    expect(isTextMatch(filters, { kind: ['a'] })).toBe(false);
  });

  it('counts as far as the page asked for when it lies past the cap', () => {
    expect(countCap(CAPPED_TEXT_TOTAL, paging)).toBe(CAPPED_TEXT_TOTAL);
    expect(countCap(CAPPED_TEXT_TOTAL, { limit: 20, offset: 1200 })).toBe(1220);
  });

  it('counts up to one past the cap, or not at all when the planner expects far more', async () => {
    const asked: number[] = [];
    const countUpTo = async (upTo: number) => {
      asked.push(upTo);
      return 7;
    };
    const big = { rows: CAPPED_TOTAL * UNCOUNTED_PAST_CAP_TIMES * 3, hasStatistics: true };
    // The list's own condition expected to match few: counted.
    expect(await countToCap(CAPPED_TEXT_TOTAL, { size: big, plannedMatches: async () => 50, countUpTo })).toBe(7);
    expect(asked).toEqual([CAPPED_TEXT_TOTAL + 1]);
    // Expected to match ten times the cap: not counted.
    expect(await countToCap(CAPPED_TEXT_TOTAL, { size: big, plannedMatches: async () => CAPPED_TEXT_TOTAL * UNCOUNTED_PAST_CAP_TIMES, countUpTo })).toBeUndefined();
    // A plain page of a big table: the table's size is the figure.
    expect(await countToCap(CAPPED_TOTAL, { size: big, plannedMatches: null, countUpTo })).toBeUndefined();
    // No statistics yet: the figure is not trusted, the rows are counted.
    expect(await countToCap(CAPPED_TOTAL, { size: { ...big, hasStatistics: false }, plannedMatches: null, countUpTo })).toBe(7);
    expect(asked).toEqual([CAPPED_TEXT_TOTAL + 1, CAPPED_TOTAL + 1]);
  });

  it('answers the count within the cap, the cap flagged past it, and the end of a page that is not full', () => {
    expect(cappedTotal(12, 1000, 12, paging)).toEqual({ total: 12 });
    expect(cappedTotal(1001, 1000, 20, paging)).toEqual({ total: 1000, totalIsCapped: true });
    expect(cappedTotal(undefined, 1000, 20, paging)).toEqual({ total: 1000, totalIsCapped: true });
    expect(cappedTotal(undefined, 1220, 7, { limit: 20, offset: 1200 })).toEqual({ total: 1207 });
    // An empty page past the end says nothing of where the end is.
    expect(cappedTotal(undefined, 1220, 0, { limit: 20, offset: 1200 })).toEqual({ total: 1220, totalIsCapped: true });
  });
});
