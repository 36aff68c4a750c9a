import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppliedPriceRule, ProductPricing } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import type { SaleLineOption } from '@facet/contract/modules/inquiries/sale-line.schema';
import { isSizeAttributeCode } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { appliedPriceRuleJson, appliedPriceRuleOf } from '../catalog-price-rules/index.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';
import { productAttributeValues, products } from './product.table.ts';

/**
 * A product as a sale takes it (an order's, an inquiry's or a cart's line): the one reading of the
 * catalogue behind every sale, so an order and an inquiry of the same piece keep the same words, size
 * and price. Its words and price now; the sale stores them, so later catalogue changes leave it as it was.
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
  /** Pounds with pence, as the catalogue stores it (numeric text: exact, added up in SQL): the regular price. */
  price: string;
  /** What a shopper pays now: the price after the catalog price rule running now, else `price` (numeric text). */
  salePrice: string;
  /** The catalog price rule pricing it now (the winner when several cover it), or null. */
  priceRule: AppliedPriceRule | null;
  image: string;
  /**
   * Whether a shopper may buy it: a live, active variant of a live, active product, or a live, active
   * product without variants (document 2: a product with variants has is_configured, and its variants are what is sold).
   */
  isForSale: boolean;
  /** A product whose variants are what is sold: it cannot be sold itself. */
  hasVariants: boolean;
  /** The sizes of the product's size type (every gender's, each once), none when it has no live size type. */
  sizes: string[];
  /** A variant's options (metal, ring size), those with a value, and whether the storefront shows each. */
  productOptions: SaleLineOption[];
  /** The product's standalone attributes (a variant's are its product's), those with a value. */
  standaloneOptions: SaleLineOption[];
  /** The size a variant is made in (its ring size, chain length option), or null when its options hold none. */
  optionSize: string | null;
}

const parents = alias(products, 'parent');

/** A product a shopper may choose: a variant of a product on sale, or a product with no variants to choose from. */
const isSellable = sql`${products.status} and ${isLive(products)} and (
  (${products.parentProductId} is null and not ${products.isConfigured})
  or (${parents.id} is not null and ${parents.status} and ${parents.deletedAt} is null)
)`;

/** The catalog price rule pricing a row of `products` now, as JSON (`appliedPriceRuleOf` reads it): a variant is covered by its product's id and categories. */
const appliedRuleJson = sql<unknown>`${appliedPriceRuleJson({
  productId: sql`coalesce(${parents.id}, ${products.id})`,
  categoryIds: sql`coalesce(${parents.categoryIds}, ${products.categoryIds})`,
  price: sql`${products.price}`,
})}`;

/** A row's rule (read from `appliedRuleJson`) and what a shopper pays: the rule's price, else the catalogue's (numeric text). */
function rulePricing(rule: unknown, price: string): { priceRule: AppliedPriceRule | null; salePrice: string } {
  const priceRule = appliedPriceRuleOf(rule);
  return { priceRule, salePrice: priceRule ? priceRule.price.toFixed(2) : price };
}

/**
 * The products of `ids`, by id, whether for sale or not (`isForSale` says; an id that is no product is
 * missing): so a caller can say why a line cannot be sold. Three queries however many lines.
 */
export async function productsForSale(source: Db, ids: readonly number[]): Promise<Map<number, ProductForSale>> {
  if (!ids.length) return new Map();
  const rows = await source
    .select({
      id: products.id,
      parentId: products.parentProductId,
      name: products.name,
      sku: products.sku,
      parentSku: sql<string>`coalesce(${parents.sku}, '')`,
      modelNumber: products.modelNumber,
      vendor: products.vendor,
      price: products.price,
      priceRule: appliedRuleJson,
      image: sql<string>`coalesce(nullif(${products.baseImage}, ''), ${parents.baseImage}, '')`,
      isForSale: sql<boolean>`coalesce(${isSellable}, false)`,
      hasVariants: products.isConfigured,
      sizes: sql<string[]>`coalesce(${productSizes.maleSizes} || ${productSizes.femaleSizes} || ${productSizes.unisexSizes}, '{}')`,
    })
    .from(products)
    .leftJoin(parents, eq(parents.id, products.parentProductId))
    .leftJoin(productSizes, and(eq(productSizes.id, sql`coalesce(${parents.sizeTypeId}, ${products.sizeTypeId})`), isLive(productSizes)))
    .where(inArray(products.id, [...ids]));
  if (!rows.length) return new Map();
  // A variant's standalone attributes are its product's; a product without variants holds its own.
  const owners = [...new Set(rows.flatMap((row) => [row.id, ...(row.parentId === null ? [] : [row.parentId])]))];
  const options = await source
    .select({
      productId: productAttributeValues.productId,
      isStandalone: productAttributeValues.isStandalone,
      code: productAttributes.attributeCode,
      title: productAttributes.attributeName,
      value: sql<string>`coalesce(${attributeOptions.value}, ${productAttributeValues.value}, '')`,
      showInStorefront: productAttributes.showInStorefront,
    })
    .from(productAttributeValues)
    .innerJoin(productAttributes, eq(productAttributes.id, productAttributeValues.attributeId))
    .leftJoin(attributeOptions, eq(attributeOptions.id, productAttributeValues.optionId))
    .where(and(inArray(productAttributeValues.productId, owners), sql`coalesce(${attributeOptions.value}, ${productAttributeValues.value}, '') <> ''`))
    .orderBy(asc(productAttributes.id));
  const ownOptions = new Map<number, typeof options>();
  for (const option of options) ownOptions.set(option.productId, [...(ownOptions.get(option.productId) ?? []), option]);
  const shown = ({ title, value, showInStorefront }: (typeof options)[number]): SaleLineOption => ({ title, value, showInStorefront });
  return new Map(
    rows.map(({ parentId, sizes, priceRule: rule, ...row }) => {
      const own = ownOptions.get(row.id) ?? [];
      const productOptions = own.filter((option) => !option.isStandalone);
      return [
        row.id,
        {
          ...row,
          ...rulePricing(rule, row.price),
          // A size offered to men and to women alike is one size to choose.
          sizes: [...new Set(sizes)],
          productOptions: productOptions.map(shown),
          standaloneOptions: (ownOptions.get(parentId ?? row.id) ?? []).filter((option) => option.isStandalone).map(shown),
          optionSize: productOptions.find((option) => isSizeAttributeCode(option.code))?.value ?? null,
        },
      ];
    }),
  );
}

