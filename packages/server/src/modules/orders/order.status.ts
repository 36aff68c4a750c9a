import { createHash } from 'node:crypto';
import { MESSAGES } from '@facet/contract/messages';
import type { OrderStatusChange, OrderStatusChangeResponse } from '@facet/contract/modules/orders/order.schema';
import { ORDER_MESSAGES, refundProblem } from '@facet/contract/modules/orders/order.schema';
import type { OrderStatus } from '@facet/contract/modules/orders/order-status';
import { isAllowedOrderTransition, ORDER_STATUS_LABELS, ORDER_STATUS_TRANSITIONS, RELEASING_STATUS } from '@facet/contract/modules/orders/order-status';
import { and, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { emit } from '../../events/emit.ts';
import type { RequestContext } from '../../http/context.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { idempotencyKeyReused } from '../../http/idempotency-key.ts';
import type { Workflows } from '../../jobs/workflow.ts';
import { shippingRates } from '../shipping-rates/shipping-rate.table.ts';
import { orderCancelWorkflow } from './order.workflows.ts';
import { loadOrder } from './order.service.ts';
import { orderLines, orderRefunds, orders, orderStatusHistory } from './order.table.ts';

const ENTITY = 'order';

/** The change as sent, reduced to a digest: the same Idempotency-Key with another change is refused. */
const changeHash = (change: OrderStatusChange) => createHash('sha256').update(JSON.stringify(change)).digest('hex');

/** A move the workflow does not list: 409 naming where the order may go from here. */
function transitionRefused(from: OrderStatus, to: OrderStatus) {
  const allowed = ORDER_STATUS_TRANSITIONS[from].map((status) => ORDER_STATUS_LABELS[status]).join(', ');
  return conflict(MESSAGES.stateTransitionRefused(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to], allowed));
}

/**
 * Changes an order's status (document 3 §4, §5; issue 24 §3, §5), all in one transaction under the
 * order's row lock: only a move the workflow lists (else 409, nothing written); a refund worked out
 * in SQL from the locked row (remaining = total − refunded; partial at most that, full exactly that),
 * so two staff refunding at once cannot give back more than the total; SHIPPING records the shipping
 * type, tracking number and delivery date. Every change writes an Order Status History row and an
 * audit row and emits `orders.status-changed` (the mail and invoice work subscribe: nothing is sent
 * from here). A cancellation starts the workflow that puts the order's stones back in stock.
 *
 * With an Idempotency-Key, the change is made once per order and key: the same key again finds the
 * history row it wrote and answers the order as it stands (`replayed`), writing nothing; the same key
 * with another change is 422.
 */
