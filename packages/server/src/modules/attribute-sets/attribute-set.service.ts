import { MESSAGES } from '@facet/contract/messages';
import { attributeSetResource } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import type { AttributeSetGroupRecord } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { planChildRows } from '../../db/child-rows.ts';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { Usage } from '../../db/usage.ts';
import { assertNotInUse, findUsage } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productAttributeSetUsage } from '../products/index.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from './attribute-set.table.ts';
import { isLive } from '../../db/columns.ts';

/** What uses attribute sets: products (a product's set). The in-use rules (no delete, the list's disabled Delete) read it. */
export const ATTRIBUTE_SET_USAGES: Usage[] = [productAttributeSetUsage];

/** Product attributes placed in a group of a live set: such an attribute cannot be deleted. */
export const attributeSetAttributeUsage: Usage = {
  usedBy: 'attribute sets',
  async findUsedIds(db, ids) {
    const rows = await db
      .selectDistinct({ id: attributeSetGroupAttributes.attributeId })
      .from(attributeSetGroupAttributes)
      .innerJoin(attributeSets, and(eq(attributeSets.id, attributeSetGroupAttributes.setId), isLive(attributeSets)))
      .where(inArray(attributeSetGroupAttributes.attributeId, ids));
    return rows.map((row) => row.id);
  },
};

type GroupInput = { id?: number | undefined; name: string; isDefault: boolean; attributeIds: number[] };
type SetInput = { name: string; status: boolean; groups: GroupInput[] };

const issue = (path: (string | number)[], message: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }]);

function liveGroups(db: Db, setIds: number[]) {
  return db
    .select()
    .from(attributeSetGroups)
    .where(and(inArray(attributeSetGroups.setId, setIds), isLive(attributeSetGroups)))
    .orderBy(asc(attributeSetGroups.sortOrder), asc(attributeSetGroups.id));
}

/**
 * The groups as sent, the default group resolved: a set has one, so the group sent as the default is
 * the stored default group even without its id (a form that rebuilt the list need not carry it).
 */
async function resolveGroups(tx: Db, setId: number | undefined, groups: GroupInput[]) {
  const current = setId === undefined ? [] : await liveGroups(tx, [setId]);
  const storedDefault = current.find((group) => group.isDefault);
  const resolved = groups.map((group) => (storedDefault && group.isDefault && group.id === undefined ? { ...group, id: storedDefault.id } : group));
  return { current, storedDefault, resolved };
}

/**
 * Groups sent with an id must be this set's (a new set has none yet); the default group stays the
 * one stored and cannot be left out (document 2 §4).
 */
async function checkGroupChanges(tx: Db, setId: number | undefined, groups: GroupInput[]) {
  const { current, storedDefault, resolved } = await resolveGroups(tx, setId, groups);
  const plan = planChildRows(current, resolved, () => true);
  if (plan.unknownIds.length) throw invalidField('groups', MESSAGES.unknownGroups(plan.unknownIds.join(', ')));
  if (plan.repeatedIds.length) throw invalidField('groups', MESSAGES.repeatedGroups(plan.repeatedIds.join(', ')));
  // The schema already demands one default group; here it must be the stored one, not another group renamed.
  if (storedDefault && resolved.find((group) => group.isDefault)?.id !== storedDefault.id) throw invalidField('groups', MESSAGES.defaultGroupNotDeletable);
}

/** Every attribute placed must be a live product attribute: else 400 on the group that names it. */
async function checkAttributes(tx: Db, groups: GroupInput[]) {
  const wanted = [...new Set(groups.flatMap((group) => group.attributeIds))];
  if (!wanted.length) return;
  const found = new Set(
    (await tx.select({ id: productAttributes.id }).from(productAttributes).where(and(inArray(productAttributes.id, wanted), isLive(productAttributes)))).map(
      (row) => row.id,
    ),
  );
  const index = groups.findIndex((group) => group.attributeIds.some((id) => !found.has(id)));
  if (index >= 0) throw issue(['groups', index, 'attributeIds'], MESSAGES.unknownAttribute);
}

