import { formatAmount } from '@facet/contract/format';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopDetails } from '../settings/index.ts';
import { renderMailOf } from './mail-layout.ts';
import { queueMail } from './mail.service.ts';
import { mailOutbox } from './mail.table.ts';

/** The reminder to a shopper who left their cart (issue 24 item 10): who, and what they left. */
export interface CartReminderMail {
  to: string;
  /** The customer's name; empty for a guest (greeted as customer). */
  customerName: string;
  cartId: number;
  lines: readonly { name: string; size: string; qty: number; price: number }[];
  total: number;
  symbol: string;
}

/** What a cart's mails are about in the outbox (`concerns`): Sales > Customer E-mails lists them by it. */
export const cartMailConcerns = (cartId: number) => `cart:${cartId}`;

/**
 * Renders the reminder with its template (/system/editor) and puts it in the outbox in the caller's
 * transaction (the one that marks the cart reminded), so the two commit together; the mail sender
 * sends it afterwards. Answers the mail's id.
 */
export async function queueCartReminderMail(tx: Db, mail: CartReminderMail): Promise<number> {
  const items = mail.lines.map((line) => `${line.name}${line.size ? `, size ${line.size}` : ''}: ${line.qty} × ${formatAmount(line.price, mail.symbol)}`);
  const rendered = await renderMailOf(
    tx,
    'cart-reminder',
    { customerName: mail.customerName.trim() || 'customer', items: items.join('\n'), total: formatAmount(mail.total, mail.symbol) },
    await shopDetails(tx),
  );
  return queueMail(tx, { to: mail.to, ...rendered, concerns: cartMailConcerns(mail.cartId) });
}

/** Where the latest mail about `concerns` stands (queued, sent, failed and why), or null when none was written. */
export async function latestMailAbout(source: Db, concerns: string) {
  const [row] = await source
    .select({ sendStatus: mailOutbox.sendStatus, sentAt: mailOutbox.sentAt, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.concerns, concerns), isNull(mailOutbox.deletedAt)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row ? { sendStatus: row.sendStatus, sentAt: row.sentAt?.toISOString() ?? null, lastError: row.lastError } : null;
}
