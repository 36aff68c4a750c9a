import { MESSAGES } from '@facet/contract/messages';
import type { ProductRecord, ProductSaveInput, ProductSaveResponse } from '@facet/contract/modules/products/product.schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { assertVersion } from '../../db/version.ts';
import { emitChanged } from '../../events/emit.ts';
import type { RequestContext } from '../../http/context.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { moveLibrary } from '../product-media/index.ts';
import type { MediaFound } from './product.checks.ts';
import { checkAttributes, checkReferences, checkRequired, checkSkus, knownMedia, resolveVendor, sentVariants, skuRace } from './product.checks.ts';
import type { VariantRow } from './product.load.ts';
import { loadProduct, variantColumns } from './product.load.ts';
import { productAttributeValues, productCategories, productRelated, products } from './product.table.ts';
import { saveVariants } from './product.variants.ts';

/** The product's writes: the whole save (checks, row, variants, links, audit) and the list's status switch. */

/** The audit log's entity for every product write. */
export const PRODUCT_ENTITY = 'product';

/** The product row's columns from the input (also what its variants repeat: name, set, vendor). */
function productValues(input: ProductSaveInput, vendor: string, media: MediaFound, liveVariants: number) {
  return {
    attributeSetId: input.attributeSetId,
    name: input.name,
    sku: input.sku,
    modelNumber: input.sku,
    categoryIds: input.categoryIds,
    price: String(input.price),
    weight: input.weight === null ? null : String(input.weight),
    weightUnit: input.weightUnit,
    qty: input.qty,
    isReadyToShip: input.isReadyToShip,
    isGiftCard: input.isGiftCard,
    isConfigured: liveVariants > 0,
    status: input.status,
    description: input.description,
    productDescription: input.productDescription,
    sizeTypeId: input.sizeTypeId,
    gender: input.gender,
    productDetails: input.productDetails,
    variationGroupByProperty: input.variationGroupByProperty,
    metaTitle: input.metaTitle,
    metaKeywords: input.metaKeywords,
    metaDescription: input.metaDescription,
    canBeSetWith: input.canBeSetWith,
    vendor,
    baseImage: media.image(input.baseImage),
    otherImages: media.images(input.otherImages),
    videos: media.videos(input.videos),
    sideDiamondsSize: input.sideDiamondsSize,
    sideDiamondsPieces: input.sideDiamondsPieces,
    sideDiamondsWeight: input.sideDiamondsWeight === null ? null : String(input.sideDiamondsWeight),
    sideDiamondsWeightUnit: input.sideDiamondsWeightUnit,
  };
}

/** The parent's own links: standalone and set attribute values, categories, related products; replaced whole. */
async function saveLinks(tx: Db, id: number, input: ProductSaveInput) {
  await tx.delete(productAttributeValues).where(eq(productAttributeValues.productId, id));
  await tx.delete(productCategories).where(eq(productCategories.productId, id));
  await tx.delete(productRelated).where(eq(productRelated.productId, id));
  const values = [
    ...input.standaloneAttributes.map((value) => ({ ...value, isStandalone: true })),
    ...input.attributes.map((value) => ({ ...value, isStandalone: false })),
  ]
    // An attribute left blank in the form has no value to keep.
    .filter((value) => value.optionId !== null || value.value !== '')
    .map((value) => ({ productId: id, attributeId: value.attributeId, optionId: value.optionId, value: value.optionId === null ? value.value : '', isStandalone: value.isStandalone }));
  if (values.length) await tx.insert(productAttributeValues).values(values);
  await tx.insert(productCategories).values(input.categoryIds.map((categoryId) => ({ productId: id, categoryId })));
  if (input.relatedProductIds.length) {
    await tx.insert(productRelated).values(input.relatedProductIds.map((relatedProductId, sortOrder) => ({ productId: id, relatedProductId, sortOrder })));
  }
}

/** The audit's picture of a product: its own fields, variants as a count (their changes are listed by id). */
function auditPicture(record: ProductRecord) {
  const { variants, ...rest } = record;
  return { ...rest, variantCount: variants.length };
}