/**
 * The size a line of `product` is sold in, `asked` the size the shopper chose (empty: none), or
 * undefined when the product does not come in it. A variant made in a size (its ring size option) is
 * that size; another product takes one of its size type's, as the catalogue spells it. None chosen is
 * allowed (a shopper may ask, or order a piece sized later).
 */
export function saleSize(product: Pick<ProductForSale, 'sizes' | 'optionSize'>, asked: string): string | undefined {
  const isSame = (offered: string) => offered.toLowerCase() === asked.toLowerCase();
  if (product.optionSize !== null) return !asked || isSame(product.optionSize) ? product.optionSize : undefined;
  return asked ? product.sizes.find(isSame) : '';
}

/** Ids of up to `limit` products a shopper may buy, in a fixed but scattered order: demo sales' pieces, a checkout's options. */
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

/**
 * The products of `ids` a shopper may review, by id: live, active top-level products (as their
 * storefront documents name them), with the name and SKU the review keeps.
 */
export async function productsForReview(source: Db, ids: readonly number[]): Promise<Map<number, { name: string; sku: string }>> {
  if (!ids.length) return new Map();
  const rows = await source
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isLive(products), sql`${products.parentProductId} is null`, eq(products.status, true)));
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

/** Ids of up to `limit` live, active top-level products, in a fixed order: the products demo reviews are about. */
export async function sampleProductIdsForReview(source: Db, limit: number): Promise<number[]> {
  const rows = await source
    .select({ id: products.id })
    .from(products)
    .where(and(isLive(products), sql`${products.parentProductId} is null`, eq(products.status, true)))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A product as a storefront list shows it (a best seller): its SKU as stored, name, image and prices. */
export interface ProductBySku {
  sku: string;
  name: string;
  image: string;
  /** Pounds, as the catalogue stores it (numeric text: exact): the regular price. */
  price: string;
  /** What a shopper pays now: the price after the catalog price rule running now, else `price` (numeric text). */
  salePrice: string;
  /** The catalog price rule pricing it now, or null. */
  priceRule: AppliedPriceRule | null;
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
      priceRule: appliedRuleJson,
    })
    .from(products)
    .leftJoin(parents, eq(parents.id, products.parentProductId))
    .where(and(inArray(products.skuLower, wanted), isSellable));
  return new Map(
    rows.map(({ priceRule: rule, ...row }) => [row.sku.toLowerCase(), { ...row, ...rulePricing(rule, row.price) }]),
  );
}

/**
 * A product and its live variants as the storefront prices them now (the product form's panel): the
 * regular price, the price after the catalog price rule running, and that rule. Null for no live product.
 */
export async function productPricing(source: Db, id: number): Promise<ProductPricing | null> {
  const variantIds = await source
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.parentProductId, id), isLive(products)))
    .orderBy(asc(products.id));
  const priced = await productsForSale(source, [id, ...variantIds.map((row) => row.id)]);
  const [product] = await source.select({ id: products.id }).from(products).where(and(eq(products.id, id), isLive(products), sql`${products.parentProductId} is null`));
  const own = priced.get(id);
  if (!product || !own) return null;
  const rowOf = (row: ProductForSale) => ({ id: row.id, sku: row.sku, price: Number(row.price), salePrice: Number(row.salePrice), priceRule: row.priceRule });
  return { ...rowOf(own), variants: variantIds.flatMap(({ id: variantId }) => (priced.has(variantId) ? [rowOf(priced.get(variantId)!)] : [])) };
}
