import type { ProductDeleteManyInput } from '@facet/contract/modules/products/product.schema';
import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { RequestContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { emitChanged } from '../../events/emit.ts';
import { PRODUCT_ENTITY, topLevelIdsOf } from './product.save.ts';
import { products } from './product.table.ts';

/** Deleting products and variants: soft deletes, a parent's aggregate kept true, one audit row per request. */

/** Soft deletes rows (and the variants of those that are products), in one statement; the count of rows deleted. */
async function softDelete(tx: Db, condition: SQL, context: RequestContext) {
  const deleted = await tx
    .update(products)
    .set({ deletedAt: new Date(), deletedBy: context.actor.id, version: sql`${products.version} + 1` })
    .where(and(isLive(products), condition))
    .returning({ id: products.id, parentProductId: products.parentProductId });
  // A parent that lost variants but lives on: its aggregate changed (version), and it may have none left.
  const parents = [...new Set(deleted.flatMap((row) => (row.parentProductId === null ? [] : [row.parentProductId])))];
  if (parents.length) {
    await tx
      .update(products)
      .set({
        version: sql`${products.version} + 1`,
        isConfigured: sql`exists (select 1 from ${products} v where v.parent_product_id = ${products.id} and v.deleted_at is null)`,
        updatedAt: new Date(),
        updatedBy: context.actor.id,
      })
      .where(and(inArray(products.id, parents), isLive(products)));
  }
  return deleted;
}

/** Deletes one row: a product with its variants, or one variant; answers the rows deleted. */
export async function removeProduct(db: Db, id: number, context: RequestContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isLive(products)))
      .for('update');
    if (!row) throw notFound();
    const deleted = await softDelete(tx, or(eq(products.id, id), eq(products.parentProductId, id))!, context);
    await writeAudit(tx, context, { action: 'delete', entity: PRODUCT_ENTITY, entityId: id, before: { deletedIds: deleted.map((r) => r.id) } });
    await emitChanged(tx, 'products.changed', topLevelIdsOf(deleted));
    return deleted;
  });
}

/** Delete Selected or Delete All, set-based; answers the rows (products and their variants) deleted. */
export async function removeProducts(db: Db, input: ProductDeleteManyInput, context: RequestContext) {
  return db.transaction(async (tx) => {
    const condition = 'ids' in input ? or(inArray(products.id, input.ids), inArray(products.parentProductId, input.ids))! : sql`true`;
    const rows = await softDelete(tx, condition, context);
    await writeAudit(tx, context, { action: 'delete', entity: PRODUCT_ENTITY, entityId: null, before: { deletedIds: rows.map((r) => r.id), all: 'all' in input } });
    await emitChanged(tx, 'products.changed', 'all' in input ? 'all' : topLevelIdsOf(rows));
    return rows;
  });
}
