import { MESSAGES } from '@facet/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { planChildRows } from '../../db/child-rows.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { RequestContext } from '../../http/context.ts';
import { invalidField } from '../../http/errors.ts';
import type { MediaFound, VariantSent } from './product.checks.ts';
import type { VariantRow } from './product.load.ts';
import { productAttributeValues, products } from './product.table.ts';

/** Writing a product's variants: rows of the products table under their parent, with their options. */

/**
 * Variants travel to the database as one JSON parameter read back as rows of the products table's
 * own types (jsonb_populate_recordset): one statement per write however many variants, without a
 * query parameter per value.
 */
const VARIANT_COLUMNS = ['sku', 'model_number', 'option_key', 'price', 'base_image', 'other_images', 'videos'] as const;
const VARIANT_COLUMN_LIST = sql.raw(VARIANT_COLUMNS.join(', '));
const VARIANT_VALUE_LIST = sql.raw(VARIANT_COLUMNS.map((column) => `v.${column}`).join(', '));
const VARIANT_SET_LIST = sql.raw(VARIANT_COLUMNS.map((column) => `${column} = v.${column}`).join(', '));
type VariantColumns = { id?: number; sku: string; modelNumber: string; optionKey: string; price: string; baseImage: string; otherImages: string[]; videos: string[] };
function variantRecordset(rows: VariantColumns[]) {
  const json = rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    model_number: row.modelNumber,
    option_key: row.optionKey,
    price: row.price,
    base_image: row.baseImage,
    other_images: row.otherImages,
    videos: row.videos,
  }));
  return sql`jsonb_populate_recordset(null::${products}, ${JSON.stringify(json)}::jsonb) v`;
}

/**
 * Writes the variants as sent, set-based: removed ones soft deleted in one statement, changed ones
 * updated in one statement (from a JSON recordset), new ones inserted in one; then the options of
 * new and re-optioned variants replaced with one delete and one insert. Returns the counts for the audit.
 */
export async function saveVariants(
  tx: Db,
  parent: { id: number; attributeSetId: number; name: string; vendor: string; status: boolean; changedShared: boolean },
  variants: VariantSent[],
  stored: VariantRow[],
  media: MediaFound,
  context: RequestContext,
) {
  const by = context.actor.id;
  const columnsOf = (variant: VariantSent) => ({
    sku: variant.sku,
    modelNumber: variant.modelNumber ?? '',
    optionKey: variant.optionKey,
    price: String(variant.price),
    baseImage: media.image(variant.baseImage),
    otherImages: media.images(variant.otherImages),
    videos: media.video(variant.video) ? [media.video(variant.video)] : [],
  });
  const plan = planChildRows(stored, variants, (row, sent) => {
    const next = columnsOf(sent);
    return (
      row.sku === next.sku &&
      row.modelNumber === next.modelNumber &&
      row.optionKey === next.optionKey &&
      Number(row.price) === Number(next.price) &&
      row.baseImage === next.baseImage &&
      JSON.stringify(row.otherImages) === JSON.stringify(next.otherImages) &&
      JSON.stringify(row.videos) === JSON.stringify(next.videos)
    );
  });
  if (plan.unknownIds.length) throw invalidField('variants', MESSAGES.unknownVariants(plan.unknownIds.join(', ')));
  if (plan.repeatedIds.length) throw invalidField('variants', MESSAGES.repeatedVariants(plan.repeatedIds.join(', ')));

  // Removed first: a new variant may take the combination or SKU of one removed in the same save.
  if (plan.remove.length) {
    await tx
      .update(products)
      .set({ deletedAt: new Date(), deletedBy: by, version: sql`${products.version} + 1` })
      .where(inArray(products.id, plan.remove.map((row) => row.id)));
  }
  if (plan.update.length) {
    const changes = plan.update.map(({ stored: row, sent }) => ({ id: row.id, ...columnsOf(sent) }));
    await tx.execute(sql`
      update ${products} set ${VARIANT_SET_LIST}, version = ${products.version} + 1, updated_at = now(), updated_by = ${by}
      from ${variantRecordset(changes)} where ${products.id} = v.id`);
  }
  // What every variant repeats of its parent, so the list reads one table.
  if (parent.changedShared && (plan.update.length || plan.unchanged.length)) {
    await tx
      .update(products)
      .set({ name: parent.name, attributeSetId: parent.attributeSetId, vendor: parent.vendor })
      .where(and(eq(products.parentProductId, parent.id), isLive(products)));
  }
  const inserted = plan.insert.length
    ? rowsOf<{ id: number; option_key: string }>(
        await tx.execute(sql`
          insert into ${products} (parent_product_id, attribute_set_id, name, vendor, status, created_by, updated_by, ${VARIANT_COLUMN_LIST})
          select ${parent.id}, ${parent.attributeSetId}, ${parent.name}, ${parent.vendor}, ${parent.status}, ${by}, ${by}, ${VARIANT_VALUE_LIST}
          from ${variantRecordset(plan.insert.map(columnsOf))}
          returning id, option_key`),
      )
    : [];

  // Options: of new variants, and of kept ones whose combination changed.
  const idByKey = new Map(inserted.map((row) => [row.option_key, row.id]));
  const reoptioned = plan.update.filter(({ stored: row, sent }) => row.optionKey !== sent.optionKey);
  const optionOwners = [...plan.insert.map((variant) => ({ id: idByKey.get(variant.optionKey)!, variant })), ...reoptioned.map(({ stored: row, sent }) => ({ id: row.id, variant: sent }))];
  if (reoptioned.length) {
    await tx.delete(productAttributeValues).where(inArray(productAttributeValues.productId, reoptioned.map(({ stored: row }) => row.id)));
  }
  const optionRows = optionOwners.flatMap(({ id, variant }) => variant.options.map((option) => ({ product_id: id, attribute_id: option.attributeId, option_id: option.optionId })));
  if (optionRows.length) {
    await tx.execute(sql`
      insert into ${productAttributeValues} (product_id, attribute_id, option_id)
      select v.product_id, v.attribute_id, v.option_id from jsonb_populate_recordset(null::product_attribute_values, ${JSON.stringify(optionRows)}::jsonb) v`);
  }
  return { added: inserted.map((row) => Number(row.id)), changed: plan.update.map(({ stored: row }) => row.id), removed: plan.remove.map((row) => row.id), live: variants.length };
}
