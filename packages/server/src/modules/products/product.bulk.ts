import { productBulkList, productListQuery } from '@facet/contract/modules/products/product.schema';
import { and, asc, ne, or, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import { writeAudits } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { countWhere, idsWhere, applyListQuery } from '../../db/list-query.ts';
import { emitChanged } from '../../events/emit.ts';
import type { BulkQuery, BulkTarget } from '../../http/bulk-actions.ts';
import { bulkTarget } from '../../http/bulk-actions.ts';
import { deletedAuditEntries, softDelete } from './product.delete.ts';
import type { ProductListQuery } from './product.queries.ts';
import { listSpec } from './product.queries.ts';
import { PRODUCT_ENTITY, topLevelIdsOf } from './product.save.ts';
import { products } from './product.table.ts';

/**
 * The product list's bulk actions (issue 23 §1): the status switch and the delete of many rows, on
 * the ticked rows or on every product and variant the list's filters select, as the list's job
 * (`bulk.products`). Each row meets what its single write meets: the switch sets that row alone (a
 * product or a variant), a delete takes a product's variants with it and keeps a parent's aggregate
 * true (product.delete.ts). Nothing refuses either today; the job's one transaction audits each row
 * and emits `products.changed` for the products whose documents changed.
 */
export function productBulkTarget(db: Db): BulkTarget {
  const whereOf = (query: BulkQuery) => applyListQuery(products, query as unknown as ProductListQuery, listSpec).where;
  const idIn = (column: typeof products.id | typeof products.parentProductId, ids: readonly number[]) => sql`${column} = any(${arrayParam(ids, 'int')})`;

  return bulkTarget({ ...productBulkList, listQuery: productListQuery }, {
    count: (query) => countWhere(db, products, whereOf(query)),
    iterateIds: (query) => idsWhere(db, products, whereOf(query)),

    applyToMany: (ids, change, query, context, commit) =>
      db.transaction(async (tx) => {
        // The rows still live and matching, read again and locked in id order, as every bulk action locks.
        const rows = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(idIn(products.id, ids), whereOf(query)))
          .orderBy(asc(products.id))
          .for('update');
        const locked = rows.map((row) => row.id);
        let changed: number;
        if (change.action === 'status') {
          const status = change.status as boolean;
          // A row already as asked is left alone, as a second click of the switch would be.
          const written = await tx
            .update(products)
            .set({ status, version: sql`${products.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
            .where(and(idIn(products.id, locked), ne(products.status, status)))
            .returning({ id: products.id, parentProductId: products.parentProductId });
          await writeAudits(
            tx,
            context,
            written.map((row) => ({ action: 'status', entity: PRODUCT_ENTITY, entityId: row.id, before: { status: !status }, after: { status } })),
          );
          await emitChanged(tx, 'products.changed', topLevelIdsOf(written));
          changed = written.length;
        } else {
          const deleted = await softDelete(tx, or(idIn(products.id, locked), idIn(products.parentProductId, locked))!, context);
          await writeAudits(tx, context, deletedAuditEntries(deleted, new Set(locked)));
          await emitChanged(tx, 'products.changed', topLevelIdsOf(deleted));
          changed = locked.length;
        }
        const outcome = { matched: rows.length, changed };
        await commit(tx, outcome);
        return outcome;
      }),
  });
}
