/**
 * The public face of invoices: what other modules may import of it (eslint.config.js, MODULE_AREAS
 * and facet/module-boundaries). Orders call `createInvoice(tx, data, mediaStorage)` with a plain
 * `InvoiceData` when an order is confirmed, and `invoiceFor` to link an order's invoice.
 */
export { createInvoice, invoiceFor, invoicePdfUrl } from './invoice.service.ts';
export type { InvoiceRef } from './invoice.service.ts';
export type { InvoiceData } from './invoice-data.ts';
