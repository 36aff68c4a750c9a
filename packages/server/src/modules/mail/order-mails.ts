import type { MailTemplateKind } from '@facet/contract/modules/mail/mail-template.schema';
import { formatPence, penceOf } from '@facet/contract/money';
import type { Db } from '../../db/client.ts';
import { shopDetails } from '../settings/index.ts';
import { renderMailOf } from './mail-layout.ts';
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

/** The mail's template (/system/editor) and the values of its placeholders. */
function templateValuesOf(mail: OrderMail): { kind: MailTemplateKind; values: Record<string, string> } {
  const common = { customerName: mail.customerName.trim() || 'customer', orderNumber: mail.orderNumber, comment: mail.comment?.trim() ?? '' };
  switch (mail.kind) {
    case 'status-changed':
      return { kind: 'order-status-changed', values: { ...common, status: mail.statusLabel } };
    case 'shipped':
      return {
        kind: 'order-shipped',
        values: { ...common, trackingNumber: mail.trackingNumber, deliveryDate: formatDay(mail.deliveryDate), shippingMethod: mail.shippingMethod?.trim() ?? '' },
      };
    case 'refunded':
      return {
        kind: 'order-refunded',
        values: { ...common, amount: formatPence(penceOf(mail.amount), mail.currencySymbol), fullRefundNote: mail.isFullRefund ? ', the whole amount you paid' : '' },
      };
  }
}

/**
 * Renders an order mail with its template and puts it in the outbox, in the transaction that changed
 * the order, so the change and its mail commit together (`queueMail`); with `onceKey`, once per key.
 * Answers the mail's id.
 */
export async function queueOrderMail(tx: Db, mail: OrderMail, onceKey?: string): Promise<number> {
  const { kind, values } = templateValuesOf(mail);
  const rendered = await renderMailOf(tx, kind, values, await shopDetails(tx));
  return queueMail(tx, { to: mail.to, ...rendered, concerns: `order:${mail.orderNumber}`, ...(onceKey !== undefined && { onceKey }) });
}
