import { sql } from 'drizzle-orm';
import { integer, numeric, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns } from '../../db/columns.ts';

/**
 * Invoice numbers: unique and increasing, from a sequence. Not gap-free (a number taken by a
 * transaction that rolled back is not used again), which the shop accepted.
 */
export const invoiceNumbers = pgSequence('invoice_number_seq', { startWith: 1, minValue: 1, maxValue: 2_147_483_647 });

/** One invoice per order: its number, the order it is for, and where its PDF is stored (the media store). */
export const invoices = pgTable(
  'invoices',
  {
    ...standardColumns,
    number: integer('number').notNull(),
    /** The order's number, as orders know it. */
    orderReference: text('order_reference').notNull(),
    /** The PDF's name in the media store; never one /media serves (those are 32 hex digits and an image or video extension). */
    storageKey: text('storage_key').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.number),
    uniqueIndex('invoices_order_live').on(t.orderReference).where(sql`deleted_at is null`),
  ],
);

/** Credit note numbers (CN-000123): unique and increasing, from a sequence of their own; not gap-free, as invoices'. */
export const creditNoteNumbers = pgSequence('credit_note_number_seq', { startWith: 1, minValue: 1, maxValue: 2_147_483_647 });

/** One credit note per refund of an order: its number, the order and refund it is for, the amount, and its PDF in the media store. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...standardColumns,
    number: integer('number').notNull(),
    orderReference: text('order_reference').notNull(),
    /** The refund, as orders name it. */
    refundReference: text('refund_reference').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_number').on(t.number),
    uniqueIndex('credit_notes_refund_live').on(t.refundReference).where(sql`deleted_at is null`),
  ],
);
