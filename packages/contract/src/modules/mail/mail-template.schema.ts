import { z } from 'zod';
import { escapeMarkup } from '../../markup.ts';
import { requiredText } from '../../rules.ts';

/**
 * The e-mails the shop sends its customers, each with a template staff may rewrite at /system/editor
 * (the spec names the route and nothing more; see ARCHITECTURE.md, "Pages the spec only names"). A
 * template is a subject and a rich-text body with `{{placeholders}}`; each e-mail offers its own. No
 * stored template: the built-in one below. Values are always text: escaped into the HTML, so a
 * customer's name can never become markup; a placeholder inside a tag (a link's address) is also
 * URL-encoded, so a value cannot turn a link into `javascript:`.
 */
export const MAIL_TEMPLATE_KINDS = ['order-status-changed', 'order-shipped', 'order-refunded', 'cart-reminder', 'contact-response'] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

export interface MailPlaceholder {
  name: string;
  /** What it is replaced with, as the editor lists it beside the template. */
  description: string;
  /** Its value in the editor's preview. */
  sample: string;
}

interface MailTemplateDefinition {
  label: string;
  /** When the shop sends it. */
  sentWhen: string;
  placeholders: readonly MailPlaceholder[];
  subject: string;
  body: string;
}

const SAMPLE_SHOP = 'Facet Jewellers';
const customerName: MailPlaceholder = { name: 'customerName', description: 'The customer’s name (“customer” when there is none).', sample: 'Ada Lovelace' };
const shopPlaceholders: MailPlaceholder[] = [
  { name: 'shopName', description: 'The shop’s name (setting store_name).', sample: SAMPLE_SHOP },
  {
    name: 'shopSignature',
    description: 'The shop’s name, address, phone and e-mail, one a line (the store_* settings that are set).',
    sample: `${SAMPLE_SHOP}\n42 Hatton Garden, London EC1N 8EB\nTel. 020 7946 0321\nhello@facetjewellers.co.uk`,
  },
];
const orderNumber: MailPlaceholder = { name: 'orderNumber', description: 'The order’s number.', sample: '100231' };
const comment: MailPlaceholder = { name: 'comment', description: 'Staff’s comment on the change, when one was written (empty otherwise).', sample: 'Your ring is being set by our workshop.' };

const SIGN_OFF = '<p>Kind regards,<br>{{shopSignature}}</p>';
const GREETING = '<p>Dear {{customerName}},</p>';

