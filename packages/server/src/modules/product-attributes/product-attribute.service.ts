import { MESSAGES } from '@facet/contract/messages';
import { hasOptionImages, OPTION_IMAGE_PURPOSE, productAttributeResource, SYSTEM_ATTRIBUTE_CODES } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { AttributeInputType, AttributeOptionInput, AttributeOptionRecord } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { planChildRows } from '../../db/child-rows.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { Usage } from '../../db/usage.ts';
import { emitChanged } from '../../events/emit.ts';
import { findUsage } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, conflict, invalidField } from '../../http/errors.ts';
import { assertMediaUrls } from '../media/index.ts';
import { attributeSetAttributeUsage } from '../attribute-sets/index.ts';
import { categoryAttributeUsage } from '../categories/index.ts';
import { metalQualityOptionUsage } from '../metal-qualities/index.ts';
import { productAttributeUsage, productOptionUsage } from '../products/index.ts';
import { attributeOptions, productAttributes } from './product-attribute.table.ts';
import { isLive } from '../../db/columns.ts';

/** What uses attributes and their options: categories, attribute sets, metal qualities and products. */
export interface AttributeUsages {
  attributes: readonly Usage[];
  options: readonly Usage[];
}
export const ATTRIBUTE_USAGES: AttributeUsages = {
  attributes: [categoryAttributeUsage, attributeSetAttributeUsage, productAttributeUsage],
  options: [metalQualityOptionUsage, productOptionUsage],
};

function liveOptions(db: Db, attributeIds: number[]) {
  return db
    .select()
    .from(attributeOptions)
    .where(and(inArray(attributeOptions.attributeId, attributeIds), isLive(attributeOptions)))
    .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id));
}

/** Who uses the attribute itself or any of its options, or nothing (undefined). */
async function usersOfAttribute(db: Db, usages: AttributeUsages, attributeId: number): Promise<string | undefined> {
  const optionIds = (await liveOptions(db, [attributeId])).map((option) => option.id);
  const users = new Set([...((await findUsage(db, usages.attributes, [attributeId])).get(attributeId) ?? [])]);
  for (const usedBy of (await findUsage(db, usages.options, optionIds)).values()) usedBy.forEach((who) => users.add(who));
  return users.size ? [...users].join(' and ') : undefined;
}

/**
 * Options sent with an id must be this attribute's (a new attribute has none yet); options left out
 * are removed, unless something uses them.
 */
async function checkOptionChanges(tx: Db, usages: AttributeUsages, attributeId: number | undefined, options: AttributeOptionInput[]) {
  const current = attributeId === undefined ? [] : await liveOptions(tx, [attributeId]);
  const plan = planChildRows(current, options, () => true);
  if (plan.unknownIds.length) throw invalidField('options', MESSAGES.unknownOptions(plan.unknownIds.join(', ')));
  if (plan.repeatedIds.length) throw invalidField('options', MESSAGES.repeatedOptions(plan.repeatedIds.join(', ')));
  const used = await findUsage(tx, usages.options, plan.remove.map((option) => option.id));
  const blocked = plan.remove.find((option) => used.has(option.id));
  if (blocked) throw conflict(MESSAGES.inUse(`The option ${blocked.value}`, used.get(blocked.id)!.join(' and ')));
}

/** Each option image must be an upload made for option images: else 400 'Invalid file' on that option. */
async function assertOptionImages(tx: Db, options: AttributeOptionInput[]) {
  try {
    await assertMediaUrls(tx, Object.fromEntries(options.map((option, index) => [index, option.valueImage])), [OPTION_IMAGE_PURPOSE]);
  } catch (error) {
    const index = error instanceof AppError ? error.issues?.[0]?.path[0] : undefined;
    if (index === undefined) throw error;
    const path = ['options', Number(index), 'valueImage'];
    throw new AppError('VALIDATION_FAILED', MESSAGES.invalidFile, [{ path, message: MESSAGES.invalidFile }]);
  }
}

/** The options of a save: their changes are allowed, and their images (where the input type shows them) are uploads for options. */
async function assertOptions(
  tx: Db,
  usages: AttributeUsages,
  attributeId: number | undefined,
  input: { inputType: AttributeInputType; options: AttributeOptionInput[] },
) {
  await checkOptionChanges(tx, usages, attributeId, input.options);
  if (hasOptionImages(input.inputType)) await assertOptionImages(tx, input.options);
}