export function createOrderStatusChanges(db: Db, workflows: Workflows) {
  const cancelWorkflow = orderCancelWorkflow(db);
  workflows.register(cancelWorkflow);

  return async function changeStatus(
    orderNumber: string,
    change: OrderStatusChange,
    idempotencyKey: string | undefined,
    context: RequestContext,
  ): Promise<OrderStatusChangeResponse & { replayed: boolean }> {
    const requestHash = idempotencyKey === undefined ? null : changeHash(change);
    const replayed = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          refundedTotal: orders.refundedTotal,
          remaining: sql<string>`(${orders.total} - ${orders.refundedTotal})::text`,
          shippingRateId: orders.shippingRateId,
          trackingNumber: orders.trackingNumber,
          deliveryDate: orders.deliveryDate,
        })
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), isLive(orders)))
        .for('update');
      if (!order) throw notFound();

      if (idempotencyKey !== undefined) {
        const [done] = await tx
          .select({ requestHash: orderStatusHistory.requestHash })
          .from(orderStatusHistory)
          .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.idempotencyKey, idempotencyKey)));
        if (done) {
          if (done.requestHash !== requestHash) throw idempotencyKeyReused();
          return true;
        }
      }

      const from = order.status;
      const to = change.status;
      if (!isAllowedOrderTransition(from, to)) throw transitionRefused(from, to);

      const shipping = to === 'SHIPPING' ? await shippingOf(tx, change) : null;
      const refund = to === 'REFUNDED' ? refundOf(change, Number(order.remaining)) : null;

      const [entry] = await tx
        .insert(orderStatusHistory)
        .values({
          orderId: order.id,
          status: to,
          comment: change.comment,
          notifyCustomer: change.notifyCustomer,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          createdBy: context.actor.id,
          createdByName: context.actor.name,
        })
        .returning({ id: orderStatusHistory.id });
      const historyId = entry!.id;

      if (refund) {
        // The amount from the locked row: a full refund is exactly what remains, a partial one the
        // amount asked for, which the check above held within what remains (the table's CHECK is the net).
        const amount = refund.type === 'full' ? sql`${orders.total} - ${orders.refundedTotal}` : sql`${refund.amount}::numeric`;
        await tx.execute(sql`
          with refund as (
            insert into ${orderRefunds} (order_id, history_id, type, amount, created_by, created_by_name)
            select ${orders.id}, ${historyId}, ${refund.type}, ${amount}, ${context.actor.id}, ${context.actor.name} from ${orders} where ${orders.id} = ${order.id}
            returning amount
          )
          update ${orders} set refunded_total = ${orders.refundedTotal} + (select amount from refund) where ${orders.id} = ${order.id}`);
      }
      const [after] = await tx
        .update(orders)
        .set({
          status: to,
          ...(shipping && { shippingRateId: shipping.rateId, shippingMethodName: shipping.rateName, trackingNumber: shipping.trackingNumber, deliveryDate: shipping.deliveryDate }),
          version: sql`${orders.version} + 1`,
          updatedAt: new Date(),
          updatedBy: context.actor.id,
        })
        .where(eq(orders.id, order.id))
        .returning({ refundedTotal: orders.refundedTotal });
      await writeAudit(tx, context, {
        action: 'status',
        entity: ENTITY,
        entityId: order.id,
        before: { orderNumber, status: from, refundedTotal: order.refundedTotal, ...(shipping && { trackingNumber: order.trackingNumber, deliveryDate: order.deliveryDate, shippingRateId: order.shippingRateId }) },
        after: {
          orderNumber,
          status: to,
          refundedTotal: after!.refundedTotal,
          ...(shipping && { trackingNumber: shipping.trackingNumber, deliveryDate: shipping.deliveryDate, shippingRateId: shipping.rateId }),
          ...(change.comment && { comment: change.comment }),
          ...(change.notifyCustomer && { notifyCustomer: true }),
        },
      });
      await emit(tx, 'orders.status-changed', { orderNumber, status: to, notifyCustomer: change.notifyCustomer, historyId });
      if (to === RELEASING_STATUS && from !== RELEASING_STATUS) {
        const [stone] = await tx
          .select({ id: orderLines.id })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.isDiamond, true)))
          .limit(1);
        if (stone) await workflows.start(cancelWorkflow, { orderId: order.id, orderNumber }, tx);
      }
      return false;
    });
    return { message: ORDER_MESSAGES.statusUpdated, order: await loadOrder(db, orderNumber), replayed };
  };
}

/**
 * What a change to SHIPPING records: the shipping type (a live shipping rate, whose name the order
 * keeps), the tracking number and the delivery date (the schema has required all three).
 */
async function shippingOf(tx: Db, change: OrderStatusChange) {
  const [rate] = await tx
    .select({ id: shippingRates.id, name: shippingRates.name })
    .from(shippingRates)
    .where(and(eq(shippingRates.id, change.shippingRateId!), isLive(shippingRates)));
  if (!rate) throw invalidField('shippingRateId', MESSAGES.chooseFromList('shipping type'));
  return { rateId: rate.id, rateName: rate.name, trackingNumber: change.trackingNumber!, deliveryDate: change.deliveryDate! };
}

/**
 * The refund a change to REFUNDED makes, checked against what the locked order still has to give
 * back: none when it is already fully refunded and none is asked; the type required otherwise; a
 * partial amount at most the remaining (the spec's message). Null when nothing is refunded.
 */
function refundOf(change: OrderStatusChange, remaining: number): { type: 'full' | 'partial'; amount: number | null } | null {
  const problem = refundProblem(change, remaining);
  if (problem?.message === ORDER_MESSAGES.alreadyFullyRefunded) throw conflict(problem.message, [{ path: [problem.field], message: problem.message }]);
  if (problem) throw invalidField(problem.field, problem.message);
  if (!change.refundType) return null;
  return { type: change.refundType, amount: change.refundType === 'partial' ? change.refundAmount! : null };
}
