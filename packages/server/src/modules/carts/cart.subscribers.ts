import { abandonedCartResource } from '@facet/contract/modules/carts/cart.schema';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { EventPayload } from '../../events/events.ts';
import type { EventSubscriber, SubscriberContext } from '../../events/event-subscriber.ts';
import { carts } from './cart.table.ts';

/**
 * The cart an order came from: the one it names (`cartId`), else the shopper's latest cart that was
 * still open when the order was placed (by customer id, else by email). None when an earlier delivery
 * of the same order already marked one (the order number is on it), so a second delivery changes nothing.
 */
async function cartOfOrder(db: Db, order: EventPayload<'orders.placed'>, placedAt: Date): Promise<number | null> {
  const [already] = await db.select({ id: carts.id }).from(carts).where(eq(carts.orderNumber, order.orderNumber)).limit(1);
  if (already) return null;
  const shopper =
    order.cartId !== undefined
      ? eq(carts.id, order.cartId)
      : order.customerId !== undefined
        ? eq(carts.customerId, order.customerId)
        : eq(sql`lower(${carts.email})`, order.email.toLowerCase());
  const [cart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(shopper, isLive(carts), isNull(carts.convertedAt), order.cartId === undefined ? sql`${carts.activityAt} <= ${placedAt}` : undefined))
    .orderBy(desc(carts.activityAt), desc(carts.id))
    .limit(1);
  return cart?.id ?? null;
}

/**
 * Marks the cart an order came from as turned into an order, at the time the order was placed: a cart
 * abandoned before that shows as recovered (document 3 §2.6 beyond the spec, issue 24 item 10).
 * Idempotent: a cart already converted, or an order already on a cart, is left as it is.
 */
export async function markCartConverted(order: EventPayload<'orders.placed'>, { db, emittedAt, eventId }: Pick<SubscriberContext, 'db' | 'emittedAt' | 'eventId'>) {
  await db.transaction(async (tx) => {
    const cartId = await cartOfOrder(tx, order, emittedAt);
    if (cartId === null) return;
    const [changed] = await tx
      .update(carts)
      .set({ convertedAt: emittedAt, orderNumber: order.orderNumber, version: sql`${carts.version} + 1`, updatedAt: new Date() })
      .where(and(eq(carts.id, cartId), isNull(carts.convertedAt)))
      .returning({ id: carts.id });
    if (!changed) return;
    await writeAudit(tx, { actor: null, ip: 'system', requestId: `event-${eventId}` }, {
      action: 'converted',
      entity: abandonedCartResource.entity,
      entityId: cartId,
      after: { convertedAt: emittedAt.toISOString(), orderNumber: order.orderNumber },
    });
  });
}

export const cartSubscribers = (): EventSubscriber[] => [{ name: 'carts.mark-converted', event: 'orders.placed', handle: markCartConverted }];