/** Writes the option list as sent: removes the left-out options, updates the changed ones, adds the new. */
async function saveOptions(tx: Db, attributeId: number, options: AttributeOptionInput[], withImages: boolean, context: RequestContext) {
  const by = context.actor.id;
  const values = (option: AttributeOptionInput) => ({ value: option.value, valueImage: withImages ? (option.valueImage ?? '') : '', sortOrder: option.sortOrder ?? 0 });
  const plan = planChildRows(await liveOptions(tx, [attributeId]), options, (stored, sent) => {
    const next = values(sent);
    return stored.value === next.value && stored.valueImage === next.valueImage && stored.sortOrder === next.sortOrder;
  });
  if (plan.remove.length) {
    await tx
      .update(attributeOptions)
      .set({ deletedAt: new Date(), deletedBy: by, version: sql`${attributeOptions.version} + 1` })
      .where(inArray(attributeOptions.id, plan.remove.map((option) => option.id)));
  }
  for (const { stored, sent } of plan.update) {
    await tx
      .update(attributeOptions)
      .set({ ...values(sent), version: sql`${attributeOptions.version} + 1`, updatedAt: new Date(), updatedBy: by })
      .where(eq(attributeOptions.id, stored.id));
  }
  if (plan.insert.length) await tx.insert(attributeOptions).values(plan.insert.map((option) => ({ ...values(option), attributeId, createdBy: by, updatedBy: by })));
}

/**
 * The top-level products that carry an attribute (a variant's value shows on its parent's
 * document): their storefront documents name the attribute and its options.
 */
async function productsCarrying(tx: Db, attributeId: number): Promise<number[]> {
  const result = (await tx.execute(sql`select distinct coalesce(p.parent_product_id, p.id) as id
    from product_attribute_values v join products p on p.id = v.product_id
    where v.attribute_id = ${attributeId} and p.deleted_at is null`));
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

export function createProductAttributeService(db: Db, usages: AttributeUsages = ATTRIBUTE_USAGES) {
  return createCrudService(db, productAttributeResource, productAttributes, {
    // An attribute renamed, its options renamed, switched off or deleted stales the storefront documents
    // of the products that carry it. A new attribute is on no product yet.
    async afterWrite(tx, { action, id }) {
      if (action !== 'create') await emitChanged(tx, 'products.changed', await productsCarrying(tx, id));
    },
    // The code is written once, on add.
    toValues: ({ attributeCode, attributeName, description, inputType, isRequired, useInSearch, showInStorefront, status }, { action }) => ({
      ...(action === 'create' ? { attributeCode } : {}),
      attributeName,
      description,
      inputType,
      isRequired,
      useInSearch,
      showInStorefront,
      status,
    }),

    async loadRelations(source, ids) {
      const options = await liveOptions(source, ids);
      const optionUsers = await findUsage(source, usages.options, options.map((option) => option.id));
      const attributeUsers = await findUsage(source, usages.attributes, ids);
      const byAttribute = new Map<number, { options: AttributeOptionRecord[]; inUse: boolean }>(
        ids.map((id) => [id, { options: [], inUse: attributeUsers.has(id) }]),
      );
      for (const { id, attributeId, value, valueImage, sortOrder } of options) {
        const inUse = optionUsers.has(id);
        const entry = byAttribute.get(attributeId)!;
        entry.options.push({ id, value, valueImage, sortOrder, inUse });
        entry.inUse ||= inUse;
      }
      return byAttribute as Map<number, Row>;
    },

    beforeCreate: (tx, { input }) => assertOptions(tx, usages, undefined, input),
    async beforeUpdate(tx, { input, existing }) {
      if (input.attributeCode !== existing.attributeCode) throw invalidField('attributeCode', MESSAGES.attributeCodeReadOnly);
      await assertOptions(tx, usages, existing.id, input);
    },
    async beforeDelete(tx, { existing }) {
      if (SYSTEM_ATTRIBUTE_CODES.includes(existing.attributeCode)) throw conflict(MESSAGES.systemAttribute);
      const usedBy = await usersOfAttribute(tx, usages, existing.id);
      if (usedBy) throw conflict(MESSAGES.inUse('This attribute', usedBy));
    },

    async saveRelations(tx, id, input, { context }) {
      await saveOptions(tx, id, input.options, hasOptionImages(input.inputType), context);
    },
  });
}
