import type { OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { orderResource } from '@facet/contract/modules/orders/order.schema';
import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { searchCondition } from '../../db/list-query.ts';
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
  couponCode: orders.couponCode,
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
/** A timestamp as JSON inside a statement: ISO 8601 in UTC, as the API writes every date. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The outer order's id inside a subquery, qualified: a select from one table writes its columns
 * unqualified, and `id` there would be the subquery's own.
 */
const outerOrderId = sql`${orders}.id`;

/** A refund's credit note as JSON (`refund` the order_refunds row's alias), null until it is made. */
const creditNoteJson = (refund: SQL) =>
  sql`case when ${refund}.credit_note_url is null then null else json_build_object('number', ${refund}.credit_note_number, 'url', ${refund}.credit_note_url) end`;

/** The order's lines in placing order, its history newest first and its refunds, each as JSON built by PostgreSQL in the order's own statement. */
const linesJson = sql<OrderRecord['lines']>`coalesce((select json_agg(json_build_object(
    'id', l.id, 'isDiamond', l.is_diamond, 'productId', l.product_id, 'diamondId', l.diamond_id, 'name', l.name, 'vendor', l.vendor, 'sku', l.sku,
    'parentSku', l.parent_sku, 'modelNumber', l.model_number, 'certificate', l.certificate, 'supplierOrderReference', l.supplier_order_reference,
    'size', l.size, 'productOptions', l.product_options, 'standaloneOptions', l.standalone_options, 'image', l.image,
    'price', l.price, 'qty', l.qty, 'discount', l.discount, 'total', l.total) order by l.position)
  from ${orderLines} l where l.order_id = ${outerOrderId}), '[]')`;
const historyJson = sql<OrderRecord['history']>`coalesce((select json_agg(json_build_object(
    'id', h.id, 'status', h.status, 'comment', h.comment, 'notifyCustomer', h.notify_customer, 'createdAt', ${isoText(sql`h.created_at`)},
    'createdByName', h.created_by_name, 'creditNote', ${creditNoteJson(sql`r`)}) order by h.id desc)
  from ${orderStatusHistory} h left join ${orderRefunds} r on r.history_id = h.id where h.order_id = ${outerOrderId}), '[]')`;
const refundsJson = sql<OrderRecord['refunds']>`coalesce((select json_agg(json_build_object(
    'id', r.id, 'type', r.type, 'amount', r.amount, 'createdAt', ${isoText(sql`r.created_at`)}, 'createdByName', r.created_by_name, 'creditNote', ${creditNoteJson(sql`r`)}) order by r.id)
  from ${orderRefunds} r where r.order_id = ${outerOrderId}), '[]')`;

/**
 * The whole order by its number, as /order/view/order_id/{orderNumber} shows it: the row, its lines in
 * the order they were placed, its history newest first, its refunds, in one statement (one round trip
 * for the detail and for a status change's answer). `source` is a transaction when the order is read
 * in one.
 */
export async function loadOrder(source: Db, orderNumber: string): Promise<OrderRecord> {
  const [row] = await source
    .select({ ...orderColumns, lines: linesJson, history: historyJson, refunds: refundsJson })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), isLive(orders)));
  if (!row) throw notFound();
  return {
    ...row,
    remainingRefundAmount: Number(row.remainingRefundAmount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: iso(row.paidAt),
    paymentMethod: row.paymentMethod as OrderRecord['paymentMethod'],
  };
}

/**
 * The orders list and its export: the toolkit's over the orders table (capped totals at a million
 * orders, keyset batches for the export). The order date range and the country are the filters that
 * name no column of their own.
 */
export function createOrderList(db: Db) {
  return createCrudService(db, orderResource, orders, {
    filterTargets: { date: orders.createdAt, country: orders.countryId, email: emailCondition },
  });
}

/** A whole e-mail address as staff paste it from a mail: one `@`, a dot in the domain, no spaces. */
const WHOLE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The Email filter: a whole address finds that address's orders through the btree on `email` (stored
 * lower-cased); anything else (a name, a domain, part of an address) matches anywhere in the address
 * through the trigram index. A trigram search of a whole address reads the posting lists of every
 * trigram in it, its domain's among them (a sixth of the orders for a common one): 35-75 ms at a
 * million orders, against under a millisecond by the btree.
 */
function emailCondition(term: string): SQL | undefined {
  return WHOLE_EMAIL.test(term) ? eq(orders.email, term.toLowerCase()) : searchCondition([orders.email], term);
}
