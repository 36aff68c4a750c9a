import type { SaleLineOption } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { OrderAddressRecord, OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { PAYMENT_METHODS } from '@facet/contract/modules/orders/order.schema';
import { ORDER_STATUS_LABELS } from '@facet/contract/modules/orders/order-status';
import { and, eq, lte, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import type { EventPayload } from '../../events/events.ts';
import type { EventSubscriber, SubscriberContext } from '../../events/event-subscriber.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { InvoiceData } from '../invoices/index.ts';
import { createInvoice } from '../invoices/index.ts';
import type { OrderMail } from '../mail/index.ts';
import { queueOrderMail } from '../mail/index.ts';
import { loadOrder } from './order.service.ts';
import { orderRefunds, orders, orderStatusHistory } from './order.table.ts';

type StatusChanged = EventPayload<'orders.status-changed'>;

/**
 * The mail a status change tells the customer (document 3 §4, §5): SHIPPING the shipping type,
 * tracking number and delivery date the order now holds; REFUNDED the amount that change refunded and
 * whether the order was then refunded in full; any other status its words. A change to REFUNDED that
 * refunded nothing (a comment on a refunded order) has no amount to tell of: it reads as a status change.
 */
async function mailOf(tx: Db, order: OrderRecord, change: StatusChanged, comment: string): Promise<OrderMail> {
  const base = { to: order.email, customerName: order.name, orderNumber: order.orderNumber, comment };
  if (change.status === 'SHIPPING' && order.trackingNumber && order.deliveryDate) {
    return { ...base, kind: 'shipped', trackingNumber: order.trackingNumber, deliveryDate: order.deliveryDate, shippingMethod: order.shippingMethodName };
  }
  if (change.status === 'REFUNDED') {
    // The refunds up to this change's: the later ones (a further partial refund) are their own mails.
    const [refund] = await tx
      .select({
        amount: sql<string | null>`(select ${orderRefunds.amount}::text from ${orderRefunds} where ${orderRefunds.historyId} = ${change.historyId})`,
        refundedSoFar: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)::text`,
      })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), lte(orderRefunds.historyId, change.historyId)));
    if (refund?.amount) {
      return { ...base, kind: 'refunded', amount: refund.amount, currencySymbol: order.currencySymbol, isFullRefund: Number(refund.refundedSoFar) >= order.total };
    }
  }
  return { ...base, kind: 'status-changed', statusLabel: ORDER_STATUS_LABELS[change.status] };
}

/**
 * Queues the customer's mail of a status change staff sent with "notify customer", in the
 * subscriber's own transaction. Once per history row (the mail's once-key), so a redelivered event
 * queues nothing more. A change without "notify customer" sends nothing.
 */
export async function mailStatusChange(change: StatusChanged, { db }: Pick<SubscriberContext, 'db'>) {
  if (!change.notifyCustomer) return;
  await db.transaction(async (tx) => {
    const [entry] = await tx.select({ comment: orderStatusHistory.comment }).from(orderStatusHistory).where(eq(orderStatusHistory.id, change.historyId));
    if (!entry) return;
    const order = await loadOrder(tx, change.orderNumber);
    await queueOrderMail(tx, await mailOf(tx, order, change, entry.comment), `order-history:${change.historyId}`);
  });
}

const addressOf = (address: OrderAddressRecord) => ({
  name: `${address.firstName} ${address.lastName}`.trim() || '-',
  street: address.street,
  city: address.city,
  state: address.stateName,
  postcode: address.postcode,
  country: address.countryName,
});

const shownOptions = (options: SaleLineOption[]) => options.filter((option) => option.showInStorefront).map(({ title, value }) => ({ title, value }));

/** What the invoice of an order is made from: the order's own snapshot of what was sold, at its prices. */
export function invoiceDataOf(order: OrderRecord): InvoiceData {
  const shipsToBilling = JSON.stringify(order.shippingAddress) === JSON.stringify(order.billingAddress);
  return {
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    currencySymbol: order.currencySymbol,
    customer: { email: order.email, phone: order.phone },
    billingAddress: addressOf(order.billingAddress),
    shippingAddress: shipsToBilling ? null : addressOf(order.shippingAddress),
    paymentMethod: PAYMENT_METHODS[order.paymentMethod],
    shippingMethod: order.shippingMethodName,
    lines: order.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      options: [...(line.size ? [{ title: 'Size', value: line.size }] : []), ...shownOptions(line.productOptions), ...shownOptions(line.standaloneOptions)],
      qty: line.qty,
      price: line.price,
      discount: line.discount,
      total: line.total,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shippingAmount,
    ...(order.cardFee ? { cardFee: order.cardFee } : {}),
    total: order.total,
  };
}

/**
 * Makes the invoice of an order confirmed, once per order: `createInvoice` answers the invoice an
 * earlier delivery made, and the order keeps its link (`invoice_url`), which its list and detail answer.
 */
export async function invoiceConfirmedOrder(change: StatusChanged, { db, eventId }: Pick<SubscriberContext, 'db' | 'eventId'>, storage: MediaStorage) {
  if (change.status !== 'CONFIRMED') return;
  await db.transaction(async (tx) => {
    const order = await loadOrder(tx, change.orderNumber);
    if (order.invoiceUrl) return;
    const invoice = await createInvoice(tx, invoiceDataOf(order), storage);
    // The link only, not a new version: a staff member's open form of the order is no less current for it.
    const [linked] = await tx
      .update(orders)
      .set({ invoiceUrl: invoice.url })
      .where(and(eq(orders.id, order.id), sql`${orders.invoiceUrl} is null`))
      .returning({ id: orders.id });
    if (!linked) return;
    await writeAudit(tx, { actor: null, ip: 'system', requestId: `event-${eventId}` }, {
      action: 'invoiced',
      entity: 'order',
      entityId: order.id,
      after: { orderNumber: order.orderNumber, invoice: invoice.displayNumber, invoiceUrl: invoice.url },
    });
  });
}

export const orderSubscribers = (storage: MediaStorage): EventSubscriber[] => [
  { name: 'orders.mail-status-change', event: 'orders.status-changed', handle: mailStatusChange },
  { name: 'orders.invoice-confirmed', event: 'orders.status-changed', handle: (change, context) => invoiceConfirmedOrder(change, context, storage) },
];
