import { sql } from 'drizzle-orm';
import { integer, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
