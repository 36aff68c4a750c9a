import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';

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
  },
  (t) => [
    ...searchIndexes('contact_forms', t.name, t.email, t.phone, t.message),
    // Document 3 §7: the list sorts on the server by name, e-mail, phone, message and created date.
    listIndex('contact_forms_created', t, t.createdAt),
    listIndex('contact_forms_name', t, sql`lower(${t.name})`),
    listIndex('contact_forms_email', t, sql`lower(${t.email})`),
    listIndex('contact_forms_phone', t, sql`lower(${t.phone})`),
    listIndex('contact_forms_message', t, sql`lower(${t.message})`),
  ],
);