/** The top-level products of rows written (a variant is in its parent's storefront document): what `products.changed` names. */
export const topLevelIdsOf = (rows: readonly { id: number; parentProductId: number | null }[]) => rows.map((row) => row.parentProductId ?? row.id);

/** One save of the whole product, create or update, in one transaction. */
export async function saveProduct(db: Db, received: ProductSaveInput, context: RequestContext, existing?: { id: number; version: number }): Promise<ProductSaveResponse> {
  const input: ProductSaveInput = { ...received, description: await sanitizeRichTextField('description', received.description) };
  const variants = sentVariants(input);
  let imagesNotAttached: string[] = [];
  const transaction = db.transaction(async (tx) => {
    const by = context.actor.id;
    let before: ProductRecord | undefined;
    let stored: VariantRow[] = [];
    if (existing) {
      const [row] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, existing.id), isLive(products), isNull(products.parentProductId)))
        .for('update');
      if (!row) throw notFound();
      await assertVersion(tx, PRODUCT_ENTITY, row, existing.version);
      before = await loadProduct(tx, existing.id, true);
      stored = await tx
        .select(variantColumns)
        .from(products)
        .where(and(eq(products.parentProductId, existing.id), isLive(products)));
    }
    // A configurable product (variants saved, or variant rows in the save) keeps one at least: its
    // price lives on its variants, and with none left it would sell at the main price, often 0.
    if (!variants.length && (stored.length || input.variants.length)) throw invalidField('variants', MESSAGES.productVariationsNotFound);
    await checkReferences(tx, input, existing?.id);
    await checkAttributes(tx, input, variants);
    await checkRequired(tx, input);
    const vendor = await resolveVendor(tx, input.vendor);
    await checkSkus(tx, input, variants, existing?.id);
    const mediaFound = await knownMedia(tx, input, variants);
    imagesNotAttached = mediaFound.imagesNotAttached;

    const values = productValues(input, vendor, mediaFound, variants.length);
    let id: number;
    if (existing) {
      id = existing.id;
      await tx
        .update(products)
        .set({ ...values, version: sql`${products.version} + 1`, updatedAt: new Date(), updatedBy: by })
        .where(eq(products.id, id));
    } else {
      const [inserted] = await tx
        .insert(products)
        .values({ ...values, createdBy: by, updatedBy: by })
        .returning({ id: products.id });
      id = inserted!.id;
    }
    // The media library is keyed by the model number: it follows the product to its new one.
    if (before && before.sku !== input.sku) await moveLibrary(tx, before.sku, input.sku, context);
    const changedShared = !before || before.name !== input.name || before.attributeSetId !== input.attributeSetId || before.vendor !== vendor;
    const variantChanges = await saveVariants(tx, { id, attributeSetId: input.attributeSetId, name: input.name, vendor, status: input.status, changedShared }, variants, stored, mediaFound, context);
    await saveLinks(tx, id, input);
    const after = await loadProduct(tx, id, true);
    await writeAudit(tx, context, {
      action: existing ? 'update' : 'create',
      entity: PRODUCT_ENTITY,
      entityId: id,
      before: before ? auditPicture(before) : null,
      after: { ...auditPicture(after), variantChanges },
    });
    await emitChanged(tx, 'products.changed', [id]);
    return after;
  });
  const product = await transaction.catch((error: unknown) => {
    throw skuRace(error) ?? error;
  });
  return { product, imagesNotAttached };
}

/** The list's status switch, on a product or a variant row; answers the row written (before the switch). */
export async function setProductStatus(db: Db, id: number, status: boolean, version: number, context: RequestContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isLive(products)))
      .for('update');
    if (!row) throw notFound();
    await assertVersion(tx, PRODUCT_ENTITY, row, version);
    await tx
      .update(products)
      .set({ status, version: sql`${products.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
      .where(eq(products.id, id));
    await writeAudit(tx, context, { action: 'status', entity: PRODUCT_ENTITY, entityId: id, before: { status: row.status }, after: { status } });
    await emitChanged(tx, 'products.changed', topLevelIdsOf([row]));
    return row;
  });
}
