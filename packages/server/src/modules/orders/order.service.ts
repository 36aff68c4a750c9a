import type { OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { orderResource } from '@facet/contract/modules/orders/order.schema';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { notFound } from '../../http/errors.ts';
import { orderLines, orderRefunds, orders, orderStatusHistory } from './order.table.ts';

/** An order's row as the detail reads it, with what it may still refund worked out in SQL. */
const orderColumns = {
  id: orders.id,
  version: orders.version,
  orderNumber: orders.orderNumber,
  status: orders.status,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  customerId: orders.customerId,
  isGuest: orders.isGuest,
  email: orders.email,
  firstName: orders.firstName,
  lastName: orders.lastName,
  name: orders.name,
  phone: orders.phone,
  currencyCode: orders.currencyCode,
  currencySymbol: orders.currencySymbol,
  currencyName: orders.currencyName,
  subtotal: orders.subtotal,
  discount: orders.discount,
  shippingAmount: orders.shippingAmount,
  cardFee: orders.cardFee,
  total: orders.total,
  refundedTotal: orders.refundedTotal,
  remainingRefundAmount: sql<string>`(${orders.total} - ${orders.refundedTotal})::text`,
  itemCount: orders.itemCount,
  paymentMethod: orders.paymentMethod,
  paidAt: orders.paidAt,
  shippingRateId: orders.shippingRateId,
  shippingMethodName: orders.shippingMethodName,
  trackingNumber: orders.trackingNumber,
  deliveryDate: orders.deliveryDate,
  countryId: orders.countryId,
  billingAddress: orders.billingAddress,
  shippingAddress: orders.shippingAddress,
  invoiceUrl: orders.invoiceUrl,
};

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * The whole order by its number, as /order/view/order_id/{orderNumber} shows it: the row, its lines in
 * the order they were placed, its history newest first, its refunds. `source` is a transaction when
 * the order is read after a change in it.
 */
export async function loadOrder(source: Db, orderNumber: string): Promise<OrderRecord> {
  const [row] = await source
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), isLive(orders)));
  if (!row) throw notFound();
  const lines = await source
    .select({
      id: orderLines.id,
      isDiamond: orderLines.isDiamond,
      productId: orderLines.productId,
      diamondId: orderLines.diamondId,
      name: orderLines.name,
      vendor: orderLines.vendor,
      sku: orderLines.sku,
      parentSku: orderLines.parentSku,
      modelNumber: orderLines.modelNumber,
      certificate: orderLines.certificate,
      supplierOrderReference: orderLines.supplierOrderReference,
      size: orderLines.size,
      productOptions: orderLines.productOptions,
      standaloneOptions: orderLines.standaloneOptions,
      image: orderLines.image,
      price: orderLines.price,
      qty: orderLines.qty,
      discount: orderLines.discount,
      total: orderLines.total,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.position));
  const history = await source
    .select({
      id: orderStatusHistory.id,
      status: orderStatusHistory.status,
      comment: orderStatusHistory.comment,
      notifyCustomer: orderStatusHistory.notifyCustomer,
      createdAt: orderStatusHistory.createdAt,
      createdByName: orderStatusHistory.createdByName,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, row.id))
    .orderBy(desc(orderStatusHistory.id));
  const refunds = await source
    .select({ id: orderRefunds.id, type: orderRefunds.type, amount: orderRefunds.amount, createdAt: orderRefunds.createdAt, createdByName: orderRefunds.createdByName })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, row.id))
    .orderBy(asc(orderRefunds.id));
  return {
    ...row,
    remainingRefundAmount: Number(row.remainingRefundAmount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: iso(row.paidAt),
    paymentMethod: row.paymentMethod as OrderRecord['paymentMethod'],
    lines,
    history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    refunds: refunds.map((refund) => ({ ...refund, type: refund.type as OrderRecord['refunds'][number]['type'], createdAt: refund.createdAt.toISOString() })),
  };
}

/**
 * The orders list and its export: the toolkit's over the orders table (capped totals at a million
 * orders, keyset batches for the export). The order date range and the country are the filters that
 * name no column of their own.
 */
export function createOrderList(db: Db) {
  return createCrudService(db, orderResource, orders, {
    filterTargets: { date: orders.createdAt, country: orders.countryId },
  });
}
