import type { ShopDetails } from '../settings/index.ts';
import type { WorkerPool } from '../../workers/worker-pool.ts';
import { createWorkerPool } from '../../workers/worker-pool.ts';
import type { CreditNoteData, InvoiceData } from './invoice-data.ts';
import type { pdfTasks } from './pdf-render.worker.ts';

/** A long invoice (hundreds of lines, many pages) takes well under a second; past this the thread is stuck. */
const PDF_TIME_LIMIT_MS = 30_000;

let pool: WorkerPool<typeof pdfTasks> | undefined;

/**
 * One thread, at low priority, for the documents the order workflow stores (invoices, credit notes).
 * They are made by event subscribers, never while staff wait, so a queue behind one thread is right;
 * a full queue fails the delivery, which the outbox retries.
 */
function pdfPool(): WorkerPool<typeof pdfTasks> {
  pool ??= createWorkerPool<typeof pdfTasks>({
    file: new URL('./pdf-render.worker.ts', import.meta.url),
    size: 1,
    maxQueue: 256,
    timeoutMs: PDF_TIME_LIMIT_MS,
  });
  return pool;
}

/** Stops the PDF thread (shutdown, tests). */
export async function closePdfRenderer() {
  await pool?.close();
  pool = undefined;
}

/** A Buffer sent back from a thread arrives as a plain Uint8Array; the media store takes Buffers. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const renderInvoicePdfInThread = async (document: { number: number; date: Date }, data: InvoiceData, shop: ShopDetails) =>
  asBuffer(await pdfPool().run('invoice', { document, data, shop }));

export const renderCreditNotePdfInThread = async (document: { number: number; date: Date }, data: CreditNoteData, shop: ShopDetails) =>
  asBuffer(await pdfPool().run('creditNote', { document, data, shop }));
