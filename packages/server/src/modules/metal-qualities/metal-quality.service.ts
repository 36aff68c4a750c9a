import { MESSAGES } from '@facet/contract/messages';
import { metalQualityResource } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import type { MetalQualityChoices, MetalQualityInput } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import { METAL_QUALITY_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { columnUsage } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { conflict, invalidField } from '../../http/errors.ts';
import { writeAudit } from '../../db/audit.ts';
import { metals } from '../metals/metal.table.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { metalQualities } from './metal-quality.table.ts';
import { isLive } from '../../db/columns.ts';

const priceOfMetal = (metalId: number) => sql`(select ${metals.metalPrice} from ${metals} where ${metals.id} = ${metalId})`;

/**
 * Gold price and rate of a quality of this metal, as SQL: the metal's price, and that price ×
 * fineness / 100 to the penny (the SQL twin of the contract's metalQualityRate).
 */
export function pricingOf(metalId: number, fineness: number | PgColumn) {
  const finenessValue = typeof fineness === 'number' ? sql`${fineness}::numeric` : fineness;
  return { goldRate: priceOfMetal(metalId), rate: sql`round(${priceOfMetal(metalId)} * ${finenessValue} / 100, 2)` };
}

/** The live options of the attribute Metal_quality (or the one with `optionId`): what a metal quality is named from. */
function metalQualityOptions(db: Db, optionId?: number) {
  return db
    .select({ id: attributeOptions.id, value: attributeOptions.value })
    .from(attributeOptions)
    .innerJoin(productAttributes, eq(productAttributes.id, attributeOptions.attributeId))
    .where(
      and(
        eq(productAttributes.attributeCode, METAL_QUALITY_ATTRIBUTE_CODE),
        isLive(productAttributes),
        isLive(attributeOptions),
        optionId === undefined ? undefined : eq(attributeOptions.id, optionId),
      ),
    );
}

/** The metal and the quality option exist, and no other live quality names the same pair. */
async function assertQualityRules(tx: Db, input: Pick<MetalQualityInput, 'metalId' | 'metalQualityOptionId'>, ownId?: number) {
  // Locking the metal queues this save behind a price change of the same metal (and vice versa).
  const [metal] = await tx
    .select({ id: metals.id })
    .from(metals)
    .where(and(eq(metals.id, input.metalId), isLive(metals)))
    .for('update');
  if (!metal) throw invalidField('metalId', MESSAGES.chooseFromList('metal'));
  const [option] = await metalQualityOptions(tx, input.metalQualityOptionId);
  if (!option) throw invalidField('metalQualityOptionId', MESSAGES.chooseFromList('metal quality'));
  const [twin] = await tx
    .select({ id: metalQualities.id })
    .from(metalQualities)
    .where(
      and(
        eq(metalQualities.metalQualityOptionId, input.metalQualityOptionId),
        eq(metalQualities.metalId, input.metalId),
        isLive(metalQualities),
        ownId === undefined ? undefined : ne(metalQualities.id, ownId),
      ),
    );
  if (twin) throw conflict(MESSAGES.metalQualityExists, [{ path: ['metalQualityOptionId'], message: MESSAGES.metalQualityExists }]);
}

export function createMetalQualityService(db: Db) {
  return createCrudService(db, metalQualityResource, metalQualities, {
    // The gold price comes from the metal and the rate is computed here; values a client sends for them are never read.
    toValues: ({ metalQualityOptionId, metalId, fineness, weight, labourCharges, status }) => ({
      metalQualityOptionId,
      metalId,
      fineness,
      weight,
      labourCharges,
      status,
      ...pricingOf(metalId, fineness),
    }),

    derivedFields: {
      metalQuality: sql`(select ${attributeOptions.value} from ${attributeOptions} where ${attributeOptions.id} = ${metalQualities.metalQualityOptionId})`,
      metalType: sql`(select ${metals.metalType} from ${metals} where ${metals.id} = ${metalQualities.metalId})`,
    },

    beforeCreate: (tx, { input }) => assertQualityRules(tx, input),
    beforeUpdate: (tx, { input, existing }) => assertQualityRules(tx, input, existing.id),
  });
}

/** Metals with the price and labour charge the form copies, and the quality options to name from. */
export async function listMetalQualityChoices(db: Db): Promise<MetalQualityChoices> {
  const metalRows = await db
    .select({ id: metals.id, metalType: metals.metalType, metalPrice: metals.metalPrice, metalLabourCharge: metals.metalLabourCharge })
    .from(metals)
    .where(isLive(metals))
    .orderBy(asc(metals.metalType));
  const qualityOptions = await metalQualityOptions(db).orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id));
  return { metals: metalRows, qualityOptions };
}

/**
 * After a metal's price changes: every live quality of that metal takes the new gold price and its
 * rate is computed again, each change written to the audit log.
 */
export async function repriceMetalQualities(tx: Db, metalId: number, context: RequestContext) {
  const before = await tx
    .select({ id: metalQualities.id, goldRate: metalQualities.goldRate, rate: metalQualities.rate })
    .from(metalQualities)
    .where(and(eq(metalQualities.metalId, metalId), isLive(metalQualities)))
    .for('update');
  if (!before.length) return;
  const after = await tx
    .update(metalQualities)
    .set({
      ...pricingOf(metalId, metalQualities.fineness),
      version: sql`${metalQualities.version} + 1`,
      updatedAt: new Date(),
      updatedBy: context.actor.id,
    })
    .where(inArray(metalQualities.id, before.map((row) => row.id)))
    .returning({ id: metalQualities.id, goldRate: metalQualities.goldRate, rate: metalQualities.rate });
  for (const row of after) {
    const old = before.find((b) => b.id === row.id);
    await writeAudit(tx, context, { action: 'update', entity: 'metal_quality', entityId: row.id, before: { ...old }, after: { ...row } });
  }
}

/** Metal qualities are named by options of Metal_quality: an option they use cannot be removed. */
export const metalQualityOptionUsage = columnUsage('metal qualities', metalQualities, metalQualities.metalQualityOptionId);
