import { MESSAGES } from '@facet/contract/messages';
import type { ProductSaveInput } from '@facet/contract/modules/products/product.schema';
import { checkRequiredAttributes, isFilledInAttributes, variantOptionKey } from '@facet/contract/modules/products/product.schema';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { AppError, conflict, databaseErrorOf } from '../../http/errors.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { liveShapeIds } from '../diamond-shapes/index.ts';
import { media } from '../media/media.table.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';
import { shopName } from '../settings/index.ts';
import { isConfigurableCode, vendorOptions } from './product.lookups.ts';
import { products } from './product.table.ts';

/** What a save must hold before it writes: live references, attributes that fit, required values, free SKUs, known media. */

export type VariantSent = ProductSaveInput['variants'][number] & { optionKey: string; index: number };

/** Variants as sent and kept (removed ones dropped), with their option key computed here. */
export function sentVariants(input: ProductSaveInput): VariantSent[] {
  return input.variants.flatMap((variant, index) => (variant.removed ? [] : [{ ...variant, optionKey: variantOptionKey(variant.options), index }]));
}

/** The media of a save that may be attached, each in its place; the rest is named in the answer. */
export interface MediaFound {
  image: (url: string | undefined) => string;
  images: (urls: string[] | undefined) => string[];
  video: (url: string | undefined) => string;
  videos: (urls: string[] | undefined) => string[];
  imagesNotAttached: string[];
}

/** The name staff know an image by: the last part of its address. */
const fileNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1) || url;

const issue = (path: (string | number)[], message: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }]);
const skuTaken = (path: (string | number)[]) => conflict(MESSAGES.skuExists, [{ path, message: MESSAGES.skuExists }]);

/** A unique index a racing save hit: the SKU one is the field's 409, as the check before gives. */
export function skuRace(error: unknown, path: (string | number)[] = ['sku']) {
  const dbError = databaseErrorOf(error);
  return dbError?.code === '23505' && dbError.constraint === 'products_sku_live' ? skuTaken(path) : undefined;
}

/** Ids of live rows of `table` among `ids`. */
async function liveIds(tx: Db, table: typeof categories | typeof productSizes | typeof attributeSets, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await tx.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), isLive(table)));
  return new Set(rows.map((row) => row.id));
}

/** Every id the save points at must be a live record of its kind: else 400 on the field that names it. */
export async function checkReferences(tx: Db, input: ProductSaveInput, productId: number | undefined) {
  if (!(await liveIds(tx, attributeSets, [input.attributeSetId])).size) throw issue(['attributeSetId'], MESSAGES.chooseFromList('attribute set'));
  const foundCategories = await liveIds(tx, categories, input.categoryIds);
  const missingCategory = input.categoryIds.findIndex((id) => !foundCategories.has(id));
  if (missingCategory >= 0) throw issue(['categoryIds', missingCategory], MESSAGES.unknownCategory);
  if (input.sizeTypeId !== null && !(await liveIds(tx, productSizes, [input.sizeTypeId])).size) throw issue(['sizeTypeId'], MESSAGES.chooseFromList('size type'));
  const shapes = await liveShapeIds(tx, input.canBeSetWith.map((row) => row.shapeId));
  const missingShape = input.canBeSetWith.findIndex((row) => !shapes.has(row.shapeId));
  if (missingShape >= 0) throw issue(['canBeSetWith', missingShape, 'shapeId'], MESSAGES.chooseFromList('shape'));
  if (input.relatedProductIds.length) {
    const related = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, input.relatedProductIds), isLive(products), isNull(products.parentProductId)));
    const found = new Set(related.map((row) => row.id));
    const bad = input.relatedProductIds.findIndex((id) => id === productId || !found.has(id));
    if (bad >= 0) throw issue(['relatedProductIds', bad], MESSAGES.notRelatable);
  }
}

/**
 * Attributes and options: a variant's options are of configurable attributes, one of each of the
 * same attributes for every variant; a standalone attribute is not configurable; a set attribute is
 * placed in the set; an option belongs to its attribute; a text attribute takes text, not an option.
 */
export async function checkAttributes(tx: Db, input: ProductSaveInput, variants: VariantSent[]) {
  const attributeIds = [
    ...new Set([...variants.flatMap((variant) => variant.options.map((option) => option.attributeId)), ...input.standaloneAttributes.map((a) => a.attributeId), ...input.attributes.map((a) => a.attributeId)]),
  ];
  if (!attributeIds.length) return;
  const optionIds = [
    ...new Set([
      ...variants.flatMap((variant) => variant.options.map((option) => option.optionId)),
      ...[...input.standaloneAttributes, ...input.attributes].flatMap((value) => (value.optionId === null ? [] : [value.optionId])),
    ]),
  ];
  const attributeRows = await tx
      .select({ id: productAttributes.id, code: productAttributes.attributeCode, inputType: productAttributes.inputType })
      .from(productAttributes)
      .where(and(inArray(productAttributes.id, attributeIds), isLive(productAttributes)));
  const optionRows = optionIds.length
    ? await tx
        .select({ id: attributeOptions.id, attributeId: attributeOptions.attributeId })
        .from(attributeOptions)
        .where(and(inArray(attributeOptions.id, optionIds), isLive(attributeOptions)))
    : [];
  const placedRows = await tx
    .select({ attributeId: attributeSetGroupAttributes.attributeId })
    .from(attributeSetGroupAttributes)
    .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups)))
    .where(eq(attributeSetGroupAttributes.setId, input.attributeSetId));
  const attributes = new Map(attributeRows.map((row) => [row.id, row]));
  const optionAttribute = new Map(optionRows.map((row) => [row.id, row.attributeId]));
  const placed = new Set(placedRows.map((row) => row.attributeId));

  const firstAttributes = variants[0] ? [...variants[0].options.map((option) => option.attributeId)].sort((a, b) => a - b).join(',') : '';
  for (const variant of variants) {
    const path = ['variants', variant.index, 'options'];
    for (const option of variant.options) {
      const attribute = attributes.get(option.attributeId);
      if (!attribute) throw issue(path, MESSAGES.unknownAttribute);
      if (!isConfigurableCode(attribute.code)) throw issue(path, MESSAGES.notConfigurable);
      if (optionAttribute.get(option.optionId) !== option.attributeId) throw issue(path, MESSAGES.optionNotOfAttribute);
    }
    if ([...variant.options.map((option) => option.attributeId)].sort((a, b) => a - b).join(',') !== firstAttributes) throw issue(path, MESSAGES.variantAttributesDiffer);
  }
  for (const field of ['standaloneAttributes', 'attributes'] as const) {
    input[field].forEach((value, index) => {
      const attribute = attributes.get(value.attributeId);
      if (!attribute || (field === 'attributes' && !placed.has(value.attributeId))) throw issue([field, index, 'attributeId'], MESSAGES.unknownAttribute);
      if (field === 'standaloneAttributes' && isConfigurableCode(attribute.code)) throw issue([field, index, 'attributeId'], MESSAGES.notConfigurable);
      if (value.optionId !== null && (attribute.inputType === 'text' || optionAttribute.get(value.optionId) !== value.attributeId)) {
        throw issue([field, index, 'optionId'], MESSAGES.optionNotOfAttribute);
      }
    });
  }
}

