import { describe, expect, it } from 'vitest';
import { groupSortId, isGroupSortId, matchesAttributeSearch, moveGroup } from './attribute-groups.ts';

describe('the attribute set form', () => {
  it('filters the unassigned attributes by name or code, any case, ignoring spaces around', () => {
    const metal = { attributeName: 'Metal Quality', attributeCode: 'Metal_quality' };
    const size = { attributeName: 'Ring Size', attributeCode: 'ringSize' };
    expect([metal, size].filter((attribute) => matchesAttributeSearch(attribute, ' metal '))).toEqual([metal]);
    expect([metal, size].filter((attribute) => matchesAttributeSearch(attribute, 'RINGSIZE'))).toEqual([size]);
    expect([metal, size].filter((attribute) => matchesAttributeSearch(attribute, 'quality'))).toEqual([metal]);
    expect([metal, size].filter((attribute) => matchesAttributeSearch(attribute, '  '))).toEqual([metal, size]);
    expect([metal, size].filter((attribute) => matchesAttributeSearch(attribute, 'gemstone'))).toEqual([]);
  });

  it('moves a group up or down, the others keeping their order', () => {
    expect(moveGroup(['General', 'Stone', 'Metal'], 2, 0)).toEqual(['Metal', 'General', 'Stone']);
    expect(moveGroup(['General', 'Stone', 'Metal'], 0, 2)).toEqual(['Stone', 'Metal', 'General']);
    expect(moveGroup(['General', 'Stone'], 1, 1)).toEqual(['General', 'Stone']);
    expect(moveGroup(['General', 'Stone'], 0, 5)).toEqual(['General', 'Stone']);
  });

  it('gives each group a drag id of its own, told apart from the attributes', () => {
    expect(groupSortId({ name: ' Stone ' })).toBe(groupSortId({ name: 'STONE' }));
    expect(isGroupSortId(groupSortId({ name: 'Stone' }))).toBe(true);
    expect(isGroupSortId('attribute-12')).toBe(false);
    expect(isGroupSortId('group-0')).toBe(false);
  });
});
