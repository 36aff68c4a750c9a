import type { ProductAttributeValueRecord, ProductRecord, ProductVariantRecord } from '@facet/contract/modules/products/product.schema';
import { productLabel } from '@facet/contract/modules/products/product.schema';
import type { SQL } from 'drizzle-orm';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { notFound } from '../../http/errors.ts';
import { attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productAttributeValues, productCategories, productRelated, products } from './product.table.ts';

/** Reading one whole product, as the form and the save's audit see it. */

/** What a variant's row holds of its own (the rest it repeats of its parent). */
export const variantColumns = {
  id: products.id,
  version: products.version,
  optionKey: products.optionKey,
  sku: products.sku,
  modelNumber: products.modelNumber,
  price: products.price,
  baseImage: products.baseImage,
  otherImages: products.otherImages,
  videos: products.videos,
  status: products.status,
};
export type VariantRow = { [K in keyof typeof variantColumns]: (typeof variantColumns)[K]['_']['data'] };

const money = (value: string | null) => (value === null ? null : Number(value));

/** Runs queries at once on the pool, or in turn on a transaction's one connection (node-postgres queues them otherwise, deprecated). */
async function inTurnOrTogether<const T extends readonly (() => Promise<unknown>)[]>(isInTransaction: boolean, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!isInTransaction) return Promise.all(queries.map((query) => query())) as never;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as never;
}

/** An attribute value as the form and the export read it: the attribute's and the option's names, and its section. */
export type AttributeValueRow = ProductAttributeValueRecord & { isStandalone: boolean };

/**
 * The attribute values of some products (ids, or a subquery of them), with their attribute's and
 * option's names, by product in attribute order: the one query the form's load and the Excel export read.
 */
export async function attributeValuesOf(source: Db, productIds: number[] | SQL): Promise<Map<number, AttributeValueRow[]>> {
  const rows = await source
    .select({
      productId: productAttributeValues.productId,
      attributeId: productAttributeValues.attributeId,
      attributeCode: productAttributes.attributeCode,
      attributeName: productAttributes.attributeName,
      inputType: productAttributes.inputType,
      optionId: productAttributeValues.optionId,
      optionValue: attributeOptions.value,
      text: productAttributeValues.value,
      isStandalone: productAttributeValues.isStandalone,
    })
    .from(productAttributeValues)
    .innerJoin(productAttributes, eq(productAttributes.id, productAttributeValues.attributeId))
    .leftJoin(attributeOptions, eq(attributeOptions.id, productAttributeValues.optionId))
    .where(Array.isArray(productIds) ? inArray(productAttributeValues.productId, productIds) : sql`${productAttributeValues.productId} in ${productIds}`)
    .orderBy(asc(productAttributeValues.productId), asc(productAttributeValues.attributeId));
  const byProduct = new Map<number, AttributeValueRow[]>();
  for (const { productId, optionValue, text, ...row } of rows) {
    const list = byProduct.get(productId) ?? [];
    // An option's value is its option's name (the row's own text is kept empty); a text attribute's is the text.
    list.push({ ...row, value: row.optionId === null ? text : (optionValue ?? '') });
    byProduct.set(productId, list);
  }
  return byProduct;
}

/**
 * The whole product in five queries: row, variants, attribute values, categories, related. Outside a
 * transaction they run at once on the pool; a transaction's one connection takes them in turn.
 */
export async function loadProduct(source: Db, id: number, isInTransaction = false): Promise<ProductRecord> {
  const liveVariantIds = sql`(select ${products.id} from ${products} where ${products.parentProductId} = ${id} and ${products.deletedAt} is null)`;
  const [[row], variants, values, categoryRows, relatedRows] = await inTurnOrTogether(isInTransaction, [
    () => source
      .select({ product: products, attributeSetName: attributeSets.name })
      .from(products)
      .innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId))
      .where(and(eq(products.id, id), isLive(products), isNull(products.parentProductId))),
    () => source.select(variantColumns).from(products).where(and(eq(products.parentProductId, id), isLive(products))).orderBy(asc(products.id)),
    () => attributeValuesOf(source, sql`(select ${id}::int union all ${liveVariantIds})`),
    () => source.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id)).orderBy(asc(productCategories.categoryId)),
    () => source
      .select({ id: products.id, name: products.name, modelNumber: products.modelNumber })
      .from(productRelated)
      .innerJoin(products, and(eq(products.id, productRelated.relatedProductId), isLive(products)))
      .where(eq(productRelated.productId, id))
      .orderBy(asc(productRelated.sortOrder)),
  ] as const);
  if (!row) throw notFound();
  const { product, attributeSetName } = row;
  const own = values.get(id) ?? [];
  const strip = ({ isStandalone: _isStandalone, ...value }: AttributeValueRow) => value;
  return {
    id: product.id,
    version: product.version,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    attributeSetId: product.attributeSetId,
    attributeSetName,
    name: product.name,
    sku: product.sku,
    modelNumber: product.modelNumber,
    categoryIds: categoryRows.map((category) => category.id),
    price: Number(product.price),
    weight: money(product.weight),
    weightUnit: product.weightUnit as ProductRecord['weightUnit'],
    qty: product.qty,
    isReadyToShip: product.isReadyToShip,
    isGiftCard: product.isGiftCard,
    isSold: product.isSold,
    isConfigured: product.isConfigured,
    status: product.status,
    description: product.description,
    productDescription: product.productDescription,
    sizeTypeId: product.sizeTypeId,
    gender: product.gender,
    productDetails: product.productDetails,
    variants: variants.map((variant): ProductVariantRecord => ({
      id: variant.id,
      version: variant.version,
      optionKey: variant.optionKey,
      options: (values.get(variant.id) ?? []).map(strip),
      sku: variant.sku,
      modelNumber: variant.modelNumber,
      price: Number(variant.price),
      baseImage: variant.baseImage,
      otherImages: variant.otherImages,
      video: variant.videos[0] ?? '',
      status: variant.status,
    })),
    variationGroupByProperty: product.variationGroupByProperty,
    standaloneAttributes: own.filter((value) => value.isStandalone).map(strip),
    attributes: own.filter((value) => !value.isStandalone).map(strip),
    metaTitle: product.metaTitle,
    metaKeywords: product.metaKeywords,
    metaDescription: product.metaDescription,
    relatedProductIds: relatedRows.map((related) => related.id),
    relatedProducts: relatedRows.map((related) => ({ id: related.id, label: productLabel(related) })),
    canBeSetWith: product.canBeSetWith,
    vendor: product.vendor,
    baseImage: product.baseImage,
    otherImages: product.otherImages,
    videos: product.videos,
    sideDiamondsSize: product.sideDiamondsSize,
    sideDiamondsPieces: product.sideDiamondsPieces,
    sideDiamondsWeight: money(product.sideDiamondsWeight),
    sideDiamondsWeightUnit: product.sideDiamondsWeightUnit as ProductRecord['sideDiamondsWeightUnit'],
  };
}