export const MAIL_TEMPLATES: Readonly<Record<MailTemplateKind, MailTemplateDefinition>> = {
  'order-status-changed': {
    label: 'Order status changed',
    sentWhen: 'Staff change an order’s status with Notify Customer ticked.',
    placeholders: [customerName, orderNumber, { name: 'status', description: 'The order’s new status.', sample: 'INPROCESS' }, comment, ...shopPlaceholders],
    subject: 'Your order {{orderNumber}}: {{status}}',
    body: `${GREETING}<p>The status of your order {{orderNumber}} is now {{status}}.</p><p>{{comment}}</p>${SIGN_OFF}`,
  },
  'order-shipped': {
    label: 'Order shipped',
    sentWhen: 'Staff mark an order SHIPPING with its tracking number, Notify Customer ticked.',
    placeholders: [
      customerName,
      orderNumber,
      { name: 'trackingNumber', description: 'The courier’s tracking number.', sample: 'RM123456785GB' },
      { name: 'deliveryDate', description: 'The expected delivery day, e.g. 4 December 2026.', sample: '4 December 2026' },
      { name: 'shippingMethod', description: 'The shipping method, when the order has one (empty otherwise).', sample: 'Royal Mail Special Delivery' },
      comment,
      ...shopPlaceholders,
    ],
    subject: 'Your order {{orderNumber}} has been shipped',
    body:
      `${GREETING}<p>Good news: your order {{orderNumber}} is on its way.</p>` +
      '<p><strong>Order number:</strong> {{orderNumber}}<br><strong>Shipping method:</strong> {{shippingMethod}}<br><strong>Tracking number:</strong> {{trackingNumber}}<br><strong>Expected delivery:</strong> {{deliveryDate}}</p>' +
      `<p>{{comment}}</p>${SIGN_OFF}`,
  },
  'order-refunded': {
    label: 'Order refunded',
    sentWhen: 'Staff refund an order (in full or in part), Notify Customer ticked.',
    placeholders: [
      customerName,
      orderNumber,
      { name: 'amount', description: 'The amount refunded, e.g. £1,250.50.', sample: '£1,250.50' },
      { name: 'fullRefundNote', description: '“, the whole amount you paid” for a full refund, empty for a part refund.', sample: ', the whole amount you paid' },
      comment,
      ...shopPlaceholders,
    ],
    subject: 'Refund for your order {{orderNumber}}',
    body:
      `${GREETING}<p>We have refunded {{amount}} for your order {{orderNumber}}{{fullRefundNote}}. It may take a few working days to reach your account.</p>` +
      `<p><strong>Order number:</strong> {{orderNumber}}<br><strong>Amount refunded:</strong> {{amount}}</p><p>{{comment}}</p>${SIGN_OFF}`,
  },
  'cart-reminder': {
    label: 'Abandoned cart reminder',
    sentWhen: 'Staff send a reminder from Sales > Abandoned Carts.',
    placeholders: [
      customerName,
      { name: 'items', description: 'What was left in the basket, a line each: name, size, quantity × price.', sample: 'Solitaire Ring, size N: 1 × £1,295.00\n1.02 ct Oval Natural Diamond: 1 × £3,946.50' },
      { name: 'total', description: 'The basket’s total.', sample: '£5,241.50' },
      ...shopPlaceholders,
    ],
    subject: 'You left something in your basket at {{shopName}}',
    body:
      `${GREETING}<p>You left these pieces in your basket. We have kept them for you, should you wish to come back to them:</p>` +
      '<p>{{items}}<br><strong>Total:</strong> {{total}}</p>' +
      `<p>If you have any questions about them, just reply to this e-mail or call us: we are glad to help.</p>${SIGN_OFF}`,
  },
  'contact-response': {
    label: 'Contact Us response',
    sentWhen: 'Staff answer a Contact Us message (Send Response).',
    placeholders: [
      customerName,
      { name: 'subject', description: 'The subject staff gave the response.', sample: 'Re: resizing' },
      { name: 'response', description: 'The response staff wrote.', sample: 'Yes, we resize rings free of charge within 60 days.' },
      { name: 'message', description: 'What the customer wrote.', sample: 'Do you resize rings?' },
      ...shopPlaceholders,
    ],
    subject: '{{subject}}',
    body: `${GREETING}<p>{{response}}</p><p>You wrote:<br>{{message}}</p>${SIGN_OFF}`,
  },
};

export const MAIL_TEMPLATE_SUBJECT_MAX = 255;
/** Not in the spec: room for a long letter, short of what one request should carry. */
export const MAIL_TEMPLATE_BODY_MAX = 20_000;

/** Not worded by the spec. */
export const MAIL_TEMPLATE_MESSAGES = {
  saved: 'E-mail template saved',
  reset: 'E-mail template reset to the default',
  unknownPlaceholder: (names: readonly string[], offered: readonly string[]) =>
    `${names.length === 1 ? 'Unknown placeholder' : 'Unknown placeholders'} ${names.map((name) => `{{${name}}}`).join(', ')}: this e-mail offers ${offered.map((name) => `{{${name}}}`).join(', ')}.`,
} as const;

/** What the editor saves: the subject and body; `version` is the stored template's, null when it starts from the default. */
export const mailTemplateInputSchema = z.object({
  subject: requiredText(MAIL_TEMPLATE_SUBJECT_MAX),
  body: requiredText(MAIL_TEMPLATE_BODY_MAX),
  version: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
});
export type MailTemplateInput = z.input<typeof mailTemplateInputSchema>;

/** The preview: a template as typed, unsaved. */
export const mailTemplatePreviewInputSchema = mailTemplateInputSchema.pick({ subject: true, body: true });

export const mailPlaceholderSchema = z.object({ name: z.string(), description: z.string(), sample: z.string() });

export const mailTemplateRecordSchema = z.object({
  kind: z.enum(MAIL_TEMPLATE_KINDS),
  label: z.string(),
  sentWhen: z.string(),
  placeholders: z.array(mailPlaceholderSchema),
  /** What is sent now: the stored template, else the default. */
  subject: z.string(),
  body: z.string(),
  /** True when staff changed it (a stored template); Reset to default removes it. */
  isCustomised: z.boolean(),
  /** The stored template's version, null for the default. */
  version: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
});
export type MailTemplateRecord = z.infer<typeof mailTemplateRecordSchema>;

export const renderedMailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type RenderedMail = z.infer<typeof renderedMailSchema>;

