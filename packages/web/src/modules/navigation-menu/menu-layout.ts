import type { MenuTreeNode } from '@facet/contract/modules/navigation-menu/menu-tree';
import { findMenuTreeProblem } from '@facet/contract/modules/navigation-menu/menu-tree';
import type { MenuTreeProblem } from '@facet/contract/modules/navigation-menu/menu-tree';

/**
 * The draggable tree as data: for each parent (null = top level) its enabled children in order.
 * Pure, so the rules of a drop can be read and tested without a browser.
 */
export type MenuLayout = ReadonlyMap<number | null, readonly number[]>;

interface LayoutItem extends MenuTreeNode {
  status: boolean;
}

/**
 * Items the enabled tree shows: enabled, with every ancestor enabled (an enabled item under a
 * disabled one is hidden from the storefront too). `items` come in menu order.
 */
export function enabledLayout(items: readonly LayoutItem[]): MenuLayout {
  const byId = new Map(items.map((item) => [item.id, item]));
  const isShown = (item: LayoutItem): boolean => {
    for (let current: LayoutItem | undefined = item; current; current = current.parentId === null ? undefined : byId.get(current.parentId)) {
      if (!current.status) return false;
    }
    return true;
  };
  const layout = new Map<number | null, number[]>();
  for (const item of items) {
    if (!isShown(item)) continue;
    const siblings = layout.get(item.parentId) ?? [];
    siblings.push(item.id);
    layout.set(item.parentId, siblings);
  }
  return layout;
}

/** Enabled items left out of the tree because a menu above them is disabled. */
export function hiddenUnderDisabled<T extends LayoutItem>(items: readonly T[], layout: MenuLayout): T[] {
  const shown = new Set([...layout.values()].flat());
  return items.filter((item) => item.status && !shown.has(item.id));
}

/** The layout with `id` moved to position `index` among the children of `parentId`. */
export function moveItem(layout: MenuLayout, id: number, parentId: number | null, index: number): MenuLayout {
  const next = new Map([...layout].map(([parent, children]) => [parent, children.filter((child) => child !== id)]));
  const siblings = [...(next.get(parentId) ?? [])];
  siblings.splice(Math.min(Math.max(index, 0), siblings.length), 0, id);
  next.set(parentId, siblings);
  return next;
}

/** Where each item of the tree sits: what Save Menu sends (sort order = position among siblings). */
export function placementsOf(layout: MenuLayout): { id: number; parentId: number | null; sortOrder: number }[] {
  return [...layout].flatMap(([parentId, children]) => children.map((id, sortOrder) => ({ id, parentId, sortOrder })));
}

/**
 * What is wrong with the whole menu (hidden and disabled items included, as the server checks it)
 * if the tree took this layout; null when the layout may be saved.
 */
export function problemOfLayout(items: readonly MenuTreeNode[], layout: MenuLayout): MenuTreeProblem | null {
  const parentOf = new Map(placementsOf(layout).map((placement) => [placement.id, placement.parentId]));
  return findMenuTreeProblem(items.map((item) => ({ id: item.id, parentId: parentOf.has(item.id) ? parentOf.get(item.id)! : item.parentId })));
}
