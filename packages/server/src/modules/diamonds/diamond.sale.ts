import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { diamondShapes } from '../diamond-shapes/diamond-shape.table.ts';
import { diamonds } from './diamond.table.ts';

/**
 * A stone as a sale takes it (an order's, an inquiry's or a cart's line): the one reading of the stones
 * behind every sale. For sale as the storefront offers it: not sold, still offered by the feed, priced,
 * of a live active shape.
 */
export interface DiamondForSale {
  id: number;
  name: string;
  /** The feed's stock id: the stone's system SKU. */
  stockId: string;
  certificate: string;
  /** The grading lab (GIA, IGI...); empty when the feed names none. */
  lab: string;
  /** The supplier the feed names: staff see it on the sale, the storefront never. */
  vendor: string;
  /** Whole pounds, the shop's price (numeric text); null when the stone has none (no band, no rate). */
  price: string | null;
  image: string;
  isSold: boolean;
  /** Not sold, still offered, priced, of a live active shape. */
  isForSale: boolean;
}

const isForSale = sql`not ${diamonds.isSold} and not ${diamonds.isUnavailable} and ${diamonds.price} is not null
  and exists (select 1 from ${diamondShapes} s where s.id = ${diamonds.shapeId} and s.deleted_at is null and s.status)`;

/**
 * The stones of `ids`, by id, whether for sale or not (`isForSale` says; an id that is no stone is
 * missing). With `lock` they are locked (FOR UPDATE, in id order so two orders never wait on each other
 * in a circle) for the rest of the caller's transaction: of two orders racing for one stone, the second
 * reads it once the first has committed, sold.
 */
export async function diamondsForSale(source: Db, ids: readonly number[], { lock = false } = {}): Promise<Map<number, DiamondForSale>> {
  if (!ids.length) return new Map();
  const query = source
    .select({
      id: diamonds.id,
      name: diamonds.name,
      stockId: diamonds.stockId,
      certificate: sql<string>`coalesce(${diamonds.certificate}, '')`,
      lab: sql<string>`coalesce(${diamonds.lab}, '')`,
      vendor: sql<string>`coalesce(${diamonds.vendor}, '')`,
      price: sql<string | null>`${diamonds.price}::text`,
      image: sql<string>`coalesce(${diamonds.image}, '')`,
      isSold: diamonds.isSold,
      isForSale: sql<boolean>`${isForSale}`,
    })
    .from(diamonds)
    .where(inArray(diamonds.id, [...ids]))
    .orderBy(asc(diamonds.id));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Ids of up to `limit` stones for sale, in a fixed but scattered order: demo sales' stones, a checkout's options. */
export async function sampleDiamondIdsForSale(source: Db, limit: number): Promise<number[]> {
  const rows = await source.select({ id: diamonds.id }).from(diamonds).where(isForSale).orderBy(asc(sql`md5(${diamonds.id}::text)`)).limit(limit);
  return rows.map((row) => row.id);
}


/**
 * The stones of `ids` a shopper may review, by id: any stone the shop has (one sold included: it is
 * the buyer who reviews it), with its name and stock id as the review keeps them.
 */
export async function diamondsForReview(source: Db, ids: readonly number[]): Promise<Map<number, { name: string; sku: string }>> {
  if (!ids.length) return new Map();
  const rows = await source.select({ id: diamonds.id, name: diamonds.name, sku: diamonds.stockId }).from(diamonds).where(inArray(diamonds.id, [...ids]));
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}
