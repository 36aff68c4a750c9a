import { and, count, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { products } from './product.table.ts';

/** How many products the catalogue holds (live top-level products; variants are a product's own): the dashboard's Total Products. */
export async function countProducts(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .where(and(isLive(products), isNull(products.parentProductId)));
  return row?.total ?? 0;
}
