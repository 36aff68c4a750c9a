import { CART_PAYMENT_STATUSES, PENDING_PAYMENT } from '@facet/contract/modules/carts/cart.schema';
import type { CartAddress } from '@facet/contract/modules/carts/cart.schema';
import type { SaleLineInput } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { OrderAddressRecord } from '@facet/contract/modules/orders/order.schema';
import { seededRandom } from '@facet/contract/seeded-random';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { demoContext, demoGuest, demoMomentWithin, demoSaleLines, demoSaleStock } from '../inquiries/index.ts';
import { backdateSentMails, cartMailConcerns } from '../mail/index.ts';
import { orderLines, orders } from '../orders/order.table.ts';
import { productsForSale } from '../products/index.ts';
import { createCartService } from './cart.service.ts';
import { carts } from './cart.table.ts';

const DEMO_CARTS = 80;
const DEMO_DAYS = 120;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** One cart in eight was recovered: it became one of the demo orders. */
const RECOVERED_SHARE = 0.125;

/** A demo order a recovered cart became: its shopper, addresses, time and the pieces it holds. */
interface RecoveredOrder {
  orderNumber: string;
  customerId: number | null;
  email: string;
  phone: string;
  billingAddress: OrderAddressRecord;
  shippingAddress: OrderAddressRecord;
  createdAt: Date;
  lines: SaleLineInput[];
}

/** The order's address as the shopper typed it at checkout. */
const cartAddressOf = (address: OrderAddressRecord): CartAddress => ({
  firstName: address.firstName,
  lastName: address.lastName,
  street: address.street,
  city: address.city,
  state: address.stateName,
  country: address.countryName,
  postcode: address.postcode,
});

/**
 * Demo orders placed in the carts' months, by a seeded pick, that a recovered cart can have become:
 * each with the pieces of its lines still for sale (a cart of its stones could not be made: they are sold).
 */
async function recoverableOrders(tx: Db, random: () => number, count: number, now: number): Promise<RecoveredOrder[]> {
  const candidates = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      email: orders.email,
      phone: orders.phone,
      billingAddress: orders.billingAddress,
      shippingAddress: orders.shippingAddress,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(isNull(orders.deletedAt), isNull(orders.cartId), gte(orders.createdAt, new Date(now - DEMO_DAYS * DAY)), lte(orders.createdAt, new Date(now - 2 * DAY))))
    .orderBy(asc(orders.id))
    .limit(2000);
  const picked = new Map<number, (typeof candidates)[number]>();
  for (let tries = 0; picked.size < Math.min(count * 2, candidates.length) && tries < count * 20; tries++) {
    const order = candidates[Math.floor(random() * candidates.length)]!;
    picked.set(order.id, order);
  }
  if (!picked.size) return [];
  const lines = await tx
    .select({ orderId: orderLines.orderId, productId: orderLines.productId, qty: orderLines.qty, size: orderLines.size })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, [...picked.keys()]), eq(orderLines.isDiamond, false)))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const forSale = await productsForSale(tx, [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))]);
  const recovered: RecoveredOrder[] = [];
  for (const [id, { id: _id, ...order }] of picked) {
    const pieces = lines.flatMap((line) =>
      line.orderId === id && line.productId !== null && forSale.get(line.productId)?.isForSale ? [{ productId: line.productId, qty: line.qty, size: line.size }] : [],
    );
    if (pieces.length && recovered.length < count) recovered.push({ ...order, lines: pieces });
  }
  return recovered;
}

/**
 * Eighty abandoned carts over the last months: demo customers' and guests', most still awaiting
 * payment (PENDING), some with a failed or declined one; most with addresses, some with a billing
 * address only, some with none; a reminder sent for about a third (its mail in the mail outbox, sent
 * then), and one in eight recovered: it became a demo order, placed a few hours to days after the cart
 * was abandoned, by the same shopper with the same pieces. Each was last changed two days ago or
 * earlier, so it shows as abandoned under any setting up to two days.
 */
