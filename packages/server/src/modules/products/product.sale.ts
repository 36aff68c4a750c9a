import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isSizeAttributeCode } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';
import { productAttributeValues, products } from './product.table.ts';

/**
 * A product a shopper can buy or ask about, as a sale keeps it (an inquiry's or a cart's line): a live,
 * active variant of a live, active product, or a live, active product without variants. Its words and
 * price now; the sale stores them, so later catalogue changes leave the sale as it was.
 */
export interface ProductForSale {
  id: number;
  name: string;
  /** The system SKU: a variant's own; a product without variants its SKU. */
  sku: string;
  /** The product's SKU for a variant; empty for a product without variants. */
  parentSku: string;
  modelNumber: string;
  vendor: string;
  /** Pounds, as the catalogue stores it (numeric text: exact). */
  price: string;
  image: string;
  /** The sizes of the product's size type (every gender's), or null when it has none. */
  sizes: string[] | null;
  /** A variant's options (metal, ring size), and whether the storefront shows each. */
  options: { title: string; value: string; showInStorefront: boolean }[];
  /** The size a variant is made in (its ring size, chain length option), or null when its options hold none. */
  optionSize: string | null;
}

const parents = alias(products, 'parent');

/** A product a shopper may choose: a variant of a product on sale, or a product with no variants to choose from. */
const isSellable = sql`${products.status} and ${isLive(products)} and (
  (${products.parentProductId} is null and not ${products.isConfigured})
  or (${parents.id} is not null and ${parents.status} and ${parents.deletedAt} is null)
)`;

/** The products of `ids` a shopper may buy (the others are missing from the answer), by id. */
export async function productsForSale(source: Db, ids: readonly number[]): Promise<Map<number, ProductForSale>> {
  if (!ids.length) return new Map();
  const rows = await source
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      parentSku: sql<string>`coalesce(${parents.sku}, '')`,
      modelNumber: products.modelNumber,
      vendor: products.vendor,
      price: products.price,
      image: sql<string>`coalesce(nullif(${products.baseImage}, ''), ${parents.baseImage}, '')`,
      sizes: sql<string[] | null>`case when ${productSizes.id} is null then null else ${productSizes.maleSizes} || ${productSizes.femaleSizes} || ${productSizes.unisexSizes} end`,
    })
    .from(products)
    .leftJoin(parents, eq(parents.id, products.parentProductId))
    .leftJoin(productSizes, and(eq(productSizes.id, sql`coalesce(${parents.sizeTypeId}, ${products.sizeTypeId})`), isLive(productSizes)))
    .where(and(inArray(products.id, [...ids]), isSellable));
  const options = rows.length
    ? await source
        .select({
          productId: productAttributeValues.productId,
          code: productAttributes.attributeCode,
          title: productAttributes.attributeName,
          value: sql<string>`coalesce(${attributeOptions.value}, ${productAttributeValues.value})`,
          showInStorefront: productAttributes.showInStorefront,
        })
        .from(productAttributeValues)
        .innerJoin(productAttributes, eq(productAttributes.id, productAttributeValues.attributeId))
        .leftJoin(attributeOptions, eq(attributeOptions.id, productAttributeValues.optionId))
        .where(and(inArray(productAttributeValues.productId, rows.map((row) => row.id)), eq(productAttributeValues.isStandalone, false)))
        .orderBy(asc(productAttributes.id))
    : [];
  // A size offered to men and to women alike is one size to choose.
  const byId = new Map<number, ProductForSale>(rows.map((row) => [row.id, { ...row, sizes: row.sizes && [...new Set(row.sizes)], options: [], optionSize: null }]));
  for (const { productId, code, ...option } of options) {
    const product = byId.get(productId);
    if (!product) continue;
    product.options.push(option);
    if (isSizeAttributeCode(code)) product.optionSize ??= option.value;
  }
  return byId;
}

/** Ids of up to `limit` products a shopper may buy, in a fixed but scattered order: demo sales' pieces. */
export async function sampleProductIdsForSale(source: Db, limit: number): Promise<number[]> {
  const rows = await source
    .select({ id: products.id })
    .from(products)
    .leftJoin(parents, eq(parents.id, products.parentProductId))
    .where(isSellable)
    .orderBy(asc(sql`md5(${products.id}::text)`))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A product as a storefront list shows it (a best seller): its SKU as stored, name, image and price. */
export interface ProductBySku {
  sku: string;
  name: string;
  image: string;
  /** Pounds, as the catalogue stores it (numeric text: exact). */
  price: string;
}

/**
 * The products a shopper may buy whose SKU is one of `skus` (compared case-insensitively), keyed by
 * the lowered SKU; SKUs of no such product are missing from the answer.
 */
export async function productsBySku(source: Db, skus: readonly string[]): Promise<Map<string, ProductBySku>> {
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (!wanted.length) return new Map();
  const rows = await source
    .select({
      sku: products.sku,
      name: products.name,
      image: sql<string>`coalesce(nullif(${products.baseImage}, ''), ${parents.baseImage}, '')`,
      price: products.price,
    })
    .from(products)
    .leftJoin(parents, eq(parents.id, products.parentProductId))
    .where(and(inArray(products.skuLower, wanted), isSellable));
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
}
