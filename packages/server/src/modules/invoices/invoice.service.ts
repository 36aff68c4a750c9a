import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { MediaStorage, OpenedFile } from '../../storage/media-storage.ts';
import { shopDetails } from '../settings/index.ts';
import { creditNoteDataSchema, invoiceDataSchema } from './invoice-data.ts';
import type { CreditNoteData, InvoiceData } from './invoice-data.ts';
import { creditNoteDisplayNumberOf, displayNumberOf } from './invoice-numbers.ts';
import { renderCreditNotePdfInThread, renderInvoicePdfInThread } from './pdf-renderer.ts';
import { creditNotes, invoices } from './invoice.table.ts';

/** An invoice as other modules see it: its number, the order it is for, and where staff download it. */
export interface InvoiceRef {
  number: number;
  /** As printed: INV-000123. */
  displayNumber: string;
  orderReference: string;
  createdAt: string;
  /** The PDF's download (GET, permission sales). */
  url: string;
}

export const invoicePdfUrl = (number: number) => `/api/invoices/${number}/pdf`;

const refOf = (row: { number: number; orderReference: string; createdAt: Date }): InvoiceRef => ({
  number: row.number,
  displayNumber: displayNumberOf(row.number),
  orderReference: row.orderReference,
  createdAt: row.createdAt.toISOString(),
  url: invoicePdfUrl(row.number),
});

/**
 * Creates the invoice of an order, in `tx`: takes the next number, renders the PDF, stores it
 * through the media store (disk or S3) under a name of its own, and records it. One invoice per
 * order: for an order that has one already (a retried step, an event delivered twice) it answers
 * that one and renders nothing. The PDF is stored before `tx` commits; if it then rolls back, the
 * file stays unreferenced (no row names it, /media never serves it). Call it where a slow store may
 * hold a transaction open (an event subscriber, a workflow step), not in a staff request's.
 */
export async function createInvoice(tx: Db, data: InvoiceData, storage: MediaStorage): Promise<InvoiceRef> {
  const parsed = invoiceDataSchema.parse(data);
  // Two deliveries for one order wait for each other here; the second then finds the first's invoice.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice:${parsed.orderNumber}`}))`);
  const existing = await invoiceFor(tx, parsed.orderNumber);
  if (existing) return existing;
  const [next] = rowsOf<{ number: number }>(await tx.execute(sql`select nextval('invoice_number_seq')::int as number`));
  const number = next!.number;
  const date = new Date();
  const pdf = await renderInvoicePdfInThread({ number, date }, parsed, await shopDetails(tx));
  const storageKey = `invoice-${displayNumberOf(number)}-${randomBytes(8).toString('hex')}.pdf`;
  await storage.put(storageKey, pdf, 'application/pdf');
  const [row] = await tx
    .insert(invoices)
    .values({ number, orderReference: parsed.orderNumber, storageKey, createdAt: date, updatedAt: date })
    .returning({ number: invoices.number, orderReference: invoices.orderReference, createdAt: invoices.createdAt });
  return refOf(row!);
}

/** The invoice of an order, or null while it has none (the orders list shows its link only then). */
export async function invoiceFor(source: Db, orderReference: string): Promise<InvoiceRef | null> {
  const [row] = await source
    .select({ number: invoices.number, orderReference: invoices.orderReference, createdAt: invoices.createdAt })
    .from(invoices)
    .where(and(eq(invoices.orderReference, orderReference), isLive(invoices)));
  return row ? refOf(row) : null;
}

/** An invoice's PDF from the media store, with its file name; null when there is no such invoice or file. */
export function openInvoicePdf(db: Db, storage: MediaStorage, number: number) {
  return openStoredPdf(db, storage, invoices, number, displayNumberOf(number));
}

/** The stored PDF of an invoice or credit note by its number, named `displayNumber`.pdf; null when there is no such document or file. */
async function openStoredPdf(db: Db, storage: MediaStorage, table: typeof invoices | typeof creditNotes, number: number, displayNumber: string): Promise<{ file: OpenedFile; fileName: string } | null> {
  const [row] = rowsOf<{ storageKey: string }>(await db.execute(sql`select storage_key as "storageKey" from ${table} where number = ${number} and deleted_at is null`));
  const file = row ? await storage.open(row.storageKey) : null;
  return file?.stream ? { file, fileName: `${displayNumber}.pdf` } : null;
}

/** A credit note as other modules see it: its number as printed, and where staff download it. */
export interface CreditNoteRef {
  number: number;
  /** As printed: CN-000123. */
  displayNumber: string;
  refundReference: string;
  url: string;
}

export const creditNotePdfUrl = (number: number) => `/api/credit-notes/${number}/pdf`;

const creditNoteRefOf = (row: { number: number; refundReference: string }): CreditNoteRef => ({
  number: row.number,
  displayNumber: creditNoteDisplayNumberOf(row.number),
  refundReference: row.refundReference,
  url: creditNotePdfUrl(row.number),
});

/** What making a credit note needs of the media store: putting the file (the demo's seeding store has no more). */
export type CreditNoteStore = Pick<MediaStorage, 'put'>;

/**
 * Creates the credit note of a refund, in `tx`, as `createInvoice` does an invoice: the next CN
 * number, the PDF rendered and stored through the media store, the row recorded. One per refund: a
 * refund that has one already (a retried step, an event delivered twice) answers that one. It is
 * dated `date`: the refund's own moment, so a note made after a retry (or the demo's, made at
 * seeding for refunds of past months) bears the day the money was given back.
 */
export async function createCreditNote(tx: Db, data: CreditNoteData, storage: CreditNoteStore, date = new Date()): Promise<CreditNoteRef> {
  const parsed = creditNoteDataSchema.parse(data);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit-note:${parsed.refundReference}`}))`);
  const [existing] = await tx
    .select({ number: creditNotes.number, refundReference: creditNotes.refundReference })
    .from(creditNotes)
    .where(and(eq(creditNotes.refundReference, parsed.refundReference), isLive(creditNotes)));
  if (existing) return creditNoteRefOf(existing);
  const [next] = rowsOf<{ number: number }>(await tx.execute(sql`select nextval('credit_note_number_seq')::int as number`));
  const number = next!.number;
  const pdf = await renderCreditNotePdfInThread({ number, date }, parsed, await shopDetails(tx));
  const storageKey = `credit-note-${creditNoteDisplayNumberOf(number)}-${randomBytes(8).toString('hex')}.pdf`;
  await storage.put(storageKey, pdf, 'application/pdf');
  const [row] = await tx
    .insert(creditNotes)
    .values({ number, orderReference: parsed.orderNumber, refundReference: parsed.refundReference, amount: Number(parsed.amount), storageKey, createdAt: date, updatedAt: date })
    .returning({ number: creditNotes.number, refundReference: creditNotes.refundReference });
  return creditNoteRefOf(row!);
}

/** A credit note's PDF from the media store, with its file name; null when there is no such credit note or file. */
export function openCreditNotePdf(db: Db, storage: MediaStorage, number: number) {
  return openStoredPdf(db, storage, creditNotes, number, creditNoteDisplayNumberOf(number));
}
