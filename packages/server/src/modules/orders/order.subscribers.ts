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
import type { CreditNoteData, CreditNoteStore, InvoiceData } from '../invoices/index.ts';
import { createCreditNote, createInvoice, invoiceFor } from '../invoices/index.ts';
import type { OrderMail } from '../mail/index.ts';
import { queueOrderMail } from '../mail/index.ts';
import { loadOrder } from './order.service.ts';
import { orderRefunds, orders, orderStatusHistory } from './order.table.ts';

type StatusChanged = EventPayload<'orders.status-changed'>;
/** Who an audit row of a document names: the system after an event, the admin for the demo's. */
type AuditContext = Parameters<typeof writeAudit>[1];

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

/** What a refund's credit note is made from: the refund's amount and type, and the order's customer, address and invoice. */
export function creditNoteDataOf(order: OrderRecord, refund: { id: number; type: string; amount: number }, invoiceNumber: string | null): CreditNoteData {
  return {
    orderNumber: order.orderNumber,
    refundReference: `order-refund:${refund.id}`,
    orderDate: order.createdAt,
    invoiceNumber,
    currencySymbol: order.currencySymbol,
    customer: { email: order.email, phone: order.phone },
    billingAddress: addressOf(order.billingAddress),
    refundType: refund.type === 'full' ? 'full' : 'partial',
    amount: refund.amount,
  };
}

/**
 * Makes the credit note of the refund history row `historyId` of order `orderNumber` made (issue 24:
 * CN-000123, the refunded amount, dated as the refund), in `tx`, once per refund: `createCreditNote`
 * answers the one an earlier call made. The refund keeps its number and link, which the order's history row of that
 * change and its refunds answer; the audit row says so under `context`. A history row that refunded
 * nothing (a comment on a refunded order) makes none. The subscriber below and the demo's refunded
 * orders (order.demo.ts) both make them here.
 */
export async function makeRefundCreditNote(tx: Db, refundOf: { historyId: number; orderNumber: string }, storage: CreditNoteStore, context: AuditContext) {
  const [refund] = await tx
    .select({ id: orderRefunds.id, type: orderRefunds.type, amount: orderRefunds.amount, createdAt: orderRefunds.createdAt, creditNoteUrl: orderRefunds.creditNoteUrl })
    .from(orderRefunds)
    .where(eq(orderRefunds.historyId, refundOf.historyId));
  if (!refund || refund.creditNoteUrl) return;
  const order = await loadOrder(tx, refundOf.orderNumber);
  const invoice = order.invoiceUrl ? await invoiceFor(tx, order.orderNumber) : null;
  const note = await createCreditNote(tx, creditNoteDataOf(order, refund, invoice?.displayNumber ?? null), storage, refund.createdAt);
  const [linked] = await tx
    .update(orderRefunds)
    .set({ creditNoteNumber: note.displayNumber, creditNoteUrl: note.url })
    .where(and(eq(orderRefunds.id, refund.id), sql`${orderRefunds.creditNoteUrl} is null`))
    .returning({ id: orderRefunds.id });
  if (!linked) return;
  await writeAudit(tx, context, {
    action: 'credit-note',
    entity: 'order',
    entityId: order.id,
    after: { orderNumber: order.orderNumber, refundId: refund.id, amount: refund.amount, creditNote: note.displayNumber, creditNoteUrl: note.url },
  });
}

/** The credit note of the refund a change to REFUNDED gave, made by the system after the change committed. */
export async function creditNoteForRefund(change: StatusChanged, { db, eventId }: Pick<SubscriberContext, 'db' | 'eventId'>, storage: MediaStorage) {
  if (change.status !== 'REFUNDED') return;
  await db.transaction((tx) => makeRefundCreditNote(tx, change, storage, { actor: null, ip: 'system', requestId: `event-${eventId}` }));
}

export const orderSubscribers = (storage: MediaStorage): EventSubscriber[] => [
  { name: 'orders.mail-status-change', event: 'orders.status-changed', handle: mailStatusChange },
  { name: 'orders.invoice-confirmed', event: 'orders.status-changed', handle: (change, context) => invoiceConfirmedOrder(change, context, storage) },
  { name: 'orders.credit-note-refund', event: 'orders.status-changed', handle: (change, context) => creditNoteForRefund(change, context, storage) },
];