export async function seedDemoCarts(tx: Db, { adminId }: SeedContext) {
  const stock = await demoSaleStock(tx);
  if (!stock) return;
  const random = seededRandom(2410);
  const service = createCartService(tx);
  const context = demoContext(adminId);
  const now = Date.now();
  const recoveredOrders = await recoverableOrders(tx, random, Math.round(DEMO_CARTS * RECOVERED_SHARE), now);

  type Plan = { createdAt: Date; activityAt: Date; order: RecoveredOrder | null };
  const plans: Plan[] = [];
  // A recovered cart's times lead up to its order: left unchanged (abandoned), the order hours to days later.
  for (const order of recoveredOrders) {
    const activityAt = new Date(order.createdAt.getTime() - 2 * HOUR - Math.floor(random() * 70 * HOUR));
    plans.push({ createdAt: new Date(activityAt.getTime() - Math.floor(random() * 3 * HOUR)), activityAt, order });
  }
  while (plans.length < DEMO_CARTS) {
    const createdAt = demoMomentWithin(random, DEMO_DAYS, now - 2 * DAY);
    plans.push({ createdAt, activityAt: new Date(createdAt.getTime() + Math.floor(random() * 3 * HOUR)), order: null });
  }
  // Oldest first, so cart ids follow their dates as a shop's would.
  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  for (const [i, { createdAt, activityAt, order }] of plans.entries()) {
    const customer = order ? null : stock.customers.length && random() < 0.6 ? stock.customers[Math.floor(random() * stock.customers.length)]! : null;
    const guest = customer || order ? null : demoGuest(random, 100 + i);
    const home: CartAddress | null = order
      ? cartAddressOf(order.billingAddress)
      : (customer?.address ?? (guest ? { firstName: guest.firstName, lastName: guest.lastName, street: `${10 + i} Market Street`, city: 'Leeds', state: 'England', country: 'United Kingdom', postcode: 'LS1 6DT' } : null));
    const addressing = random();
    const cart = await service.createFromStorefront(
      {
        customerId: order ? (order.customerId ?? undefined) : customer?.id,
        email: order?.email ?? guest?.email ?? '',
        contactNumber: order?.phone ?? (guest && random() < 0.5 ? guest.contactNumber : ''),
        paymentStatus: random() < 0.65 ? PENDING_PAYMENT : CART_PAYMENT_STATUSES[1 + Math.floor(random() * (CART_PAYMENT_STATUSES.length - 1))]!,
        billingAddress: order ? home : home && addressing < 0.75 ? home : null,
        shippingAddress: order ? cartAddressOf(order.shippingAddress) : home && addressing < 0.6 ? home : null,
        lines: order?.lines ?? demoSaleLines(stock, random, 4),
      },
      context,
    );
    await tx.update(carts).set({ createdAt, updatedAt: activityAt, activityAt }).where(eq(carts.id, cart.id));
    // After it was abandoned (an hour after its last change by default): reminded through the screen's
    // own action (its mail in the outbox, sent then), and for a recovered cart perhaps before its order.
    const convertedAt = order?.createdAt;
    const isReminded = order ? random() < 0.5 : random() < 0.37;
    if (isReminded) {
      const latest = (convertedAt?.getTime() ?? now - HOUR) - HOUR;
      const remindedAt = new Date(Math.min(activityAt.getTime() + 2 * HOUR + Math.floor(random() * 20 * HOUR), latest));
      await service.sendReminder(cart.id, context);
      await tx.update(carts).set({ remindedAt, updatedAt: remindedAt }).where(eq(carts.id, cart.id));
      await backdateSentMails(tx, cartMailConcerns(cart.id), remindedAt);
    }
    if (order) await tx.update(carts).set({ convertedAt, orderNumber: order.orderNumber }).where(eq(carts.id, cart.id));
  }
}
