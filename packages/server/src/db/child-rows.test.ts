import { describe, expect, it } from 'vitest';
import { planChildRows } from './child-rows.ts';

const stored = [
  { id: 1, value: 'Gold' },
  { id: 2, value: 'Silver' },
  { id: 3, value: 'Platinum' },
];
const same = (a: { value: string }, b: { value: string }) => a.value === b.value;

describe('planChildRows', () => {
  it('inserts rows without an id, updates changed ones, leaves equal ones and removes what was left out', () => {
    const plan = planChildRows(stored, [{ id: 1, value: 'Gold' }, { id: 2, value: 'Sterling silver' }, { value: 'Palladium' }], same);
    expect(plan.insert).toEqual([{ value: 'Palladium' }]);
    expect(plan.update).toEqual([{ stored: stored[1], sent: { id: 2, value: 'Sterling silver' } }]);
    expect(plan.unchanged).toEqual([stored[0]]);
    expect(plan.remove).toEqual([stored[2]]);
    expect(plan.unknownIds).toEqual([]);
    expect(plan.repeatedIds).toEqual([]);
  });

  it('names ids that are not the parent’s rows and ids sent twice', () => {
    const plan = planChildRows(stored, [{ id: 9, value: 'x' }, { id: 1, value: 'a' }, { id: 1, value: 'b' }, { id: 1, value: 'c' }, { id: 9, value: 'y' }], same);
    expect(plan.unknownIds).toEqual([9]);
    expect(plan.repeatedIds).toEqual([1, 9]);
    // The first sending of an id is the one planned; the repeats are only reported.
    expect(plan.update).toEqual([{ stored: stored[0], sent: { id: 1, value: 'a' } }]);
  });

  it('removes everything when nothing is sent, and inserts everything for a new parent', () => {
    expect(planChildRows(stored, [], same).remove).toEqual(stored);
    const fresh = planChildRows<{ id?: number; value: string }, { id: number; value: string }>([], [{ value: 'Gold' }, { value: 'Silver' }], same);
    expect(fresh.insert).toHaveLength(2);
    expect(fresh.remove).toEqual([]);
  });
});
