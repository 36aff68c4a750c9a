import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { products } from './product.table.ts';

/** A product as a report names it: its (top-level) product's id, name, image and SKU (the parent SKU, the model number). */
export interface ProductCard {
  id: number;
  name: string;
  image: string;
  parentSku: string;
}

/**
 * The cards of live products by id, a variant's id answered with its product's card (a view of a
 * variant is a view of its product). Ids not found (or deleted) are missing from the map.
 */
export async function productCards(db: Db, ids: readonly number[]): Promise<Map<number, ProductCard>> {
  if (!ids.length) return new Map();
  const parent = alias(products, 'parent');
  const rows = await db
    .select({
      askedId: products.id,
      id: sql<number>`coalesce(${parent.id}, ${products.id})`.mapWith(Number),
      name: sql<string>`coalesce(${parent.name}, ${products.name})`,
      image: sql<string>`coalesce(nullif(${parent.baseImage}, ''), ${products.baseImage})`,
      parentSku: sql<string>`coalesce(${parent.sku}, ${products.sku})`,
    })
    .from(products)
    .leftJoin(parent, and(eq(parent.id, products.parentProductId), isLive(parent)))
    .where(and(inArray(products.id, [...ids]), isLive(products)));
  return new Map(rows.map(({ askedId, ...card }) => [askedId, card]));
}
