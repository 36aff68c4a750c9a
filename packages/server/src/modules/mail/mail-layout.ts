import type { MailTemplateKind, RenderedMail } from '@facet/contract/modules/mail/mail-template.schema';
import { fillTemplate, MAIL_TEMPLATES, textAsHtml } from '@facet/contract/modules/mail/mail-template.schema';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { ShopDetails } from '../settings/index.ts';
import { mailTemplates } from './mail-template.table.ts';

/** The shop's signature: its name, then whichever of address, phone and e-mail it has set, one a line. */
function signatureOf(shop: ShopDetails): string {
  return [shop.name, shop.address, shop.phone && `Tel. ${shop.phone}`, shop.email].filter(Boolean).join('\n');
}

/** The placeholders every e-mail offers: the shop's. */
export const shopValuesOf = (shop: ShopDetails) => ({ shopName: shop.name, shopSignature: signatureOf(shop) });

/** A template's subject and body: the one staff saved (/system/editor), else the built-in one. */
export async function templateOf(source: Db, kind: MailTemplateKind): Promise<{ subject: string; body: string }> {
  const [stored] = await source
    .select({ subject: mailTemplates.subject, body: mailTemplates.body })
    .from(mailTemplates)
    .where(and(eq(mailTemplates.kind, kind), isLive(mailTemplates)));
  return stored ?? { subject: MAIL_TEMPLATES[kind].subject, body: MAIL_TEMPLATES[kind].body };
}

/**
 * One mail in its two alternatives from a template and its values: plain text, and HTML (no
 * scripts, inline styles only: the body was cleaned when saved) in which every value is escaped, so
 * a customer's name or a comment can never become markup.
 */
export function renderTemplate(template: { subject: string; body: string }, values: Readonly<Record<string, string>>): RenderedMail {
  const { subject, bodyHtml, text } = fillTemplate(template, values);
  return {
    subject,
    text,
    html: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${textAsHtml(subject)}</title></head>\n<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n${bodyHtml}\n</body></html>\n`,
  };
}

/** The mail of `kind` as it goes out now: the template in force (read in the caller's transaction) with `values` and the shop's. */
export async function renderMailOf(tx: Db, kind: MailTemplateKind, values: Readonly<Record<string, string>>, shop: ShopDetails): Promise<RenderedMail> {
  return renderTemplate(await templateOf(tx, kind), { ...shopValuesOf(shop), ...values });
}
