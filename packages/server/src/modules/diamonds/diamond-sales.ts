import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { writeAudits } from '../../db/audit.ts';
import { arrayParam } from '../../db/array-param.ts';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/emit.ts';
import type { ServiceContext } from '../../http/context.ts';
import { stoneCountDeltaSql } from './feed/stone-counts.ts';
import { bumpListVersion } from './list-index/list-index-sql.ts';

export const DIAMOND_ENTITY = 'diamond';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Sells stones or puts them back, in the caller's transaction: staff's Mark as Sold and Add to
 * Inventory (one stone), an order reserving its stones and a cancellation releasing them. Only the
 * stones not already so change; for each, the service screen's counts move (the stone as it was out,
 * as it is now in), its storefront document goes with the commit (`diamonds.changed`), an audit row
 * is written, and the list's version is raised once. A sale for an order records the order's number,
 * so its release puts back only the stones that order holds. Answers the ids changed and, when any
 * did, the list version the change made (null otherwise).
 */
export async function setStonesSold(
  tx: Db,
  ids: readonly number[],
  isSold: boolean,
  context: ServiceContext,
  orderNumber: string | null = null,
): Promise<{ changed: number[]; version: number | null }> {
  if (!ids.length) return { changed: [], version: null };
  const changed = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update diamonds set is_sold = ${isSold}, sold_at = ${isSold ? sql`now()` : null}, sold_by = ${isSold ? (context.actor?.id ?? null) : null},
        sold_order_number = ${isSold ? orderNumber : null}, updated_at = now(), updated_by = ${context.actor?.id ?? null}, version = version + 1
      where id = any(${arrayParam(ids, 'int4')}) and is_sold <> ${isSold}
      returning id`),
  ).map((row) => row.id);
  if (!changed.length) return { changed, version: null };
  await tx.execute(
    stoneCountDeltaSql(sql`select s.n, d.is_gemstone, d.is_lab, d.is_unavailable, s.is_sold, d.price is not null as is_priced
      from diamonds d, (values (-1, ${!isSold}::boolean), (1, ${isSold}::boolean)) s(n, is_sold) where d.id = any(${arrayParam(changed, 'int4')})`),
  );
  await emit(tx, 'diamonds.changed', { ids: changed });
  await writeAudits(
    tx,
    context,
    changed.map((id) => ({
      action: 'update',
      entity: DIAMOND_ENTITY,
      entityId: id,
      before: { isSold: !isSold },
      after: { isSold, ...(orderNumber && { orderNumber }) },
    })),
  );
  return { changed, version: await bumpListVersion(tx) };
}

/** A stone as an order line takes it: what the line keeps of it, and whether it may be sold. */
export interface StoneForOrder {
  id: number;
  sku: string;
  certificate: string;
  lab: string;
  name: string;
  vendor: string;
  image: string;
  /** The shop's price in whole pounds; null when the stone is not for sale (no band, no rate). */
  price: number | null;
  isSold: boolean;
  isUnavailable: boolean;
}

/**
 * The stones an order names, locked (FOR UPDATE, in id order so two orders never wait on each other
 * in a circle) for the rest of the order's transaction: of two orders racing for one stone, the second
 * reads it once the first has committed, sold.
 */
export async function lockStonesForOrder(tx: Db, ids: readonly number[]): Promise<Map<number, StoneForOrder>> {
  if (!ids.length) return new Map();
  const stones = await readStones(tx, sql`id = any(${arrayParam(ids, 'int4')}) order by id for update`);
  return new Map(stones.map((stone) => [stone.id, stone]));
}

/** Stones as an order line takes them, `where` the condition (and order, limit, lock) of the read. */
async function readStones(db: Db, where: SQL): Promise<StoneForOrder[]> {
  const rows = rowsOf<StoneForOrder & { price: string | null }>(
    await db.execute(sql`
      select id, stock_id as sku, coalesce(certificate, '') as certificate, coalesce(lab, '') as lab, name, coalesce(vendor, '') as vendor,
        coalesce(image, '') as image, price, is_sold as "isSold", is_unavailable as "isUnavailable"
      from diamonds where ${where}`),
  );
  return rows.map((row) => ({ ...row, price: row.price === null ? null : Number(row.price) }));
}

/** Sells an order's stones (locked by `lockStonesForOrder` and checked for sale), recording the order. */
export async function reserveStonesForOrder(tx: Db, ids: readonly number[], orderNumber: string, context: ServiceContext) {
  return setStonesSold(tx, ids, true, context, orderNumber);
}

/**
 * Puts back in stock the stones sold for an order (a cancellation): only those the order still holds,
 * so running it again, or after staff re-sold a stone, changes nothing more. Answers their SKUs.
 */
export async function releaseStonesOfOrder(tx: Db, orderNumber: string, context: ServiceContext): Promise<{ ids: number[]; skus: string[] }> {
  const held = rowsOf<{ id: number; sku: string }>(
    await tx.execute(sql`select id, stock_id as sku from diamonds where sold_order_number = ${orderNumber} and is_sold order by id for update`),
  );
  await setStonesSold(tx, held.map((row) => row.id), false, context);
  return { ids: held.map((row) => row.id), skus: held.map((row) => row.sku) };
}

/** Undoes a release: the stones that are still in stock go back to the order (one sold meanwhile stays with its buyer). */
export async function retakeStonesForOrder(tx: Db, ids: readonly number[], orderNumber: string, context: ServiceContext): Promise<number[]> {
  const free = [...(await lockStonesForOrder(tx, ids)).values()].filter((stone) => !stone.isSold).map((stone) => stone.id);
  return (await setStonesSold(tx, free, true, context, orderNumber)).changed;
}

/** Up to `limit` stones for sale (not sold, still offered, priced), oldest first: what demo orders and a checkout's options pick from. */
export function stonesForSale(db: Db, limit: number): Promise<StoneForOrder[]> {
  return readStones(db, sql`not is_sold and not is_unavailable and price is not null order by id limit ${limit}`);
}
