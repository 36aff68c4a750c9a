import { describe, expect, it } from 'vitest';
import { findMenuTreeProblem, levelOf, subtreeHeight } from './menu-tree.ts';

const chain = (levels: number) => Array.from({ length: levels }, (_, i) => ({ id: i + 1, parentId: i === 0 ? null : i }));

describe('menu tree rule', () => {
  it('accepts 4 levels and refuses a 5th', () => {
    expect(findMenuTreeProblem(chain(4))).toBeNull();
    expect(findMenuTreeProblem(chain(5))).toEqual({ kind: 'tooDeep', id: 5 });
  });

  it('refuses cycles, an item under itself included', () => {
    expect(findMenuTreeProblem([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }])?.kind).toBe('cycle');
    expect(findMenuTreeProblem([{ id: 1, parentId: 1 }])?.kind).toBe('cycle');
  });

  it('refuses a parent that is not in the menu', () => {
    expect(findMenuTreeProblem([{ id: 1, parentId: 9 }])).toEqual({ kind: 'unknownParent', id: 1 });
  });

  it('measures levels and subtree heights for checking a drop', () => {
    const nodes = [...chain(3), { id: 10, parentId: 1 }];
    expect(levelOf(nodes, 3)).toBe(3);
    expect(levelOf(nodes, 10)).toBe(2);
    expect(subtreeHeight(nodes, 1)).toBe(3);
    expect(subtreeHeight(nodes, 10)).toBe(1);
  });
});