export const mailTemplateKindParamSchema = z.object({ kind: z.enum(MAIL_TEMPLATE_KINDS) });

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholder names a text uses, as written (trimmed), once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!.trim()))];
}

/** The names `text` uses that `kind` does not offer (a typo, another e-mail's placeholder). */
export function unknownPlaceholders(kind: MailTemplateKind, text: string): string[] {
  const offered = new Set(MAIL_TEMPLATES[kind].placeholders.map((placeholder) => placeholder.name));
  return placeholdersIn(text).filter((name) => !offered.has(name));
}

export const placeholderNamesOf = (kind: MailTemplateKind) => MAIL_TEMPLATES[kind].placeholders.map((placeholder) => placeholder.name);

export const sampleValuesOf = (kind: MailTemplateKind): Record<string, string> =>
  Object.fromEntries(MAIL_TEMPLATES[kind].placeholders.map((placeholder) => [placeholder.name, placeholder.sample]));

/** Text in HTML: escaped, its line breaks kept. */
export const textAsHtml = (text: string) => escapeMarkup(text).replace(/\r?\n/g, '<br>');

/** Where a line of the body ends: a line break, or a block element opening or closing. */
const LINE_BOUNDARY = /(<br\s*\/?>|<\/?(?:p|li|h[1-6]|td|th|tr|div|blockquote|ul|ol|table)\b[^>]*>)/i;
/** Marks a line left out (a character no template holds: the text guard refuses NUL). */
const DROPPED = '\u0000';
const isLineBreak = (part: string | undefined) => part !== undefined && /^<br\b/i.test(part);

/**
 * Leaves out each line whose placeholders are all empty (`<p>{{comment}}</p>` when staff wrote none,
 * `Shipping method: {{shippingMethod}}` for an order without one), with the line break before it, then
 * any paragraph or list item left empty. Lines without placeholders stay as written.
 */
function dropEmptyLines(body: string, values: Readonly<Record<string, string>>): string {
  const parts = body.split(LINE_BOUNDARY);
  for (let index = 0; index < parts.length; index += 2) {
    const names = placeholdersIn(parts[index]!);
    if (!names.length || names.some((name) => (values[name] ?? '').trim() !== '')) continue;
    parts[index] = DROPPED;
    if (isLineBreak(parts[index - 1])) parts[index - 1] = '';
    else if (isLineBreak(parts[index + 1])) parts[index + 1] = '';
  }
  // A paragraph or item emptied here goes too; one the template itself left empty (spacing) stays.
  return parts
    .join('')
    .replace(new RegExp(`<(p|li)\\b[^>]*>${DROPPED}+<\\/\\1>`, 'gi'), '')
    .replaceAll(DROPPED, '');
}

/**
 * Puts the values in: in text, escaped with line breaks kept; inside a tag (an attribute such as a
 * link's address), URL-encoded and escaped. A name without a value (there is none: the server
 * refuses unknown names) is left as written.
 */
function fillBody(body: string, values: Readonly<Record<string, string>>): string {
  return body
    .split(/(<[^>]*>)/)
    .map((part) => {
      const isTag = part.startsWith('<');
      return part.replace(PLACEHOLDER, (whole, name: string) => {
        const value = values[name.trim()];
        if (value === undefined) return whole;
        return isTag ? escapeMarkup(encodeURIComponent(value)) : textAsHtml(value);
      });
    })
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/**
 * The plain-text alternative of a mail's HTML body: paragraphs apart by a blank line, line breaks
 * kept, list items as dashes, a link followed by its address when its text is not the address.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const address = decodeEntities(href);
      const label = decodeEntities(inner.replace(/<[^>]*>/g, ''));
      return label.trim() === '' || label.includes(address) ? inner : `${inner} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|ul|ol|blockquote|table|div)>/gi, '\n\n')
    .replace(/<\/tr>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return (
    decodeEntities(text)
      .split('\n')
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}

/** A template filled in: the subject (one line), the body's HTML and its text. The caller wraps the HTML in the mail's layout. */
export function fillTemplate(template: { subject: string; body: string }, values: Readonly<Record<string, string>>): { subject: string; bodyHtml: string; text: string } {
  const subject = template.subject
    .replace(PLACEHOLDER, (whole, name: string) => values[name.trim()] ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
  const bodyHtml = fillBody(dropEmptyLines(template.body, values), values);
  return { subject, bodyHtml, text: htmlToText(bodyHtml) };
}
