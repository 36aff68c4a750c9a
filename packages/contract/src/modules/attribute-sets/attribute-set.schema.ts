import { z } from 'zod';
import { answeredField, recordId, recordOf } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import type { UncheckedFields } from '../../rules.ts';
import { acrossFields, entriesOf, requiredText } from '../../rules.ts';

/**
 * Every set has one default group (the spec's group id 0, named General): attributes not placed
 * elsewhere sit there. It cannot be renamed or deleted, so the name is fixed here.
 */
export const DEFAULT_GROUP_NAME = 'General';

/** Groups of one set, and attributes of one group: generous for any shop, within one insert's parameters. */
export const ATTRIBUTE_SET_GROUPS_MAX = 100;
export const GROUP_ATTRIBUTES_MAX = 500;

export const attributeSetGroupInputSchema = z.object({
  /** Present for a group that exists; absent for a new one. */
  id: recordId().optional(),
  name: requiredText(100),
  isDefault: z.boolean().default(false),
  /** The group's attributes in display order. */
  attributeIds: z.array(recordId()).max(GROUP_ATTRIBUTES_MAX, MESSAGES.tooManyItems(GROUP_ATTRIBUTES_MAX)).default([]),
});
export type AttributeSetGroupInput = z.input<typeof attributeSetGroupInputSchema>;

/**
 * Rules over the group list (document 2 §4, §5): at least one group; exactly one default group,
 * named General; group names unique case-insensitively ('Group already exist'); an attribute in one
 * group only.
 */
function checkGroups(value: UncheckedFields<{ groups: unknown }>, report: (path: (string | number)[], message: string) => void) {
  if (!Array.isArray(value.groups)) return;
  const groups = entriesOf(value.groups);
  if (!groups.length) return report(['groups'], MESSAGES.atLeastOneGroup);
  const defaults = groups.flatMap((group, index) => (group.isDefault === true ? [index] : []));
  if (!defaults.length) report(['groups'], MESSAGES.defaultGroupNotDeletable);
  defaults.slice(1).forEach((index) => report(['groups', index, 'isDefault'], MESSAGES.oneDefaultGroup));
  const names = new Set<string>();
  const placed = new Set<number>();
  groups.forEach((group, index) => {
    if (typeof group.name === 'string' && group.name.trim() !== '') {
      const name = group.name.trim();
      if (group.isDefault === true && name !== DEFAULT_GROUP_NAME) report(['groups', index, 'name'], MESSAGES.defaultGroupLocked);
      if (names.has(name.toLowerCase())) report(['groups', index, 'name'], MESSAGES.groupExists);
      names.add(name.toLowerCase());
    }
    if (!Array.isArray(group.attributeIds)) return;
    for (const id of group.attributeIds as unknown[]) {
      if (typeof id !== 'number') continue;
      if (placed.has(id)) {
        report(['groups', index, 'attributeIds'], MESSAGES.attributeInTwoGroups);
        break;
      }
      placed.add(id);
    }
  });
}

export const attributeSetInputSchema = acrossFields(
  z.object({
    name: requiredText(255),
    status: z.boolean(),
    groups: z.array(attributeSetGroupInputSchema).max(ATTRIBUTE_SET_GROUPS_MAX, MESSAGES.tooManyItems(ATTRIBUTE_SET_GROUPS_MAX)),
  }),
  checkGroups,
);
export type AttributeSetInput = z.input<typeof attributeSetInputSchema>;

export const attributeSetAttributeSchema = z.object({ id: z.number().int(), attributeName: z.string(), attributeCode: z.string() });
export type AttributeSetAttribute = z.infer<typeof attributeSetAttributeSchema>;

export const attributeSetGroupRecordSchema = answeredField(attributeSetGroupInputSchema).extend({
  id: z.number().int(),
  /** The same attributes with their names, for showing them (an inactive one is still named). */
  attributes: z.array(attributeSetAttributeSchema),
});
export type AttributeSetGroupRecord = z.infer<typeof attributeSetGroupRecordSchema>;

export const attributeSetRecordSchema = recordOf(attributeSetInputSchema, {
  groups: z.array(attributeSetGroupRecordSchema),
  /** Products use this set: it cannot be deleted. */
  inUse: z.boolean(),
});
export type AttributeSetRecord = z.infer<typeof attributeSetRecordSchema>;

/**
 * An attribute set with its groups and their attributes: an aggregate saved whole in one request and
 * one transaction (document 2 §2, §3).
 */
export const attributeSetResource = defineResource({
  name: 'attribute-sets',
  entity: 'attribute_set',
  label: 'Attribute Set',
  permission: 'attribute',
  createInput: attributeSetInputSchema,
  record: attributeSetRecordSchema,
  searchable: ['name'],
  sortable: ['name', 'createdAt'],
  unique: [{ field: 'name', label: 'Attribute Set' }],
});
