import { describe, expect, it } from 'vitest';
import { enabledLayout, hiddenUnderDisabled, moveItem, placementsOf, problemOfLayout } from './menu-layout.ts';

const item = (id: number, parentId: number | null, status = true) => ({ id, parentId, status });

describe('menu layout of the draggable tree', () => {
  const items = [item(1, null), item(2, 1), item(3, 2), item(4, 3), item(5, null), item(6, null, false), item(7, 6), item(8, 5)];

  it('shows enabled items under enabled parents, in the order given', () => {
    const layout = enabledLayout(items);
    expect(layout.get(null)).toEqual([1, 5]);
    expect(layout.get(5)).toEqual([8]);
    expect(layout.get(1)).toEqual([2]);
    expect(hiddenUnderDisabled(items, layout).map((i) => i.id)).toEqual([7]);
  });

  it('moves an item and numbers the siblings from 0', () => {
    const moved = moveItem(enabledLayout(items), 5, 1, 0);
    expect(placementsOf(moved)).toEqual(
      expect.arrayContaining([
        { id: 1, parentId: null, sortOrder: 0 },
        { id: 5, parentId: 1, sortOrder: 0 },
        { id: 2, parentId: 1, sortOrder: 1 },
      ]),
    );
  });

  it('finds a 5th level, counting the moved item\'s own children', () => {
    const layout = enabledLayout(items);
    expect(problemOfLayout(items, layout)).toBeNull();
    expect(problemOfLayout(items, moveItem(layout, 8, 4, 0))?.kind).toBe('tooDeep');
    // 2 carries two levels below it: under 5 it reaches level 4, under 8 (level 2) level 5.
    expect(problemOfLayout(items, moveItem(layout, 2, 5, 0))).toBeNull();
    expect(problemOfLayout(items, moveItem(layout, 2, 8, 0))?.kind).toBe('tooDeep');
    expect(problemOfLayout(items, moveItem(layout, 2, 3, 0))?.kind).toBe('cycle');
  });
});
