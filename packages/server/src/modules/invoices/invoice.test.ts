import { extractText, extractTextItems } from 'unpdf';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { mediaStorageFor } from '../register-modules.ts';
import type { ShopDetails } from '../settings/index.ts';
import { createInvoice, invoiceFor } from './index.ts';
import type { InvoiceData } from './index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const SHOP: ShopDetails = {
  name: 'Facet Jewellers',
  email: 'hello@facetjewellers.co.uk',
  phone: '020 7946 0321',
  address: '42 Hatton Garden, London EC1N 8EB',
  vatNumber: 'GB 284 7193 56',
  vatRate: 20,
};

function sampleInvoice(overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    orderNumber: '100001',
    orderDate: '2026-11-20T10:15:00Z',
    currencySymbol: '£',
    customer: { email: 'ada@example.com', phone: '07700 900123' },
    billingAddress: { name: 'Ada Lovelace', street: '12 St James’s Square', city: 'London', state: 'Greater London', postcode: 'SW1Y 4JH', country: 'United Kingdom' },
    shippingAddress: { name: 'Ada Lovelace', street: '1 Marylebone Road', city: 'London', postcode: 'NW1 5LR', country: 'United Kingdom' },
    paymentMethod: 'credit_card',
    shippingMethod: 'Royal Mail Special Delivery',
    lines: [
      { name: 'Solitaire Engagement Ring', sku: 'RING-SOL-18W', options: [{ title: 'Metal', value: '18ct White Gold' }, { title: 'Ring size', value: 'M' }], qty: 1, price: '1250.00', discount: '50.00', total: '1200.00' },
      { name: 'Diamond Stud Earrings', sku: 'EAR-STUD-05', qty: 2, price: 199.5, discount: 0, total: 399 },
    ],
    subtotal: '1599.00',
    discount: '50.00',
    shipping: '9.95',
    total: '1558.95',
    ...overrides,
  };
}

