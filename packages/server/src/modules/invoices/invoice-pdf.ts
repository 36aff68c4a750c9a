import { createRequire } from 'node:module';
import { formatPence, penceOf, vatIncludedIn } from '@facet/contract/money';
import PDFDocument from 'pdfkit';
import type { ShopDetails } from '../settings/index.ts';
import type { CreditNoteData, InvoiceData } from './invoice-data.ts';
import { creditNoteDisplayNumberOf, displayNumberOf } from './invoice-numbers.ts';

/**
 * DejaVu Sans covers Latin, Greek, Cyrillic, Hebrew and Arabic (fontkit shapes and orders a
 * right-to-left run): a customer's name in any of them prints as written, not as boxes. PDF's
 * standard fonts know only Western European letters.
 */
const fontFile = createRequire(import.meta.url);
const REGULAR = fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const PAGE_MARGIN = 50;
const A4_HEIGHT = 841.89;
const CONTENT_WIDTH = 595.28 - 2 * PAGE_MARGIN;
const FOOTER_HEIGHT = 40;
const GREY = '#555555';
const RULE = '#cccccc';

/** The lines table's columns, left to right, widths adding up to the page's content width. */
const COLUMNS = [
  { key: 'item', title: 'Item', width: 185, align: 'left' },
  { key: 'sku', title: 'SKU', width: 95, align: 'left' },
  { key: 'qty', title: 'Qty', width: 35, align: 'right' },
  { key: 'price', title: 'Price', width: 60, align: 'right' },
  { key: 'discount', title: 'Discount', width: 60, align: 'right' },
  { key: 'total', title: 'Total', width: 60, align: 'right' },
] as const;
const CELL_PADDING = 4;

/**
 * Characters that change how text around them reads without being letters: C0/C1 controls and the
 * bidirectional overrides and isolates, with which a name could make the text after it read
 * backwards (`‮`). Right-to-left letters themselves are kept.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Printed text: invisible controls removed, runs of spaces and line breaks as one space, at most `max` characters. */
