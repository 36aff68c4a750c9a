/**
 * The public face of invoices: what other modules may import of it (eslint.config.js, MODULE_AREAS
 * and facet/module-boundaries). Orders call `createInvoice(tx, data, mediaStorage)` with a plain
 * `InvoiceData` when an order is confirmed, `invoiceFor` to link an order's invoice, and
 * `createCreditNote(tx, data, mediaStorage)` for a refund.
 */
export { createCreditNote, createInvoice, invoiceFor, invoicePdfUrl } from './invoice.service.ts';
export { closePdfRenderer } from './pdf-renderer.ts';
export type { CreditNoteRef, CreditNoteStore, InvoiceRef } from './invoice.service.ts';
export type { CreditNoteData, InvoiceData } from './invoice-data.ts';
