import { productLabel } from '@facet/contract/modules/products/product.schema';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { searchProducts } from './product.queries.ts';
import { products } from './product.table.ts';

/**
 * Products as a marketing module picks them (a coupon's products and exclusions): top-level live
 * products, 'name - model number', searched by name or model number. A coupon naming a product covers
 * its variants (the lines an order sells).
 */
export async function productChoices(db: Db, term: string): Promise<{ id: number; label: string }[]> {
  return (await searchProducts(db, term)).map((row) => ({ id: row.id, label: row.label }));
}

/** The live top-level products of `ids` that exist, with their labels, by id. */
export async function productChoicesById(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, modelNumber: products.modelNumber })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isLive(products), isNull(products.parentProductId)));
  return new Map(rows.map((row) => [row.id, productLabel(row)]));
}

/**
 * What a discount scope needs of the products an order sells (variants or products without
 * variants): the top-level product it belongs to and that product's categories, by id.
 */
export async function productScopes(db: Db, ids: readonly number[]): Promise<Map<number, { productId: number; categoryIds: number[] }>> {
  if (!ids.length) return new Map();
  const result = (await db.execute(sql`
    select p.id, coalesce(parent.id, p.id) as "productId", coalesce(parent.category_ids, p.category_ids) as "categoryIds"
    from products p left join products parent on parent.id = p.parent_product_id
    where p.id = any(${arrayParam(ids, 'int4')})`)) as unknown as { rows: { id: number; productId: number; categoryIds: number[] }[] };
  return new Map(result.rows.map((row) => [row.id, { productId: row.productId, categoryIds: row.categoryIds }]));
}

/** The live top-level products in any of `categoryIds` (their storefront documents' ids): what a price rule on those categories covers. */
export async function productIdsInCategories(db: Db, categoryIds: readonly number[]): Promise<number[]> {
  if (!categoryIds.length) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(isLive(products), isNull(products.parentProductId), sql`${products.categoryIds} && ${arrayParam(categoryIds, 'int4')}`));
  return rows.map((row) => row.id);
}