export function printable(text: string | null | undefined, max = 300): string {
  const cleaned = (text ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

/** A day as a UK customer reads it: 4 December 2026. */
function formatDay(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(date);
}

/**
 * Renders an invoice as an A4 PDF: the shop's details, number and dates, billing and shipping
 * addresses, payment and shipping method, the lines (name with its options, SKU, quantity, price,
 * discount, total), then subtotal, discount, shipping, card fee, total, and the VAT the total
 * includes, in the order's currency. Long text wraps within its column and is cut at a bound, and the
 * lines continue on further pages with their heading, so no input can push text off the page.
 */
export function renderInvoicePdf(invoice: { number: number; date: Date }, data: InvoiceData, shop: ShopDetails): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Invoice ${displayNumberOf(invoice.number)}`, Author: printable(shop.name), Subject: `Order ${printable(data.orderNumber)}` });
  const money = (amount: string | number) => formatPence(penceOf(amount), printable(data.currencySymbol, 5));
  const left = PAGE_MARGIN;
  const bottom = A4_HEIGHT - PAGE_MARGIN - FOOTER_HEIGHT;
  let y = writeHeading(doc, shop, 'INVOICE', [
    ['Invoice number', displayNumberOf(invoice.number)],
    ['Invoice date', formatDay(invoice.date)],
    ['Order number', printable(data.orderNumber, 40)],
    ['Order date', formatDay(data.orderDate)],
  ]);

  // Addresses, side by side.
  const half = CONTENT_WIDTH / 2;
  const addressLines = (address: InvoiceData['billingAddress']) =>
    [address.name, address.street, [address.city, address.state].filter(Boolean).join(', '), address.postcode, address.country].map((line) => printable(line, 120)).filter(Boolean);
  const billing = [...addressLines(data.billingAddress), printable(data.customer.email, 120), printable(data.customer.phone, 40)].filter(Boolean);
  const shipping = data.shippingAddress ? addressLines(data.shippingAddress) : ['Same as billing address'];
  doc.font('bold').fontSize(10).fillColor('black').text('Billing address', left, y, { width: half - 10 });
  doc.text('Shipping address', left + half, y, { width: half - 10 });
  y = doc.y + 2;
  doc.font('regular').fontSize(9);
  const billingEnd = writeLines(doc, billing, left, y, half - 10);
  const shippingEnd = writeLines(doc, shipping, left + half, y, half - 10);
  y = Math.max(billingEnd, shippingEnd) + 12;

  const methods = [data.paymentMethod && `Payment method: ${printable(data.paymentMethod, 60)}`, data.shippingMethod && `Shipping method: ${printable(data.shippingMethod, 80)}`].filter(Boolean);
  if (methods.length) {
    doc.text(methods.join('     '), left, y, { width: CONTENT_WIDTH });
    y = doc.y + 12;
  }

  // The lines: a heading row, then one row per line, as tall as its wrapped item text.
  const heading = () => {
    doc.font('bold').fontSize(9).fillColor('black');
    let x = left;
    for (const column of COLUMNS) {
      doc.text(column.title, x + CELL_PADDING, y, { width: column.width - 2 * CELL_PADDING, align: column.align });
      x += column.width;
    }
    y += 14;
    doc.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).strokeColor(RULE).stroke();
    y += 4;
    doc.font('regular').fontSize(9);
  };
  heading();
  for (const line of data.lines) {
    const options = (line.options ?? []).slice(0, 12).map((option) => printable(`${option.title}: ${option.value}`, 120)).filter((option) => option !== ':');
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      item: [printable(line.name, 300), ...options].join('\n'),
      sku: printable(line.sku, 64),
      qty: String(line.qty),
      price: money(line.price),
      discount: money(line.discount),
      total: money(line.total),
    };
    const height = Math.max(...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 2 * CELL_PADDING }))) + 6;
    if (y + height > bottom) {
      doc.addPage();
      y = PAGE_MARGIN;
      heading();
    }
    let x = left;
    for (const column of COLUMNS) {
      doc.fillColor(column.key === 'item' ? 'black' : GREY).text(cells[column.key], x + CELL_PADDING, y, { width: column.width - 2 * CELL_PADDING, align: column.align });
      x += column.width;
    }
    y += height;
    doc.moveTo(left, y - 3).lineTo(left + CONTENT_WIDTH, y - 3).strokeColor(RULE).stroke();
  }

  // Totals, right-aligned under the table; VAT is inside the prices (UK retail), so it is shown as the part the total includes.
  const total = penceOf(data.total);
  const vatRate = data.vatRate ?? shop.vatRate;
  const vat = vatIncludedIn(total, vatRate);
  const rate = `${Number(vatRate.toFixed(2))}%`;
  const rows: [string, string, boolean][] = [
    ['Subtotal', money(data.subtotal), false],
    ['Discount', penceOf(data.discount) === 0n ? money(0) : `-${money(data.discount)}`, false],
    ['Shipping', money(data.shipping), false],
    ...(data.cardFee !== undefined && penceOf(data.cardFee) !== 0n ? [['Card fee', money(data.cardFee), false] as [string, string, boolean]] : []),
    ['Total', money(data.total), true],
    ['Total excluding VAT', formatPence(total - vat, printable(data.currencySymbol, 5)), false],
    [`VAT at ${rate} (included in the total)`, formatPence(vat, printable(data.currencySymbol, 5)), false],
  ];
  y += 8;
  if (y + rows.length * 15 > bottom) {
    doc.addPage();
    y = PAGE_MARGIN;
  }
  for (const [label, value, isBold] of rows) {
    doc.font(isBold ? 'bold' : 'regular').fontSize(isBold ? 11 : 9).fillColor('black');
    doc.text(label, left + CONTENT_WIDTH - 300, y, { width: 200, align: 'right' });
    doc.text(value, left + CONTENT_WIDTH - 95, y, { width: 95, align: 'right' });
    y += isBold ? 17 : 14;
  }

  writeFooters(doc, `Prices include VAT at ${rate}. Thank you for shopping with ${printable(shop.name, 80)}.`);
  doc.end();
  return done;
}

/** A4 with the fonts registered, its pages kept until the end (each footer says how many there are); `done` is the PDF once `doc.end()` is called. */
function startDocument(info: PDFKit.DocumentInfo) {
  const doc = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, bufferPages: true, info });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The shop's name and details, left; the document's title and its own facts, right. Answers where the heading ends. */
function writeHeading(doc: PDFKit.PDFDocument, shop: ShopDetails, title: string, facts: readonly (readonly [string, string])[]): number {
  const left = PAGE_MARGIN;
  const top = PAGE_MARGIN;
  doc.font('bold').fontSize(16).fillColor('black').text(printable(shop.name, 80), left, top, { width: 280 });
  doc.font('regular').fontSize(9).fillColor(GREY);
  for (const line of [shop.address, shop.phone && `Tel. ${shop.phone}`, shop.email, shop.vatNumber && `VAT No. ${shop.vatNumber}`]) {
    if (line) doc.text(printable(line, 120), { width: 280 });
  }
  const shopBottom = doc.y;
  doc.font('bold').fontSize(20).fillColor('black').text(title, left + 280, top, { width: CONTENT_WIDTH - 280, align: 'right' });
  doc.font('regular').fontSize(9);
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, left + 280, doc.y, { width: CONTENT_WIDTH - 280, align: 'right' });
  return Math.max(shopBottom, doc.y) + 20;
}

/** Every page's footer, written last (pages were buffered): `text` and the page's number of how many. */
function writeFooters(doc: PDFKit.PDFDocument, text: string) {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    doc.font('regular').fontSize(8).fillColor(GREY);
    doc.text(`${text}   Page ${page + 1} of ${range.count}`, PAGE_MARGIN, A4_HEIGHT - PAGE_MARGIN - 12, { width: CONTENT_WIDTH, align: 'center', lineBreak: false, height: 12 });
  }
}

/**
 * Renders a credit note as an A4 PDF, on the invoice's pipeline: the shop's details, the credit note's
 * number and date, the order (and its invoice) it credits, the customer's billing address, and the
 * amount refunded in the order's currency with the VAT it includes (UK retail prices include VAT, so
 * a refund gives back VAT in the same share).
 */
export function renderCreditNotePdf(note: { number: number; date: Date }, data: CreditNoteData, shop: ShopDetails): Promise<Buffer> {
  const { doc, done } = startDocument({ Title: `Credit note ${creditNoteDisplayNumberOf(note.number)}`, Author: printable(shop.name), Subject: `Order ${printable(data.orderNumber)}` });
  const symbol = printable(data.currencySymbol, 5);
  const left = PAGE_MARGIN;
  let y = writeHeading(doc, shop, 'CREDIT NOTE', [
    ['Credit note number', creditNoteDisplayNumberOf(note.number)],
    ['Credit note date', formatDay(note.date)],
    ['Order number', printable(data.orderNumber, 40)],
    ...(data.invoiceNumber ? [['Invoice number', printable(data.invoiceNumber, 40)] as const] : []),
    ['Order date', formatDay(data.orderDate)],
  ]);

  doc.font('bold').fontSize(10).fillColor('black').text('Billing address', left, y, { width: CONTENT_WIDTH / 2 - 10 });
  doc.font('regular').fontSize(9);
  const address = data.billingAddress;
  const billing = [address.name, address.street, [address.city, address.state].filter(Boolean).join(', '), address.postcode, address.country, data.customer.email, data.customer.phone]
    .map((line) => printable(line, 120))
    .filter(Boolean);
  y = writeLines(doc, billing, left, doc.y + 2, CONTENT_WIDTH / 2 - 10) + 20;

  // One line: the refund, what it is of, and its amount.
  const amount = penceOf(data.amount);
  doc.font('bold').fontSize(9).fillColor('black').text('Description', left + 4, y, { width: 380 });
  doc.text('Amount', left + CONTENT_WIDTH - 100, y, { width: 96, align: 'right' });
  y += 14;
  doc.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).strokeColor(RULE).stroke();
  y += 4;
  const description = `${data.refundType === 'full' ? 'Refund of the remaining amount' : 'Partial refund'} of order ${printable(data.orderNumber, 40)}`;
  doc.font('regular').fillColor('black').text(description, left + 4, y, { width: 380 });
  doc.text(formatPence(amount, symbol), left + CONTENT_WIDTH - 100, y, { width: 96, align: 'right' });
  y = doc.y + 6;
  doc.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).strokeColor(RULE).stroke();
  y += 10;

  const vatRate = data.vatRate ?? shop.vatRate;
  const vat = vatIncludedIn(amount, vatRate);
  const rate = `${Number(vatRate.toFixed(2))}%`;
  for (const [label, value, isBold] of [
    ['Amount refunded', formatPence(amount, symbol), true],
    ['Amount excluding VAT', formatPence(amount - vat, symbol), false],
    [`VAT at ${rate} (included in the amount)`, formatPence(vat, symbol), false],
  ] as const) {
    doc.font(isBold ? 'bold' : 'regular').fontSize(isBold ? 11 : 9).fillColor('black');
    doc.text(label, left + CONTENT_WIDTH - 300, y, { width: 200, align: 'right' });
    doc.text(value, left + CONTENT_WIDTH - 95, y, { width: 95, align: 'right' });
    y += isBold ? 17 : 14;
  }
  writeFooters(doc, `This credit note refunds ${formatPence(amount, symbol)} of order ${printable(data.orderNumber, 40)} to the original payment method.`);
  doc.end();
  return done;
}

/** Lines one under another from `y`, each wrapped in `width`; answers where they end. */
function writeLines(doc: PDFKit.PDFDocument, lines: readonly string[], x: number, y: number, width: number): number {
  doc.text('', x, y);
  for (const line of lines) doc.text(line, x, doc.y, { width });
  return doc.y;
}
