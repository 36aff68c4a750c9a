import type { OrderStatusChangeResponse } from '@facet/contract/modules/orders/order.schema';
import { ORDER_MESSAGES } from '@facet/contract/modules/orders/order.schema';
import { and, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { RequestContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { loadOrder } from './order.service.ts';
import { orderLines, orders, orderStatusHistory } from './order.table.ts';

/**
 * Staff record the order they placed with a stone's supplier on the order's diamond line (issue 24:
 * for diamond lines the supplier's order reference), under the order's row lock: the line must be a
 * stone of this order (404 for another order's or no line, 409 for a product's). A change writes the
 * line, a row in Order Status History (the order's status, the reference in its comment, who) and an
 * audit row, and raises the order's version; the same reference again changes nothing.
 */
export function createSupplierOrderReferences(db: Db) {
  return async function setSupplierOrderReference(orderNumber: string, lineId: number, reference: string, context: RequestContext): Promise<OrderStatusChangeResponse> {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), isLive(orders)))
        .for('update');
      if (!order) throw notFound();
      const [line] = await tx
        .select({ isDiamond: orderLines.isDiamond, sku: orderLines.sku, reference: orderLines.supplierOrderReference })
        .from(orderLines)
        .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)));
      if (!line) throw notFound();
      if (!line.isDiamond) throw conflict(ORDER_MESSAGES.supplierOrderReferenceNotDiamond);
      if (line.reference === reference) return;
      await tx.update(orderLines).set({ supplierOrderReference: reference }).where(eq(orderLines.id, lineId));
      await tx.update(orders).set({ version: sql`${orders.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: order.status,
        comment: reference ? `Supplier order reference of diamond ${line.sku}: ${reference}` : `Supplier order reference of diamond ${line.sku} removed`,
        createdBy: context.actor.id,
        createdByName: context.actor.name,
      });
      await writeAudit(tx, context, {
        action: 'update',
        entity: 'order',
        entityId: order.id,
        // The line whole on each side: an update's row keeps only what changed, and the line is named with its change.
        before: { line: { id: lineId, sku: line.sku, supplierOrderReference: line.reference } },
        after: { line: { id: lineId, sku: line.sku, supplierOrderReference: reference } },
      });
    });
    return { message: ORDER_MESSAGES.supplierOrderReferenceSaved, order: await loadOrder(db, orderNumber) };
  };
}
