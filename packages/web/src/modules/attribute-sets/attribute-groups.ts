import type { AttributeSetAttribute } from '@facet/contract/modules/attribute-sets/attribute-set.schema';

/** The unassigned attributes a search shows: name or code containing the text, any case; all of them for an empty search. */
export function matchesAttributeSearch(attribute: Pick<AttributeSetAttribute, 'attributeName' | 'attributeCode'>, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return attribute.attributeName.toLowerCase().includes(text) || attribute.attributeCode.toLowerCase().includes(text);
}

/** The groups with the one at `from` moved to `to` (the others keep their order); the save stores groups in this order. */
export function moveGroup<T>(groups: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= groups.length || to >= groups.length) return [...groups];
  const next = [...groups];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A group's drag id: names are unique in a set (case-insensitively), and new groups have no id yet. */
export const groupSortId = (group: { name: string }) => `sort-group:${group.name.trim().toLowerCase()}`;
export const isGroupSortId = (id: string | number) => String(id).startsWith('sort-group:');
