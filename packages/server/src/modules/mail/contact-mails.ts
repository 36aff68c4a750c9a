import type { Db } from '../../db/client.ts';
import { shopDetails } from '../settings/index.ts';
import { renderMail } from './mail-layout.ts';
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
 * Renders the reply and puts it in the outbox in the caller's transaction (the one that keeps the
 * reply with the entry), so both commit or neither does; the mail sender sends it afterwards.
 */
export async function queueContactResponseMail(tx: Db, mail: ContactResponseMail): Promise<number> {
  const shop = await shopDetails(tx);
  const rendered = renderMail(
    {
      subject: mail.subject,
      greeting: `Dear ${mail.name.trim() || 'customer'},`,
      blocks: [{ paragraph: mail.response }, { paragraph: `You wrote:\n${mail.message}` }],
    },
    shop,
  );
  return queueMail(tx, { to: mail.to, ...rendered, concerns: contactMailConcerns(mail.entryId) });
}