/** The PDF's text, pages joined, spaces collapsed (text runs come back as the PDF places them). */
async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('the invoice PDF', () => {
  it('has the shop, the number and dates, both addresses, every line with its SKU and options, and the totals with the VAT they include', async () => {
    const pdf = await renderInvoicePdf({ number: 42, date: new Date('2026-11-21T09:00:00Z') }, sampleInvoice(), SHOP);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await textOf(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Facet Jewellers',
      '42 Hatton Garden, London EC1N 8EB',
      'VAT No. GB 284 7193 56',
      'INVOICE',
      'Invoice number: INV-000042',
      'Invoice date: 21 November 2026',
      'Order number: 100001',
      'Order date: 20 November 2026',
      '12 St James’s Square',
      '1 Marylebone Road',
      'Payment method: credit_card',
      'Solitaire Engagement Ring',
      'Metal: 18ct White Gold',
      'Ring size: M',
      'RING-SOL-18W',
      'Diamond Stud Earrings',
      'EAR-STUD-05',
      '£1,250.00',
      '£1,200.00',
      '£199.50',
      '£399.00',
      'Subtotal £1,599.00',
      'Discount -£50.00',
      'Shipping £9.95',
      'Total £1,558.95',
      // 1558.95 / 6 = 259.825: the VAT part, half up to the penny.
      'Total excluding VAT £1,299.12',
      'VAT at 20% (included in the total) £259.83',
      'Prices include VAT at 20%.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the order’s currency symbol and the order’s own VAT rate', async () => {
    const pdf = await renderInvoicePdf({ number: 43, date: new Date() }, sampleInvoice({ currencySymbol: '€', vatRate: 0, cardFee: '2.50', total: '1561.45' }), SHOP);
    const { text } = await textOf(pdf);
    expect(text).toContain('Card fee €2.50');
    expect(text).toContain('Total €1,561.45');
    expect(text).toContain('VAT at 0% (included in the total) €0.00');
  });

  it('survives hostile text: markup prints as text, right-to-left names print, a name thousands of characters long wraps and is cut, and many lines run onto further pages, all inside the page', async () => {
    const hostile = '<script>alert("x")</script>';
    const rtl = 'שרה כהן';
    const arabic = 'فاطمة الزهراء';
    const long = 'W'.repeat(2000);
    const lines = Array.from({ length: 60 }, (_, index) => ({
      name: index === 0 ? `${hostile} ${long}` : index === 1 ? `${rtl} ${arabic} \u202Eevil\u202C` : `Eternity Band ${index}`,
      sku: index === 2 ? 'S'.repeat(200) : `BAND-${index}`,
      options: index === 3 ? Array.from({ length: 50 }, (_, n) => ({ title: `Option ${n}`, value: 'x'.repeat(300) })) : undefined,
      qty: 1,
      price: '100.00',
      discount: '0',
      total: '100.00',
    }));
    const data = sampleInvoice({
      billingAddress: { name: `${hostile} ${rtl}`, street: long, city: arabic, postcode: 'E1 6AN', country: 'United Kingdom' },
      shippingAddress: null,
      lines,
      subtotal: '6000.00',
      discount: '0',
      shipping: '0',
      total: '6000.00',
    });
    const pdf = await renderInvoicePdf({ number: 44, date: new Date() }, data, { ...SHOP, name: `${hostile} Jewellers` });
    const { text, pages } = await textOf(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(hostile);
    expect(text).toContain('Same as billing address');
    expect(text).toContain('Eternity Band 59');
    expect(text).toContain('Total £6,000.00');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The override character is dropped: the text after it reads as written.
    expect(text).not.toContain('\u202E');
    expect(text).toContain('evil');
    // Hebrew and Arabic letters are printed (as glyphs of the embedded font), in whichever order the extractor reads them.
    expect(text).toMatch(/[\u05D0-\u05EA]/);
    expect(text).toMatch(/[\u0600-\u06FF]/);
    // The long name is cut: far fewer than its 2,000 letters reach the page.
    expect((text.match(/W/g) ?? []).length).toBeLessThan(700);

    const { items } = await extractTextItems(new Uint8Array(pdf));
    const [width, height] = [595.28, 841.89];
    for (const page of items) {
      for (const item of page) {
        expect(item.x, item.str).toBeGreaterThanOrEqual(0);
        expect(item.x + item.width, item.str).toBeLessThanOrEqual(width);
        expect(item.y, item.str).toBeGreaterThanOrEqual(0);
        expect(item.y, item.str).toBeLessThanOrEqual(height);
      }
    }
  });
});

describe('invoices of orders', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t?.close());

  const storage = () => mediaStorageFor(t.config);

  it('creates an order’s invoice with the next number, stores its PDF in the media store, and serves it to sales staff', async () => {
    const first = await t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber: 'A-2001' }), storage()));
    const second = await t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber: 'A-2002' }), storage()));
    expect(second.number).toBeGreaterThan(first.number);
    expect(first).toMatchObject({ orderReference: 'A-2001', displayNumber: `INV-${String(first.number).padStart(6, '0')}`, url: `/api/invoices/${first.number}/pdf` });
    expect(await invoiceFor(t.db, 'A-2001')).toEqual(first);
    expect(await invoiceFor(t.db, 'A-9999')).toBeNull();

    const clerk = await t.createUserWith(['sales']);
    const response = await t.request(clerk.cookie, { method: 'GET', url: first.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${first.displayNumber}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const { text } = await textOf(response.rawPayload);
    expect(text).toContain(`Invoice number: ${first.displayNumber}`);
    expect(text).toContain('Order number: A-2001');
    // The shop's details come from its settings.
    expect(text).toContain('Facet Jewellers');
  });

  it('keeps one invoice per order: creating it again answers the first, without a new number or file', async () => {
    const first = await t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber: 'A-3001' }), storage()));
    const again = await t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber: 'A-3001' }), storage()));
    expect(again).toEqual(first);
  });

  it('gives unique, increasing numbers to invoices created at once, and one invoice to one order asked for twice at once', async () => {
    const orders = Array.from({ length: 8 }, (_, index) => `C-${4000 + index}`);
    const created = await Promise.all([...orders, orders[0]!].map((orderNumber) => t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber }), storage()))));
    const numbers = new Set(created.map((invoice) => invoice.number));
    expect(numbers.size).toBe(orders.length);
    expect(created[0]).toEqual(created[orders.length]);
  });

  it('lays the PDF out off the main thread, so staff requests do not wait behind it', async () => {
    // Sixty lines: a few pages, ~0.2 s of layout. The main thread's busy time is measured by its
    // event-loop utilisation, which counts only this thread, not the rendering one.
    const long = sampleInvoice({ orderNumber: 'T-5001', lines: Array.from({ length: 60 }, (_, index) => ({ name: `Eternity ring ${index}`, sku: `ETR-${index}`, qty: 1, price: '100.00', discount: 0, total: '100.00' })), subtotal: '6000.00', discount: '0', total: '6009.95' });
    const mainThreadBusyMs = async (work: () => Promise<unknown>) => {
      const before = performance.eventLoopUtilization();
      await work();
      return performance.eventLoopUtilization(before).active;
    };
    const inline = await mainThreadBusyMs(() => renderInvoicePdf({ number: 1, date: new Date() }, long, SHOP));
    const created = await mainThreadBusyMs(() => t.db.transaction((tx) => createInvoice(tx, long, storage())));
    expect(inline).toBeGreaterThan(50);
    expect(created).toBeLessThan(inline / 3);
  });

  it('refuses malformed data from its caller, writing nothing', async () => {
    await expect(t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber: 'B-1', lines: [] }), storage()))).rejects.toThrow();
    await expect(t.db.transaction((tx) => createInvoice(tx, sampleInvoice({ orderNumber: 'B-1', total: '12.345' }), storage()))).rejects.toThrow();
    expect(await invoiceFor(t.db, 'B-1')).toBeNull();
  });

  it('answers 404 for an invoice that does not exist, 401 without a session and 403 without the sales permission', async () => {
    expect((await t.request(admin, { method: 'GET', url: '/api/invoices/2147483647/pdf' })).statusCode).toBe(404);
    expect((await t.request(admin, { method: 'GET', url: '/api/invoices/abc/pdf' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices/1/pdf' })).statusCode).toBe(401);
    const other = await t.createUserWith(['products', 'customers', 'system']);
    expect((await t.request(other.cookie, { method: 'GET', url: '/api/invoices/1/pdf' })).statusCode).toBe(403);
  });
});
