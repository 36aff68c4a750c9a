import { escapeMarkup } from '@facet/contract/markup';
import type { ShopDetails } from '../settings/index.ts';

/** A part of a mail's body: a paragraph, or labelled facts (an order number, a tracking number). */
export type MailBlock = { paragraph: string } | { facts: readonly (readonly [label: string, value: string])[] };

export interface MailContent {
  subject: string;
  greeting: string;
  blocks: readonly MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The shop's signature: its name, then whichever of address, phone and e-mail it has set. */
function signatureOf(shop: ShopDetails): string[] {
  return [shop.name, shop.address, shop.phone && `Tel. ${shop.phone}`, shop.email].filter(Boolean);
}

/** Text in HTML: escaped, its line breaks kept. */
const html = (text: string) => escapeMarkup(text).replace(/\r?\n/g, '<br>');

/**
 * One mail in its two alternatives: plain text, and plain HTML (no images, no scripts, inline styles
 * only) in which every value is escaped, so a customer's name or a comment can never become markup.
 */
export function renderMail(content: MailContent, shop: ShopDetails): RenderedMail {
  const signature = signatureOf(shop);
  const textBlocks = content.blocks.map((block) =>
    'paragraph' in block ? block.paragraph : block.facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
  );
  const text = [content.greeting, ...textBlocks, `Kind regards,\n${signature.join('\n')}`].join('\n\n') + '\n';
  const htmlBlocks = content.blocks.map((block) =>
    'paragraph' in block
      ? `<p>${html(block.paragraph)}</p>`
      : `<table role="presentation" style="border-collapse:collapse">${block.facts
          .map(([label, value]) => `<tr><th align="left" style="padding:2px 16px 2px 0;font-weight:600;vertical-align:top">${html(label)}</th><td style="padding:2px 0">${html(value)}</td></tr>`)
          .join('')}</table>`,
  );
  const body = [
    `<p>${html(content.greeting)}</p>`,
    ...htmlBlocks,
    `<p>Kind regards,<br>${signature.map(html).join('<br>')}</p>`,
  ].join('\n');
  return {
    subject: content.subject,
    text,
    html: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${html(content.subject)}</title></head>\n<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n${body}\n</body></html>\n`,
  };
}
