import type { Db } from '../../db/client.ts';
import { shopDetails } from '../settings/index.ts';
import { renderMailOf } from './mail-layout.ts';
import { queueMail } from './mail.service.ts';

/** Staff's answer to a Contact Us message (document 3 §2.10, Send Response). */
interface ContactResponseMail {
  to: string;
  /** The shopper's name as they gave it. */
  name: string;
  entryId: number;
  subject: string;
  /** The reply staff wrote. */
  response: string;
  /** What the shopper wrote, quoted below the reply. */
  message: string;
}

/** What a contact entry's mails are about in the outbox (`concerns`). */
const contactMailConcerns = (entryId: number) => `contact-form:${entryId}`;

/**
 * Renders the reply with its template (/system/editor) and puts it in the outbox in the caller's
 * transaction (the one that keeps the reply with the entry), so both commit or neither does; the mail
 * sender sends it afterwards.
 */
export async function queueContactResponseMail(tx: Db, mail: ContactResponseMail): Promise<number> {
  const rendered = await renderMailOf(
    tx,
    'contact-response',
    { customerName: mail.name.trim() || 'customer', subject: mail.subject, response: mail.response, message: mail.message },
    await shopDetails(tx),
  );
  return queueMail(tx, { to: mail.to, ...rendered, concerns: contactMailConcerns(mail.entryId) });
}
