import { MAIL_CONCERNS_PATTERN, MAIL_MESSAGES, mailOutboxResource } from '@facet/contract/modules/mail/mail.schema';
import type { MailRecord } from '@facet/contract/modules/mail/mail.schema';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { RequestContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { mailOutbox } from './mail.table.ts';

/** One e-mail to a customer, as the module that sends it words it (templates: order-mails.ts). */
export interface MailToQueue {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What it is about, `order:100023` (MAIL_CONCERNS_PATTERN). */
  concerns?: string;
  /**
   * Queue it at most once per key (`order-history:123`, MAIL_CONCERNS_PATTERN's shape): a caller run
   * again (an event redelivered) gets the mail already queued under it, and nothing is written.
   */
  onceKey?: string;
}

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
const RECIPIENT_MAX = 254;
const SUBJECT_MAX = 255;
const recipient = z.email().max(RECIPIENT_MAX);

/**
 * Puts a mail in the outbox inside the caller's transaction (`tx`, the one that makes the change the
 * mail tells about): both commit or neither does, and the mail sender sends it after the commit.
 * Nothing here talks to the SMTP server, so the caller is never held up or failed by it. A recipient
 * that is no e-mail address (a customer's typo) does not fail the caller either: the mail is kept as
 * failed, with the reason, where staff see it. A malformed `concerns` is the caller's bug and throws.
 */
export async function queueMail(tx: Db, mail: MailToQueue): Promise<number> {
  for (const [field, value] of [['concerns', mail.concerns], ['onceKey', mail.onceKey]] as const) {
    if (value !== undefined && !MAIL_CONCERNS_PATTERN.test(value)) throw new Error(`queueMail: ${field} ${value} is not <kind>:<reference>`);
  }
  const to = mail.to.trim();
  const isDeliverable = recipient.safeParse(to).success;
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: to.slice(0, RECIPIENT_MAX),
      // A header is one line: a line break in a subject (from a customer's name) could start another header.
      subject: mail.subject.replace(/[\r\n]+/g, ' ').trim().slice(0, SUBJECT_MAX),
      text: mail.text,
      html: mail.html,
      concerns: mail.concerns ?? null,
      onceKey: mail.onceKey ?? null,
      ...(isDeliverable ? { sendStatus: 'queued' as const } : { sendStatus: 'failed' as const, lastError: MAIL_MESSAGES.invalidRecipient, nextAttemptAt: null }),
    })
    .onConflictDoNothing({ target: mailOutbox.onceKey, where: sql`once_key is not null` })
    .returning({ id: mailOutbox.id });
  if (row) return row.id;
  // Only a once-key conflicts: the mail queued under it before (the unique index waited for its commit).
  const [queued] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.onceKey, mail.onceKey!));
  return queued!.id;
}

/**
 * Demo data: the queued mails about `concerns` dated back to `at` and marked sent then, as a shop's
 * past mails stand. They were queued by the action itself (a cart's reminder), so their words are the real ones.
 */
export async function backdateSentMails(tx: Db, concerns: string, at: Date): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ createdAt: at, updatedAt: at, sendStatus: 'sent', sentAt: at, attempts: 1, nextAttemptAt: null })
    .where(and(eq(mailOutbox.concerns, concerns), eq(mailOutbox.sendStatus, 'queued')));
}

/** The outbox as staff read it, and Send again for a mail that failed. */
export function createMailService(db: Db) {
  const crud = createCrudService(db, mailOutboxResource, mailOutbox);
  return {
    ...crud,
    /** Queues a failed mail again with its tries counted afresh: it goes out on the sender's next round. */
    async retry(id: number, context: RequestContext): Promise<MailRecord> {
      await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(mailOutbox).where(and(eq(mailOutbox.id, id), isLive(mailOutbox))).for('update');
        if (!existing) throw notFound();
        if (existing.sendStatus !== 'failed') throw conflict(MAIL_MESSAGES.notFailed);
        await tx
          .update(mailOutbox)
          .set({ sendStatus: 'queued', attempts: 0, nextAttemptAt: sql`now()`, version: sql`${mailOutbox.version} + 1`, updatedAt: sql`now()`, updatedBy: context.actor.id })
          .where(eq(mailOutbox.id, id));
        await writeAudit(tx, context, { action: 'retry', entity: mailOutboxResource.entity, entityId: id, before: { sendStatus: existing.sendStatus }, after: { sendStatus: 'queued' } });
      });
      return crud.get(id);
    },
  };
}
