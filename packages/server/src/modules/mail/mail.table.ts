import { MAIL_STATUSES } from '@facet/contract/modules/mail/mail.schema';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns } from '../../db/columns.ts';

/**
 * The mail outbox: a row per e-mail, written in the transaction of the change it tells about
 * (`queueMail`), sent afterwards by the mail sender (mail-sender.ts). `next_attempt_at` is when a
 * queued mail is due; `lease_until` is a sender's claim on it while it talks to the SMTP server, so
 * two processes never send one mail at once, and a claim whose process died runs out.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    ...standardColumns,
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html').notNull(),
    sendStatus: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** What the mail is about, `order:100023`: a record's screen lists its mails by it. */
    concerns: text('concerns'),
    /**
     * Set by a caller that must queue a mail once whatever runs it twice (an event delivered again):
     * `order-history:123`. Unique, so the second queueing of the same key writes nothing.
     */
    onceKey: text('once_key'),
  },
  (t) => [
    // The sender's look-up: due mail, oldest first; only queued rows are in it, so it stays small.
    index('mail_outbox_due').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    listIndex('mail_outbox_created', t, t.createdAt),
    listIndex('mail_outbox_concerns', t, t.concerns, t.createdAt),
    ...searchIndexes('mail_outbox', t.to, t.subject),
    uniqueIndex('mail_outbox_once_key').on(t.onceKey).where(sql`once_key is not null`),
  ],
);