/**
 * The Required flag: every live, active attribute placed in the set that the Attributes section
 * fills (the form offers exactly these) needs a value; a 400 names each one missing.
 */
export async function checkRequired(tx: Db, input: ProductSaveInput) {
  const placedRequired = await tx
    .select({ id: productAttributes.id, attributeCode: productAttributes.attributeCode })
    .from(attributeSetGroupAttributes)
    .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups)))
    .innerJoin(productAttributes, eq(productAttributes.id, attributeSetGroupAttributes.attributeId))
    .where(and(eq(attributeSetGroupAttributes.setId, input.attributeSetId), eq(productAttributes.isRequired, true), eq(productAttributes.status, true), isLive(productAttributes)))
    .orderBy(asc(productAttributes.attributeName), asc(productAttributes.id));
  const missing: { path: (string | number)[]; message: string }[] = [];
  checkRequiredAttributes(placedRequired.filter(isFilledInAttributes), input.attributes, (path, message) => missing.push({ path, message }));
  if (missing.length) throw new AppError('VALIDATION_FAILED', missing[0]!.message, missing);
}

/** The vendor: one of the vendor attribute's options or the shop's own name; empty means the shop's own name. */
export async function resolveVendor(tx: Db, vendor: string): Promise<string> {
  const own = await shopName(tx);
  if (vendor === '' || vendor === own) return own;
  const options = await vendorOptions(tx);
  if (!options.some((option) => option.name === vendor)) throw issue(['vendor'], MESSAGES.chooseFromList('vendor'));
  return vendor;
}

/** No other live product or variant may hold the main SKU or a variant's SKU (409 under the field). */
export async function checkSkus(tx: Db, input: ProductSaveInput, variants: VariantSent[], productId: number | undefined) {
  const wanted = [input.sku, ...variants.map((variant) => variant.sku)].map((sku) => sku.toLowerCase());
  const clashes = await tx
    .select({ sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(
      and(
        isLive(products),
        inArray(sql`lower(${products.sku})`, wanted),
        productId === undefined ? undefined : and(ne(products.id, productId), or(isNull(products.parentProductId), ne(products.parentProductId, productId))),
      ),
    )
    .limit(1);
  const taken = clashes[0]?.sku;
  if (taken === undefined) return;
  if (taken === input.sku.toLowerCase()) throw skuTaken(['sku']);
  const variant = variants.find((sent) => sent.sku.toLowerCase() === taken)!;
  throw skuTaken(['variants', variant.index, 'sku']);
}

/**
 * Images and videos sent that are not known media are not attached: the save goes on without them
 * and answers their names ('Below product images not uploaded!'). So is a known file in the wrong
 * place (a video as an image, an image as a video): the storefront would show a broken picture.
 */
export async function knownMedia(tx: Db, input: ProductSaveInput, variants: VariantSent[]): Promise<MediaFound> {
  const images = [input.baseImage, ...input.otherImages, ...variants.flatMap((variant) => [variant.baseImage ?? '', ...(variant.otherImages ?? [])])].filter((url) => url !== '');
  const videos = [...input.videos, ...variants.map((variant) => variant.video ?? '')].filter((url) => url !== '');
  const unique = [...new Set([...images, ...videos])];
  const kinds = new Map<string, string>();
  if (unique.length) {
    const rows = await tx.select({ url: media.url, contentType: media.contentType }).from(media).where(and(inArray(media.url, unique), isLive(media)));
    for (const row of rows) kinds.set(row.url, row.contentType.split('/')[0]!);
  }
  const isImage = (url: string | undefined): url is string => Boolean(url) && kinds.get(url!) === 'image';
  const isVideo = (url: string | undefined): url is string => Boolean(url) && kinds.get(url!) === 'video';
  const missing = new Set([...images.filter((url) => !isImage(url)), ...videos.filter((url) => !isVideo(url))]);
  return {
    image: (url) => (isImage(url) ? url : ''),
    images: (urls) => (urls ?? []).filter(isImage),
    video: (url) => (isVideo(url) ? url : ''),
    videos: (urls) => (urls ?? []).filter(isVideo),
    imagesNotAttached: [...missing].map(fileNameOf),
  };
}
