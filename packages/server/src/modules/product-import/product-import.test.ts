import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ImportCheckResponse } from '@facet/contract/modules/product-import/product-import.schema';
import { PRODUCT_SHEET_COLUMNS } from '@facet/contract/modules/products/product-sheet';
import type { ProductRecord } from '@facet/contract/modules/products/product.schema';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSheetReader, readSheet } from '../../spreadsheets/sheet-reader.ts';
import type { SheetCells } from '../../spreadsheets/test-sheets.ts';
import { sharedStringBomb, xlsFile, xlsxFile, zipOf } from '../../spreadsheets/test-sheets.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../../test/test-app.ts';
import { expectPriceOrderInSync } from '../../test/price-order.ts';
import { cachedDocument, generateCache } from '../../test/storefront-cache.ts';
import { multipartBody } from '../../test/upload.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { products } from '../products/product.table.ts';
import { checkedSheetText, createProductImportService } from './product-import.service.ts';

const HEADER = ['SKU', 'Parent SKU', 'Product Title', 'Attribute Set', 'Category', 'Sub-Category', 'Price', 'Stock', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Attributes', 'Can Be Set With Shape', 'Can Be Set With Carat', 'Related SKUs', 'Is Gift Card'];
type Row = Partial<Record<'sku' | 'parent' | 'title' | 'set' | 'category' | 'sub' | 'price' | 'stock' | 'o1n' | 'o1v' | 'o2n' | 'o2v' | 'attributes' | 'shape' | 'carat' | 'related' | 'gift', string | number>>;
const cells = (r: Row) => [r.sku, r.parent, r.title, r.set, r.category, r.sub, r.price, r.stock, r.o1n, r.o1v, r.o2n, r.o2v, r.attributes, r.shape, r.carat, r.related, r.gift];
const product = (sku: string, extra: Row = {}): Row => ({ sku, title: `Product ${sku}`, set: 'Rings', category: 'Rings', price: 100, ...extra });
const variant = (sku: string, parent: string, metal: string, size: string, extra: Row = {}): Row => ({ sku, parent, price: 120, o1n: 'metal', o1v: metal, o2n: 'ringSize', o2v: size, ...extra });
const sheet = (...rows: Row[]): SheetCells => [HEADER, ...rows.map(cells)];

describe('product import', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    admin = await t.login();
  }, 180_000);
  afterAll(async () => {
    await closeSheetReader();
    await t?.close();
  });

  const check = (bytes: Buffer | undefined, fileName = 'products.xlsx', cookie: string | undefined = admin) => {
    if (!bytes) {
      const boundary = '----facetnofile';
      return t.request(cookie, {
        method: 'POST',
        url: '/api/products/import/check',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    }
    const { payload, headers } = multipartBody({ fileName, bytes });
    return t.request(cookie, { method: 'POST', url: '/api/products/import/check', payload, headers });
  };
  const checked = async (bytes: Buffer, fileName = 'products.xlsx') => {
    const response = await check(bytes, fileName);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ImportCheckResponse;
  };
  const refusal = async (bytes: Buffer | undefined, fileName?: string) => {
    const response = await check(bytes, fileName);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    return response.json().error.message as string;
  };
  const liveProducts = async () => (await t.db.select({ n: count() }).from(products).where(isNull(products.deletedAt)))[0]!.n;

  const waitForJob = (id: number) => jobWhenEnded(t, admin, id);
  async function apply(token: string): Promise<JobRecord> {
    const response = await t.request(admin, { method: 'POST', url: '/api/products/import/apply', payload: { token } });
    expect(response.statusCode, response.body).toBe(202);
    return waitForJob(response.json().jobId as number);
  }

  it('refuses without a session (401) and without the products permission (403)', async () => {
    const outsider = await t.createUserWith(['categories']);
    const bytes = await xlsxFile(sheet(product('AUTH-1')));
    for (const cookie of [undefined, outsider.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await check(bytes, 'a.xlsx', cookie ?? '')).statusCode).toBe(expected);
      expect((await t.request(cookie, { method: 'GET', url: '/api/products/import/example' })).statusCode).toBe(expected);
      expect((await t.request(cookie, { method: 'POST', url: '/api/products/import/apply', payload: { token: '00000000-0000-0000-0000-000000000000' } })).statusCode).toBe(expected);
      expect((await t.request(cookie, { method: 'GET', url: '/api/products/import/00000000-0000-0000-0000-000000000000/errors' })).statusCode).toBe(expected);
    }
  });

  it('offers a real example sheet with the spec columns, which checks clean, applies as one job, then reads as unchanged', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/products/import/example' });
    expect(response.statusCode).toBe(200);
    const example = response.rawPayload;
    const read = await readSheet(example, { fileName: 'example.xlsx' });
    expect(read.headers).toEqual([...PRODUCT_SHEET_COLUMNS]);

    const before = await liveProducts();
    const result = await checked(example, 'example.xlsx');
    expect(result).toMatchObject({ lineErrorCount: 0, lineErrors: [], products: { create: 2, update: 0, unchanged: 0 }, variants: { create: 4, update: 0, unchanged: 0 } });
    // The dry run writes nothing.
    expect(await liveProducts()).toBe(before);
    // Neither product has media in its library yet.
    expect(result.skusWithoutImages).toEqual(['PEND-EX-001', 'RING-EX-100']);

    const job = await apply(result.token);
    expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', kind: 'products.import', result: { productsCreated: 2, variantsCreated: 4 } });
    expect(await liveProducts()).toBe(before + 6);

    const [ring] = await t.db.select({ id: products.id }).from(products).where(and(eq(products.sku, 'RING-EX-100'), isNull(products.deletedAt)));
    const record = (await t.request(admin, { method: 'GET', url: `/api/products/${ring!.id}` })).json() as ProductRecord;
    expect(record).toMatchObject({ name: 'Classic Solitaire Engagement Ring', attributeSetName: 'Rings', isConfigured: true, relatedProducts: [{ label: 'Diamond Solitaire Pendant - PEND-EX-001' }] });
    expect(record.categoryIds).toHaveLength(3);
    expect(record.canBeSetWith.map((row) => [row.caratFrom, row.caratTo])).toEqual([
      [0.5, 2],
      [0.5, 2],
    ]);
    expect(record.variants.map((v) => [v.sku, v.price, v.options.map((o) => o.value).join(' / ')])).toEqual([
      ['RING-EX-100-YG-L', 1200, '18ct Yellow Gold / L'],
      ['RING-EX-100-YG-N', 1200, '18ct Yellow Gold / N'],
      ['RING-EX-100-PT-L', 1450, 'Platinum / L'],
      ['RING-EX-100-PT-N', 1450, 'Platinum / N'],
    ]);
    const pendant = (await t.db.select().from(products).where(eq(products.sku, 'PEND-EX-001')))[0]!;
    // Stock above 0: ready to ship with that quantity.
    expect(pendant).toMatchObject({ isReadyToShip: true, qty: 3, isGiftCard: false, weight: '2.50', weightUnit: 'g' });

    const again = await checked(example, 'example.xlsx');
    expect(again).toMatchObject({ products: { create: 0, update: 0, unchanged: 2 }, variants: { create: 0, update: 0, unchanged: 4 } });
  });

  it('counts updates, and writes them: a changed price and a new variant of an existing product', async () => {
    const first = await checked(await xlsxFile(sheet(product('UPD-1', { price: 200 }), variant('UPD-1-A', 'UPD-1', 'Platinum', 'L'))));
    expect((await apply(first.token)).status).toBe('succeeded');
    await expectPriceOrderInSync(t.db, 'an import creating a product and a variant');
    const second = await checked(
      await xlsxFile(sheet(product('UPD-1', { price: 250, gift: 'Yes' }), variant('UPD-1-A', 'UPD-1', 'Platinum', 'L'), variant('UPD-1-B', 'UPD-1', 'Platinum', 'M', { stock: 2 }))),
    );
    expect(second).toMatchObject({ products: { create: 0, update: 1, unchanged: 0 }, variants: { create: 1, update: 0, unchanged: 1 } });
    expect((await apply(second.token)).status).toBe('succeeded');
    await expectPriceOrderInSync(t.db, 'an import changing a price and adding a variant');
    const rows = await t.db.select().from(products).where(sql`${products.sku} in ('UPD-1', 'UPD-1-B')`);
    expect(rows.find((r) => r.sku === 'UPD-1')).toMatchObject({ price: '250.00', isGiftCard: true, isConfigured: true });
    expect(rows.find((r) => r.sku === 'UPD-1-B')).toMatchObject({ qty: 2, isReadyToShip: true, name: 'Product UPD-1' });
  });

  it("an apply removes the storefront documents of the products it changed, and of those whose variants it changed or added, after it commits", async () => {
    const first = await checked(
      await xlsxFile(sheet(product('CACHE-IMP-1', { price: 200 }), product('CACHE-IMP-2'), variant('CACHE-IMP-2-A', 'CACHE-IMP-2', 'Platinum', 'L'), product('CACHE-IMP-3'), product('CACHE-IMP-4'))),
    );
    expect((await apply(first.token)).status).toBe('succeeded');
    const idOf = async (sku: string) => (await t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;
    const [changed, variantChanged, variantAdded, untouched] = await Promise.all(['CACHE-IMP-1', 'CACHE-IMP-2', 'CACHE-IMP-3', 'CACHE-IMP-4'].map(idOf));
    await generateCache(t, admin, 'products');
    expect(await cachedDocument(t, admin, 'products', changed!)).toMatchObject({ price: 200 });

    // The parents of the variants are not in the second sheet: the catalogue names them.
    const second = await checked(
      await xlsxFile(sheet(product('CACHE-IMP-1', { price: 250 }), variant('CACHE-IMP-2-A', 'CACHE-IMP-2', 'Platinum', 'L', { price: 130 }), variant('CACHE-IMP-3-A', 'CACHE-IMP-3', 'Platinum', 'M'))),
    );
    expect(second).toMatchObject({ products: { update: 1 }, variants: { create: 1, update: 1 } });
    expect((await apply(second.token)).status).toBe('succeeded');
    // The cache is told right after the job's commit, which is also when the job shows succeeded.
    await expect.poll(() => cachedDocument(t, admin, 'products', changed!), { timeout: 10_000 }).toBeNull();
    for (const id of [changed, variantChanged, variantAdded]) expect(await cachedDocument(t, admin, 'products', id!), `product ${id}`).toBeNull();
    expect(await cachedDocument(t, admin, 'products', untouched!)).toMatchObject({ sku: 'CACHE-IMP-4' });

    await generateCache(t, admin, 'products');
    expect(await cachedDocument(t, admin, 'products', changed!)).toMatchObject({ price: 250 });
    expect(((await cachedDocument(t, admin, 'products', variantChanged!))!.variants as { price: number }[])[0]!.price).toBe(130);
  });

  describe("the sheet's own messages, with real .xlsx and .xls files", () => {
    for (const [format, build] of [
      ['xlsx', xlsxFile],
      ['xls', xlsFile],
    ] as const) {
      it(`${format}: blank, invalid headers, invalid product sheet`, async () => {
        expect(await refusal(await build([]), `blank.${format}`)).toBe(MESSAGES.productSheetBlank);
        expect(await refusal(await build([HEADER]), `header-only.${format}`)).toBe(MESSAGES.productSheetBlank);
        expect(await refusal(await build([['SKU', 'Price'], ['A-1', 10]]), `no-title.${format}`)).toBe(MESSAGES.invalidHeadersInSheet);
        expect(await refusal(await build([['Colour', 'Size'], ['Red', 'L']]), `other.${format}`)).toBe(MESSAGES.invalidProductSheet);
      });
    }

    it("file required; 'The file format is not supported.'; 'Invalid file' for a corrupt file", async () => {
      expect(await refusal(undefined)).toBe(MESSAGES.required);
      const good = await xlsxFile(sheet(product('FMT-1')));
      expect(await refusal(good, 'products.csv')).toBe(MESSAGES.fileFormatNotSupported);
      expect(await refusal(Buffer.from('sku,product_title\nA,B\n'), 'products.txt')).toBe(MESSAGES.fileFormatNotSupported);
      expect(await refusal(Buffer.concat([good.subarray(0, 60), Buffer.alloc(300, 1)]), 'products.xlsx')).toBe(MESSAGES.invalidFile);
      const xls = await xlsFile(sheet(product('FMT-2')));
      expect(await refusal(xls.subarray(0, 700), 'products.xls')).toBe(MESSAGES.invalidFile);
      expect(await refusal(Buffer.alloc(0), 'empty.xlsx')).toBe(MESSAGES.productSheetBlank);
      // A zip that holds no spreadsheet is not a blank one.
      expect(await refusal(await zipOf([['data.bin', randomBytes(2048)]]), 'products.xlsx')).toBe(MESSAGES.invalidFile);
      // A small file whose one shared string fills every cell: more text than is read, refused as that.
      expect(await refusal(await sharedStringBomb('z'.repeat(30_000), 280, 8), 'products.xlsx')).toBe(MESSAGES.sheetTooMuchText);
    });
  });

  it("names every line rule as 'Line- N: messages', in an .xls as in an .xlsx, and imports nothing", async () => {
    const rows = sheet(
      /* line 2 */ { title: 'No SKU', set: 'Rings', category: 'Rings' },
      /* line 3 */ { sku: 'L-3', title: 'No set or category' },
      /* line 4 */ { sku: 'L-4' },
      /* line 5 */ variant('L-5', 'L-OK', 'Platinum', 'L', { price: '' }),
      /* line 6 */ variant('L-6', 'L-OK', 'Platinum', 'M', { price: 'abc' }),
      /* line 7 */ variant('L-7', 'L-OK', 'Platinum', '', {}),
      /* line 8 */ product('L-8', { shape: 'Round' }),
      /* line 9 */ product('L-9', { carat: '0.5-1' }),
      /* line 10 */ product('L-OK'),
      /* line 11 */ product('L-11', { set: 'No Such Set', category: 'No Such Category', attributes: 'Nope:1', related: 'NOT-A-SKU' }),
      /* line 12 */ variant('L-12', 'NO-PARENT', 'Platinum', 'L'),
      /* line 13 */ product('L-OK'),
      /* line 14 */ variant('L-14', 'L-OK', 'Unobtainium', 'L'),
      // An attribute that makes variants describes a product where its set places it (Rings), never elsewhere.
      /* line 15 */ product('L-15', { set: 'Rings', attributes: 'Bridal Shape:Oval' }),
      /* line 16 */ product('L-16', { set: 'Earrings', attributes: 'Bridal Shape:Oval' }),
    );
    const expected = [
      `Line- 2: ${MESSAGES.importSkuRequired}`,
      `Line- 3: ${MESSAGES.importAttributeSetRequired}, ${MESSAGES.importCategoryRequired}`,
      `Line- 4: ${MESSAGES.importParentSkuRequired}, ${MESSAGES.importTitleRequired}, ${MESSAGES.importAttributeSetRequired}, ${MESSAGES.importCategoryRequired}`,
      `Line- 5: ${MESSAGES.importPriceRequired}`,
      `Line- 6: ${MESSAGES.importPriceInvalid}`,
      `Line- 7: ${MESSAGES.importOptionValueRequired(2)}`,
      `Line- 8: ${MESSAGES.importCaratRequired}`,
      `Line- 9: ${MESSAGES.importShapeRequired}`,
      `Line- 11: ${[MESSAGES.importUnknown('attribute set', 'No Such Set'), MESSAGES.importUnknown('category', 'No Such Category'), MESSAGES.importUnknown('attribute', 'Nope'), MESSAGES.importUnknown('related SKU', 'not-a-sku')].join(', ')}`,
      `Line- 12: ${MESSAGES.importParentMissing('NO-PARENT')}`,
      `Line- 13: ${MESSAGES.importSkuRepeated(10)}`,
      `Line- 14: ${MESSAGES.importUnknown('option of metal', 'Unobtainium')}`,
      `Line- 16: ${MESSAGES.importAttributeMakesVariants('Bridal Shape')}`,
    ];
    const before = await liveProducts();
    for (const [name, bytes] of [
      ['lines.xlsx', await xlsxFile(rows)],
      ['lines.xls', await xlsFile(rows)],
    ] as const) {
      const result = await checked(bytes, name);
      expect(result.lineErrors, name).toEqual(expected);
      expect(result.lineErrorCount).toBe(expected.length);
      // The apply refuses a sheet with line errors.
      const applied = await t.request(admin, { method: 'POST', url: '/api/products/import/apply', payload: { token: result.token } });
      expect(applied.statusCode).toBe(400);
      expect(applied.json().error.message).toBe(expected[0]);
      // The errors download is a real .xlsx with every line.
      const download = await t.request(admin, { method: 'GET', url: `/api/products/import/${result.token}/errors` });
      expect(download.statusCode).toBe(200);
      const errorsSheet = await readSheet(download.rawPayload, { fileName: 'errors.xlsx' });
      expect(errorsSheet.rows.map((row) => row.values.message)).toEqual(expected);
    }
    expect(await liveProducts()).toBe(before);
  });

  it('a file whose 9,999th row is invalid changes nothing, and the line error names line 9,999; a forced apply job fails and writes nothing', async () => {
    const rows: Row[] = [];
    // Line 1 is the header; lines 2..10,000 are products, line 9,999 has no price-worthy number.
    for (let line = 2; line <= 10_000; line++) rows.push(product(`BIG-${line}`, line === 9_999 ? { price: 'not a price' } : {}));
    const bytes = await xlsxFile(sheet(...rows));
    const before = await liveProducts();
    const result = await checked(bytes, 'big.xlsx');
    expect(result.lineErrors).toEqual([`Line- 9999: ${MESSAGES.importPriceInvalid}`]);
    expect(result.products.create).toBe(9_998);
    const applied = await t.request(admin, { method: 'POST', url: '/api/products/import/apply', payload: { token: result.token } });
    expect(applied.statusCode).toBe(400);
    // The job checks the rows again: a clean file checked, then its kept rows swapped for the bad file's before the apply, fails whole.
    const clean = await checked(await xlsxFile(sheet(...rows.map((row, i) => (i === 9_997 ? { ...row, price: 5 } : row)))), 'big.xlsx');
    expect(clean).toMatchObject({ lineErrorCount: 0, products: { create: 9_999 } });
    fs.writeFileSync(path.join(t.config.exportsDir, 'imports', `${clean.token}.sheet`), checkedSheetText(await readSheet(bytes, { fileName: 'big.xlsx' })));
    const job = await apply(clean.token);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('Line- 9999');
    expect(await liveProducts()).toBe(before);
  }, 120_000);

  it('refuses a retry of an import whose checked file has expired, as an apply is refused, queuing nothing', async () => {
    // An import that failed, retried after the checked file's 24 hours.
    const [failed] = await t.db
      .insert(jobRuns)
      .values({ kind: 'products.import', params: { token: '11111111-1111-1111-1111-111111111111', fileName: 'old.xlsx' }, actorName: 'admin', status: 'failed', error: 'Interrupted', finishedAt: new Date() })
      .returning({ id: jobRuns.id });
    const runs = async () => (await t.db.select({ n: count() }).from(jobRuns))[0]!.n;
    const before = await runs();
    const response = await t.request(admin, { method: 'POST', url: `/api/jobs/${failed!.id}/retry` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.importCheckAgain);
    expect(await runs()).toBe(before);
  });

  it('keeps the checked files within their disk budget, letting the oldest check go first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-checked-'));
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-uploads-'));
    try {
      const diskUse = () => fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
      const checkWith = async (service: ReturnType<typeof createProductImportService>, sku: string) => {
        const file = path.join(uploads, `${sku}.xlsx`);
        fs.writeFileSync(file, await xlsxFile(sheet(product(sku))));
        return service.check({ path: file, byteSize: fs.statSync(file).size, fileName: `${sku}.xlsx` });
      };
      // One check's files (its sheet and its record), measured; the budget holds two and a half.
      const measured = await checkWith(createProductImportService(t.db, dir), 'DISK-0');
      const oneCheck = diskUse();
      fs.rmSync(path.join(dir, `${measured.token}.sheet`));
      fs.rmSync(path.join(dir, `${measured.token}.json`));
      const maxStoredBytes = Math.floor(oneCheck * 2.5);
      const service = createProductImportService(t.db, dir, { maxStoredBytes });
      const tokens: string[] = [];
      for (const sku of ['DISK-1', 'DISK-2', 'DISK-3', 'DISK-4']) {
        tokens.push((await checkWith(service, sku)).token);
        expect(diskUse()).toBeLessThanOrEqual(maxStoredBytes);
      }
      // The two newest are kept for their apply; the older ones ask to be checked again.
      for (const token of tokens.slice(0, 2)) expect(() => service.checked(token)).toThrow(MESSAGES.importCheckAgain);
      for (const token of tokens.slice(2)) expect(service.checked(token).response.token).toBe(token);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });

  it('refuses an apply of a file never checked', async () => {
    const response = await t.request(admin, { method: 'POST', url: '/api/products/import/apply', payload: { token: '00000000-0000-0000-0000-000000000000' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.importCheckAgain);
  });
});
