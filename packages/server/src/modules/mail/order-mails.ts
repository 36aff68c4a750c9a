import { formatPence, penceOf } from '@facet/contract/money';
import type { Db } from '../../db/client.ts';
import { shopDetails } from '../settings/index.ts';
import type { ShopDetails } from '../settings/index.ts';
import type { MailContent, RenderedMail } from './mail-layout.ts';
import { renderMail } from './mail-layout.ts';
import { queueMail } from './mail.service.ts';

/** Who an order mail goes to and which order it is about. */
interface OrderMailBase {
  to: string;
  customerName: string;
  orderNumber: string;
  /** Staff's comment on the change, when "notify customer" sends it along. */
  comment?: string | null;
}

/**
 * The order e-mails the spec's status form implies (document 3 §4, §5): a change of status with its
 * comment; shipped, with the tracking number and delivery date; refunded, with the amount.
 */
export type OrderMail =
  | (OrderMailBase & { kind: 'status-changed'; statusLabel: string })
  | (OrderMailBase & { kind: 'shipped'; trackingNumber: string; deliveryDate: string; shippingMethod?: string | null })
  | (OrderMailBase & { kind: 'refunded'; amount: string | number; currencySymbol: string; isFullRefund: boolean });

/** A calendar day (`2026-06-12`) as a UK customer reads it: 12 June 2026. */
function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function contentOf(mail: OrderMail): MailContent {
  const greeting = `Dear ${mail.customerName.trim() || 'customer'},`;
  const comment = mail.comment?.trim() ? [{ paragraph: mail.comment.trim() }] : [];
  switch (mail.kind) {
    case 'status-changed':
      return {
        subject: `Your order ${mail.orderNumber}: ${mail.statusLabel}`,
        greeting,
        blocks: [{ paragraph: `The status of your order ${mail.orderNumber} is now ${mail.statusLabel}.` }, ...comment],
      };
    case 'shipped':
      return {
        subject: `Your order ${mail.orderNumber} has been shipped`,
        greeting,
        blocks: [
          { paragraph: `Good news: your order ${mail.orderNumber} is on its way.` },
          {
            facts: [
              ['Order number', mail.orderNumber],
              ...(mail.shippingMethod ? [['Shipping method', mail.shippingMethod] as const] : []),
              ['Tracking number', mail.trackingNumber],
              ['Expected delivery', formatDay(mail.deliveryDate)],
            ],
          },
          ...comment,
        ],
      };
    case 'refunded': {
      const amount = formatPence(penceOf(mail.amount), mail.currencySymbol);
      return {
        subject: `Refund for your order ${mail.orderNumber}`,
        greeting,
        blocks: [
          { paragraph: `We have refunded ${amount} for your order ${mail.orderNumber}${mail.isFullRefund ? ', the whole amount you paid' : ''}. It may take a few working days to reach your account.` },
          { facts: [['Order number', mail.orderNumber], ['Amount refunded', amount]] },
          ...comment,
        ],
      };
    }
  }
}

/** The mail's subject, text and HTML, signed with the shop's details. */
export function renderOrderMail(mail: OrderMail, shop: ShopDetails): RenderedMail {
  return renderMail(contentOf(mail), shop);
}

/**
 * Renders an order mail and puts it in the outbox, in the transaction that changed the order, so the
 * change and its mail commit together (`queueMail`); with `onceKey`, once per key. Answers the mail's id.
 */
export async function queueOrderMail(tx: Db, mail: OrderMail, onceKey?: string): Promise<number> {
  const rendered = renderOrderMail(mail, await shopDetails(tx));
  return queueMail(tx, { to: mail.to, ...rendered, concerns: `order:${mail.orderNumber}`, ...(onceKey !== undefined && { onceKey }) });
}
