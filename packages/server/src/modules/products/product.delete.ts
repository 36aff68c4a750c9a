import type { SQL } from 'drizzle-orm';
import { and, eq, or, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import type { AuditEntry } from '../../db/audit.ts';
import { writeAudits } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { RequestContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { emitChanged } from '../../events/emit.ts';
import { PRODUCT_ENTITY, topLevelIdsOf } from './product.save.ts';
import { products } from './product.table.ts';

/** Deleting products and variants: soft deletes, a parent's aggregate kept true, one audit row per product or variant deleted as asked. */

type DeletedRow = { id: number; parentProductId: number | null };

/**
 * Soft deletes the live rows `condition` names (a product's with its variants), in one statement, and
 * keeps each surviving parent's aggregate true; answers the rows deleted.
 */
export async function softDelete(tx: Db, condition: SQL, context: RequestContext) {
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
      // One array parameter, however many parents (a bulk delete of a whole list names a hundred thousand).
      .where(and(sql`${products.id} = any(${arrayParam(parents, 'int')})`, isLive(products)));
  }
  return deleted;
}

/**
 * The audit rows of a delete: one per row deleted because it was asked for (`asked`), listing the
 * variants that went with it; a variant whose parent was asked for too is in its parent's row.
 */
export function deletedAuditEntries(deleted: readonly DeletedRow[], asked: ReadonlySet<number>): AuditEntry[] {
  const goneWith = new Map<number, number[]>();
  for (const row of deleted) if (row.parentProductId !== null) goneWith.set(row.parentProductId, [...(goneWith.get(row.parentProductId) ?? []), row.id]);
  const deletedIds = new Set(deleted.map((row) => row.id));
  return deleted
    .filter((row) => asked.has(row.id) && !(row.parentProductId !== null && asked.has(row.parentProductId) && deletedIds.has(row.parentProductId)))
    .map((row) => ({ action: 'delete', entity: PRODUCT_ENTITY, entityId: row.id, before: { deletedIds: [row.id, ...(goneWith.get(row.id) ?? [])] } }));
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
    await writeAudits(tx, context, deletedAuditEntries(deleted, new Set([id])));
    await emitChanged(tx, 'products.changed', topLevelIdsOf(deleted));
    return deleted;
  });
}
