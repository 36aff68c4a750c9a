import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { listIndex, standardColumns } from '../../db/columns.ts';

/**
 * The storefront's Contact Us entries (document 3 §3 Contact form entry: name, email, phone, message)
 * and the reply staff sent (Send Response), kept with the entry: its subject and text, when and by whom.
 */
export const contactForms = pgTable(
  'contact_forms',
  {
    ...standardColumns,
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull(),
    responseSubject: text('response_subject'),
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The name of the staff member who replied, as it was then. */
    respondedBy: text('responded_by'),
    /**
     * What the search box matches, lowered once when the entry is written: name, e-mail, phone and
     * message in one text with one trigram index, so a common word's rows are checked with one
     * comparison each (the list counts up to 10,000 of them) instead of lower() of four fields.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${contactForms.name} || ' ' || ${contactForms.email} || ' ' || ${contactForms.phone} || ' ' || ${contactForms.message})`),
  },
  (t) => [
    index('contact_forms_search').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Document 3 §7: the list sorts on the server by name, e-mail, phone, message and created date.
    listIndex('contact_forms_created', t, t.createdAt),
    listIndex('contact_forms_name', t, sql`lower(${t.name})`),
    listIndex('contact_forms_email', t, sql`lower(${t.email})`),
    listIndex('contact_forms_phone', t, sql`lower(${t.phone})`),
    listIndex('contact_forms_message', t, sql`lower(${t.message})`),
    // The Replied filter, each way: its page in date order and its count (up to 10,000) from the index alone.
    index('contact_forms_replied').on(t.createdAt, t.id).where(sql`responded_at is not null and deleted_at is null`),
    index('contact_forms_not_replied').on(t.createdAt, t.id).where(sql`responded_at is null and deleted_at is null`),
  ],
);
