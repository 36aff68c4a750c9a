import type { OrderRecord } from '@facet/contract/modules/orders/order.schema';
import { describe, expect, it } from 'vitest';
import { awaitsDocument, DOCUMENT_POLL_MS, DOCUMENT_WAIT_MS, documentPollInterval } from './order-documents.ts';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const note = { number: 'CN-000001', url: '/api/credit-notes/1/pdf' };

/** The parts of an order the wait reads: its refunds, its history and its invoice. */
function orderWith(parts: { refunds?: Partial<OrderRecord['refunds'][number]>[]; confirmedAgo?: number; invoiceUrl?: string | null }): OrderRecord {
  return {
    invoiceUrl: parts.invoiceUrl === undefined ? '/api/invoices/1/pdf' : parts.invoiceUrl,
    refunds: (parts.refunds ?? []).map((refund, index) => ({ id: index + 1, type: 'partial', amount: 10, createdAt: ago(1000), createdByName: 'admin', creditNote: null, ...refund })),
    history: parts.confirmedAgo === undefined ? [] : [{ id: 1, status: 'CONFIRMED', comment: '', notifyCustomer: false, createdAt: ago(parts.confirmedAgo), createdByName: 'admin', creditNote: null }],
  } as unknown as OrderRecord;
}

describe('the order view waits for the documents a change makes after it commits', () => {
  it("a recent refund's credit note", () => {
    expect(awaitsDocument(orderWith({ refunds: [{ creditNote: null }] }), NOW)).toBe(true);
    expect(awaitsDocument(orderWith({ refunds: [{ creditNote: note }, { creditNote: null }] }), NOW)).toBe(true);
    expect(awaitsDocument(orderWith({ refunds: [{ creditNote: note }] }), NOW)).toBe(false);
    // Long past its retries (a dead letter, or a refund from before credit notes): not waited for.
    expect(awaitsDocument(orderWith({ refunds: [{ creditNote: null, createdAt: ago(DOCUMENT_WAIT_MS + 1) }] }), NOW)).toBe(false);
  });

  it("a recent confirmation's invoice", () => {
    expect(awaitsDocument(orderWith({ confirmedAgo: 2000, invoiceUrl: null }), NOW)).toBe(true);
    expect(awaitsDocument(orderWith({ confirmedAgo: 2000 }), NOW)).toBe(false);
    expect(awaitsDocument(orderWith({ confirmedAgo: DOCUMENT_WAIT_MS + 1, invoiceUrl: null }), NOW)).toBe(false);
    expect(awaitsDocument(orderWith({ invoiceUrl: null }), NOW)).toBe(false);
  });

  it('asks again every second while one is awaited, else not at all', () => {
    expect(documentPollInterval(undefined)).toBe(false);
    expect(documentPollInterval(orderWith({ refunds: [{ creditNote: null, createdAt: new Date().toISOString() }] }))).toBe(DOCUMENT_POLL_MS);
    expect(documentPollInterval(orderWith({}))).toBe(false);
  });
});
