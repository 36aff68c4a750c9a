import { sql } from 'drizzle-orm';
import { writeAudits } from '../../db/audit.ts';
import { arrayParam } from '../../db/array-param.ts';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/emit.ts';
import type { ServiceContext } from '../../http/context.ts';
import { stoneCountDeltaSql } from './feed/stone-counts.ts';
import { diamondsForSale } from './diamond.sale.ts';
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

/** Sells an order's stones (locked by `diamondsForSale` and checked for sale), recording the order. */
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
  const free = [...(await diamondsForSale(tx, ids, { lock: true })).values()].filter((stone) => !stone.isSold).map((stone) => stone.id);
  return (await setStonesSold(tx, free, true, context, orderNumber)).changed;
}
