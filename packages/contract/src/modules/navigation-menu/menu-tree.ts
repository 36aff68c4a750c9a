/** The spec's menu depth (document 1 §3, §9): a tree of up to 4 levels. */
export const MENU_MAX_DEPTH = 4;

export interface MenuTreeNode {
  id: number;
  /** null at the top level. */
  parentId: number | null;
}

export type MenuTreeProblem = { kind: 'unknownParent'; id: number } | { kind: 'cycle'; id: number } | { kind: 'tooDeep'; id: number };

/**
 * Checks a whole menu (every live item, with the parents it would have): each parent exists, no item
 * sits below itself, and no item is deeper than `MENU_MAX_DEPTH`. Returns the first problem or null.
 * The server refuses a tree with a problem; the UI uses the same rule to refuse a drop early.
 */
export function findMenuTreeProblem(nodes: readonly MenuTreeNode[]): MenuTreeProblem | null {
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId]));
  for (const node of nodes) {
    if (node.parentId !== null && !parentOf.has(node.parentId)) return { kind: 'unknownParent', id: node.id };
  }
  for (const node of nodes) {
    let depth = 1;
    const seen = new Set([node.id]);
    for (let parent = node.parentId; parent !== null; parent = parentOf.get(parent) ?? null) {
      if (seen.has(parent)) return { kind: 'cycle', id: node.id };
      seen.add(parent);
      depth++;
    }
    if (depth > MENU_MAX_DEPTH) return { kind: 'tooDeep', id: node.id };
  }
  return null;
}

/** Levels of the subtree below and including `id` (1 for a leaf); for checking a drop in the UI. */
export function subtreeHeight(nodes: readonly MenuTreeNode[], id: number): number {
  const children = nodes.filter((node) => node.parentId === id);
  return 1 + Math.max(0, ...children.map((child) => subtreeHeight(nodes, child.id)));
}

/** Level of an item, the top level being 1. */
export function levelOf(nodes: readonly MenuTreeNode[], id: number): number {
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId]));
  let level = 1;
  for (let parent = parentOf.get(id) ?? null; parent !== null && level <= nodes.length; parent = parentOf.get(parent) ?? null) level++;
  return level;
}
