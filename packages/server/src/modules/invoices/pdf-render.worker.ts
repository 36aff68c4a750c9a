import { lowerThisThreadsPriority } from '../../workers/background-priority.ts';
import { serveTasks } from '../../workers/worker-thread.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';
import type { CreditNoteData, InvoiceData } from './invoice-data.ts';
import type { ShopDetails } from '../settings/index.ts';

interface Document<Data> {
  document: { number: number; date: Date };
  data: Data;
  shop: ShopDetails;
}

/**
 * The thread that lays out invoices and credit notes (pdf-renderer.ts). A PDF costs 40-70 ms of CPU;
 * rendered on the main thread, each confirmed order held staff's requests back by that much.
 */
export const pdfTasks = {
  invoice: ({ document, data, shop }: Document<InvoiceData>) => renderInvoicePdf(document, data, shop),
  creditNote: ({ document, data, shop }: Document<CreditNoteData>) => renderCreditNotePdf(document, data, shop),
};

// Documents are background work: staff's requests on the main thread come first.
lowerThisThreadsPriority();
serveTasks(pdfTasks);