/** Writes the groups as sent (removing left-out ones) and replaces the set's attribute placements. */
async function saveGroups(tx: Db, setId: number, groups: GroupInput[], context: RequestContext) {
  const by = context.actor.id;
  const { current, resolved } = await resolveGroups(tx, setId, groups);
  const sent = resolved.map((group, sortOrder) => ({ ...group, sortOrder }));
  const plan = planChildRows(current, sent, (stored, next) => stored.name === next.name && stored.sortOrder === next.sortOrder);
  // Placements first: they point at groups about to be removed, and are rewritten whole below.
  await tx.delete(attributeSetGroupAttributes).where(eq(attributeSetGroupAttributes.setId, setId));
  if (plan.remove.length) {
    await tx
      .update(attributeSetGroups)
      .set({ deletedAt: new Date(), deletedBy: by, version: sql`${attributeSetGroups.version} + 1` })
      .where(inArray(attributeSetGroups.id, plan.remove.map((group) => group.id)));
  }
  for (const { stored, sent: next } of plan.update) {
    await tx
      .update(attributeSetGroups)
      .set({ name: next.name, sortOrder: next.sortOrder, version: sql`${attributeSetGroups.version} + 1`, updatedAt: new Date(), updatedBy: by })
      .where(eq(attributeSetGroups.id, stored.id));
  }
  const inserted = plan.insert.length
    ? await tx
        .insert(attributeSetGroups)
        .values(plan.insert.map((group) => ({ setId, name: group.name, isDefault: group.isDefault, sortOrder: group.sortOrder, createdBy: by, updatedBy: by })))
        .returning({ id: attributeSetGroups.id })
    : [];
  // New groups get their ids in the order they were inserted.
  const newIds = new Map(plan.insert.map((group, index) => [group, inserted[index]!.id]));
  const placements = sent.flatMap((group) =>
    group.attributeIds.map((attributeId, sortOrder) => ({ setId, groupId: group.id ?? newIds.get(group)!, attributeId, sortOrder })),
  );
  if (placements.length) await tx.insert(attributeSetGroupAttributes).values(placements);
}

async function loadGroups(db: Db, setIds: number[]): Promise<Map<number, AttributeSetGroupRecord[]>> {
  const groups = await liveGroups(db, setIds);
  const placements = groups.length
    ? await db
        .select({
          groupId: attributeSetGroupAttributes.groupId,
          id: productAttributes.id,
          attributeName: productAttributes.attributeName,
          attributeCode: productAttributes.attributeCode,
        })
        .from(attributeSetGroupAttributes)
        .innerJoin(productAttributes, eq(productAttributes.id, attributeSetGroupAttributes.attributeId))
        .where(
          and(
            inArray(attributeSetGroupAttributes.groupId, groups.map((group) => group.id)),
            // A deleted attribute drops out of its groups (it could only be deleted while unplaced, but stay safe).
            isLive(productAttributes),
          ),
        )
        .orderBy(asc(attributeSetGroupAttributes.sortOrder))
    : [];
  const bySet = new Map<number, AttributeSetGroupRecord[]>(setIds.map((id) => [id, []]));
  const byGroup = new Map<number, AttributeSetGroupRecord>();
  for (const { id, setId, name, isDefault } of groups) {
    const record: AttributeSetGroupRecord = { id, name, isDefault, attributeIds: [], attributes: [] };
    byGroup.set(id, record);
    bySet.get(setId)!.push(record);
  }
  for (const { groupId, ...attribute } of placements) {
    const group = byGroup.get(groupId)!;
    group.attributeIds.push(attribute.id);
    group.attributes.push(attribute);
  }
  return bySet;
}

export function createAttributeSetService(db: Db, usages: readonly Usage[] = ATTRIBUTE_SET_USAGES) {
  return createCrudService(db, attributeSetResource, attributeSets, {
    toValues: ({ name, status }) => ({ name, status }),

    async loadRelations(source, ids) {
      const groups = await loadGroups(source, ids);
      const used = await findUsage(source, usages, ids);
      return new Map(ids.map((id) => [id, { groups: groups.get(id) ?? [], inUse: used.has(id) } as Row]));
    },

    async beforeCreate(tx, { input }) {
      await checkGroupChanges(tx, undefined, (input as SetInput).groups);
      await checkAttributes(tx, (input as SetInput).groups);
    },
    async beforeUpdate(tx, { input, existing }) {
      await checkGroupChanges(tx, existing.id, (input as SetInput).groups);
      await checkAttributes(tx, (input as SetInput).groups);
    },
    beforeDelete: (tx, { existing }) => assertNotInUse(tx, usages, existing.id, 'This attribute set'),

    async saveRelations(tx, id, input, { context }) {
      await saveGroups(tx, id, (input as SetInput).groups, context);
    },
  });
}
