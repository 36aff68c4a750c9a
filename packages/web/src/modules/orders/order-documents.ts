import type { OrderRecord } from '@facet/contract/modules/orders/order.schema';

/**
 * The documents an order's change makes after it commits: a confirmation's invoice, a refund's
 * credit note (subscribers of `orders.status-changed`, rendering a PDF). The status change answers the
 * order as it committed, without them; the view asks again until they are there, so staff see the
 * link without reloading.
 */

/** How often the view asks while a document is being made. */
export const DOCUMENT_POLL_MS = 1_000;
/**
 * How long after its change a missing document is still waited for. The subscriber's retries (five,
 * with backoff) end well within it; after it, a missing document is a dead letter in the Job Centre.
 */
export const DOCUMENT_WAIT_MS = 10 * 60_000;

/** Whether the order waits for a document of a recent change: a refund's credit note, or the invoice of a confirmation. */
export function awaitsDocument(order: OrderRecord, now = Date.now()): boolean {
  const isRecent = (at: string) => now - Date.parse(at) < DOCUMENT_WAIT_MS;
  if (order.refunds.some((refund) => refund.creditNote === null && isRecent(refund.createdAt))) return true;
  return order.invoiceUrl === null && order.history.some((entry) => entry.status === 'CONFIRMED' && isRecent(entry.createdAt));
}

/** How often the order's query asks again: while a document is awaited, else never (react-query's `refetchInterval`). */
export const documentPollInterval = (order: OrderRecord | undefined) => (order && awaitsDocument(order) ? DOCUMENT_POLL_MS : false);
