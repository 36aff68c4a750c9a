import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@facet/contract/messages';
import { PRICE_UPDATE_MESSAGES } from '@facet/contract/modules/product-prices/product-price.schema';
import type { PriceUpdateItem, PriceUpdateRecord, PriceUpdateStarted } from '@facet/contract/modules/product-prices/product-price.schema';
import { count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { expectPriceOrderInSync } from '../../test/price-order.ts';
import { cachedDocument, generateCache } from '../../test/storefront-cache.ts';
import { contextOfSession, jobWhenEnded, useAdminTestApp } from '../../test/test-app.ts';
import type { TestFile } from '../../test/upload.ts';
import { multipartBody } from '../../test/upload.ts';
import { products } from '../products/product.table.ts';
import { sharedStringBomb, xlsFile, xlsxFile, zipOf } from '../../spreadsheets/test-sheets.ts';
import { createProductPriceService, priceRowsOf } from './product-price.service.ts';
import { productPriceUpdates } from './product-price.table.ts';

type Cell = string | number | null;

const xlsxOf = async (rows: Cell[][]): Promise<TestFile> => ({ fileName: 'prices.xlsx', bytes: await xlsxFile(rows, 'Prices') });
/** A real legacy .xls (BIFF8), from SheetJS's writer. */
const xlsOf = async (rows: Cell[][]): Promise<TestFile> => ({ fileName: 'prices.xls', bytes: await xlsFile(rows, 'Prices') });

describe('product price update', () => {
  const fx = useAdminTestApp();
  let setId: number;
  let skuCounter = 0;

  /** Live products with these prices (a parent and, when asked, a variant under it); returns their SKUs. */
  async function makeProducts(prices: number[]): Promise<string[]> {
    const skus = prices.map(() => `PRICE-${++skuCounter}`);
    await fx.t.db.insert(products).values(prices.map((price, index) => ({ attributeSetId: setId, name: `Ring ${skus[index]}`, sku: skus[index]!, modelNumber: skus[index]!, price: String(price) })));
    return skus;
  }
  const priceOf = async (sku: string) => Number((await fx.t.db.select({ price: products.price }).from(products).where(eq(products.sku, sku)))[0]!.price);
  const pricesOf = (skus: string[]) => Promise.all(skus.map(priceOf));
  const runCount = async () => (await fx.t.db.select({ n: count() }).from(productPriceUpdates))[0]!.n;

  const send = (file: TestFile, cookie: string | undefined = fx.admin) => {
    const { payload, headers } = multipartBody(file);
    return fx.t.request(cookie, { method: 'POST', url: '/api/product-prices', payload, headers });
  };

  const waitForJob = (id: number) => jobWhenEnded(fx.t, fx.admin, id, 30_000);

  /** Uploads a sheet that must be accepted, waits for its job, and returns the run. */
  async function update(file: TestFile): Promise<PriceUpdateRecord> {
    const response = await send(file);
    expect(response.statusCode, response.body).toBe(202);
    const started = response.json() as PriceUpdateStarted;
    const job = await waitForJob(started.jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ message: PRICE_UPDATE_MESSAGES.updated });
    return (await fx.t.request(fx.admin, { method: 'GET', url: `/api/product-prices/${started.update.id}` })).json() as PriceUpdateRecord;
  }

  /** Sends a sheet that must be refused with `message`, and checks nothing was stored or changed. */
  async function expectRefused(file: TestFile, status: number, message: string, untouched: string[] = []) {
    const before = { runs: await runCount(), prices: await pricesOf(untouched) };
    const response = await send(file);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await runCount()).toBe(before.runs);
    expect(await pricesOf(untouched)).toEqual(before.prices);
    return response.json().error as { message: string; issues?: { path: string[]; message: string }[] };
  }

  beforeAll(async () => {
    const set = await fx.t.request(fx.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: 'Rings', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } });
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json().id;
  });

  describe('the sheet rules (each message, with real .xlsx and .xls files)', () => {
    for (const [kind, build] of [
      ['xlsx', xlsxOf],
      ['xls', xlsOf],
    ] as const) {
      it(`refuses a ${kind} whose second header is not price`, async () => {
        const skus = await makeProducts([10]);
        await expectRefused(await build([['sku', 'cost'], [skus[0]!, 12]]), 400, PRICE_UPDATE_MESSAGES.invalidHeaders, skus);
        await expectRefused(await build([['price', 'sku'], [12, skus[0]!]]), 400, PRICE_UPDATE_MESSAGES.invalidHeaders, skus);
      });

      it(`refuses a blank ${kind} (an empty sheet, headers only, or blank rows)`, async () => {
        await expectRefused(await build([]), 400, PRICE_UPDATE_MESSAGES.blankSheet);
        await expectRefused(await build([['sku', 'price']]), 400, PRICE_UPDATE_MESSAGES.blankSheet);
        await expectRefused(await build([['sku', 'price'], [null, null], ['', '']]), 400, PRICE_UPDATE_MESSAGES.blankSheet);
      });

      it(`names every ${kind} row without a SKU or a numeric price, and changes nothing`, async () => {
        const skus = await makeProducts([10, 20, 30, 40, 50]);
        const [good, text, blank, negative, decimals] = skus as [string, string, string, string, string];
        const file = await build([['sku', 'price'], [good, 11], [text, 'abc'], [blank, null], [null, 15], [negative, -1], [decimals, 1.234]]);
        await expectRefused(file, 400, PRICE_UPDATE_MESSAGES.invalidPrices([text, blank, PRICE_UPDATE_MESSAGES.lineWithoutSku(5), negative, decimals]), skus);
      });

      it(`lists a ${kind}'s unknown SKUs, all of them as issues to copy, and updates none of the known ones`, async () => {
        const skus = await makeProducts([10, 20]);
        const error = await expectRefused(
          await build([['sku', 'price'], [skus[0]!, 99], ['NOPE-1', 5], [skus[1]!, 98], ['NOPE-2', 6]]),
          400,
          PRICE_UPDATE_MESSAGES.invalidSkus(['NOPE-1', 'NOPE-2']),
          skus,
        );
        expect(error.issues?.map((issue) => issue.message)).toEqual(['NOPE-1', 'NOPE-2']);
      });
    }

    it('refuses a file that is not a spreadsheet, and a broken spreadsheet', async () => {
      await expectRefused({ fileName: 'prices.csv', bytes: Buffer.from('sku,price\nA,1\n') }, 400, MESSAGES.fileFormatNotSupported);
      await expectRefused({ fileName: 'prices.xlsx', bytes: Buffer.from('this is not a zip file at all') }, 400, MESSAGES.invalidFile);
      // A zip that holds no spreadsheet is not a blank one.
      await expectRefused({ fileName: 'prices.xlsx', bytes: await zipOf([['data.bin', randomBytes(2048)]]) }, 400, MESSAGES.invalidFile);
      // A small file whose one shared string fills every cell: more text than a price sheet has.
      await expectRefused({ fileName: 'prices.xlsx', bytes: await sharedStringBomb('9'.repeat(30_000), 100, 8) }, 400, MESSAGES.sheetTooMuchText);
    });

    it('needs a file', async () => {
      const response = await fx.t.request(fx.admin, { method: 'POST', url: '/api/product-prices', payload: { sku: 'A' } });
      expect(response.statusCode).toBe(415);
    });

    it('takes the last row of a SKU given twice (any case) and reads prices given as text', () => {
      const rows = priceRowsOf({
        headers: ['sku', 'price'],
        rows: [
          { line: 2, values: { sku: 'abc-1', price: '5' } },
          { line: 3, values: { sku: ' ABC-1 ', price: '7.5' } },
          { line: 4, values: { sku: 'XYZ', price: '0' } },
        ],
      });
      expect(rows).toEqual([
        { sku: 'ABC-1', price: '7.5' },
        { sku: 'XYZ', price: '0' },
      ]);
    });
  });

  describe('applying', () => {
    it('updates every price of an .xls as one job, keeping the prices it replaced', async () => {
      const skus = await makeProducts([100, 200, 300]);
      const run = await update(await xlsOf([['sku', 'price'], [skus[0]!.toLowerCase(), 150.5], [skus[1]!, '250'], [skus[2]!, 300]]));
      expect(run).toMatchObject({ state: 'applied', itemCount: 3, fileName: 'prices.xls', createdByName: expect.any(String) });
      expect(await pricesOf(skus)).toEqual([150.5, 250, 300]);
      // The list's price order (product_price_order, kept by a trigger on products) follows.
      await expectPriceOrderInSync(fx.t.db, 'a price update');
      const items = (await fx.t.request(fx.admin, { method: 'GET', url: `/api/product-prices/${run.id}/items` })).json().items as PriceUpdateItem[];
      expect(items.map(({ sku, priceBefore, priceAfter }) => ({ sku, priceBefore, priceAfter }))).toEqual([
        { sku: skus[0], priceBefore: 100, priceAfter: 150.5 },
        { sku: skus[1], priceBefore: 200, priceAfter: 250 },
        { sku: skus[2], priceBefore: 300, priceAfter: 300 },
      ]);
      // Only a changed price moves its product's version (an open form then gets the stale-version 409).
      const versions = await fx.t.db.select({ sku: products.sku, version: products.version }).from(products).where(inArray(products.sku, skus));
      expect(Object.fromEntries(versions.map((v) => [v.sku, v.version]))).toEqual({ [skus[0]!]: 2, [skus[1]!]: 2, [skus[2]!]: 1 });
      const audits = await fx.t.db.select().from(auditLog).where(sql`${auditLog.entity} = 'product_prices' and ${auditLog.entityId} = ${String(run.id)}`);
      expect(audits.map((a) => a.action)).toEqual(['bulk-update']);
    });

    it('keeps as "before" the price at the apply, when it changed after the upload, so a rollback restores that one', async () => {
      const skus = await makeProducts([10, 20]);
      const service = createProductPriceService(fx.t.db);
      const context = await contextOfSession(fx.t, fx.admin);
      const staged = await service.stage({ headers: ['sku', 'price'], rows: skus.map((sku, i) => ({ line: i + 2, values: { sku, price: '11' } })) }, 'prices.xlsx', context);
      // Pending: the "before" is not known yet.
      expect((await service.items(staged.id, { page: 1, pageSize: 10 })).items.map((item) => item.priceBefore)).toEqual([null, null]);
      await fx.t.db.update(products).set({ price: '25' }).where(eq(products.sku, skus[1]!));
      await fx.t.db.transaction((tx) => service.apply(tx, staged.id, context));
      const items = (await service.items(staged.id, { page: 1, pageSize: 10 })).items;
      expect(Object.fromEntries(items.map(({ sku, priceBefore, priceAfter }) => [sku, { priceBefore, priceAfter }]))).toEqual({
        [skus[0]!]: { priceBefore: 10, priceAfter: 11 },
        [skus[1]!]: { priceBefore: 25, priceAfter: 11 },
      });
      await service.rollback(staged.id, context);
      expect(await pricesOf(skus)).toEqual([10, 25]);
    });

    it('fails the whole apply, changing nothing, when a SKU was deleted between upload and apply', async () => {
      const skus = await makeProducts([10, 20]);
      const service = createProductPriceService(fx.t.db);
      const context = await contextOfSession(fx.t, fx.admin);
      const staged = await service.stage({ headers: ['sku', 'price'], rows: skus.map((sku, i) => ({ line: i + 2, values: { sku, price: '11' } })) }, 'prices.xlsx', context);
      await fx.t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.sku, skus[1]!));
      await expect(fx.t.db.transaction((tx) => service.apply(tx, staged.id, context))).rejects.toThrow(PRICE_UPDATE_MESSAGES.invalidSkus([skus[1]!]));
      expect(await priceOf(skus[0]!)).toBe(10);
      expect((await service.get(staged.id)).state).toBe('pending');
    });
  });

  describe('retrying from the Job Centre', () => {
    it("makes the new job the update's run, so its screen follows that job, which applies the prices", async () => {
      const skus = await makeProducts([10]);
      const service = createProductPriceService(fx.t.db);
      const context = await contextOfSession(fx.t, fx.admin);
      const staged = await service.stage({ headers: ['sku', 'price'], rows: [{ line: 2, values: { sku: skus[0]!, price: '12' } }] }, 'prices.xlsx', context);
      // Its first job was killed mid-apply: marked failed at the next start, nothing applied.
      const [failed] = await fx.t.db
        .insert(jobRuns)
        .values({ kind: 'product-prices.update', params: { updateId: staged.id }, actorId: context.actor.id, actorName: context.actor.name, status: 'failed', error: 'Interrupted', finishedAt: new Date() })
        .returning({ id: jobRuns.id });
      await service.attachJob(staged.id, failed!.id);

      const retried = await fx.t.request(fx.admin, { method: 'POST', url: `/api/jobs/${failed!.id}/retry` });
      expect(retried.statusCode, retried.body).toBe(201);
      const jobId = (retried.json() as { id: number }).id;
      expect((await service.get(staged.id)).jobId).toBe(jobId);
      expect((await waitForJob(jobId)).status).toBe('succeeded');
      expect(await priceOf(skus[0]!)).toBe(12);
      expect((await service.get(staged.id)).state).toBe('applied');
    });
  });

  describe('rolling back', () => {
    const rollback = (id: number, cookie: string = fx.admin) => fx.t.request(cookie, { method: 'POST', url: `/api/product-prices/${id}/rollback` });

    it('restores the replaced prices in one click, once', async () => {
      const skus = await makeProducts([100, 200]);
      const run = await update(await xlsxOf([['sku', 'price'], [skus[0]!, 110], [skus[1]!, 220]]));
      const response = await rollback(run.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ state: 'rolled_back', rolledBackByName: expect.any(String) });
      expect(await pricesOf(skus)).toEqual([100, 200]);
      await expectPriceOrderInSync(fx.t.db, 'a rollback');
      const again = await rollback(run.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(PRICE_UPDATE_MESSAGES.alreadyRolledBack);
    });

    it('refuses (409, writing nothing) when a price was changed since by something else', async () => {
      const skus = await makeProducts([100, 200]);
      const run = await update(await xlsxOf([['sku', 'price'], [skus[0]!, 110], [skus[1]!, 220]]));
      await fx.t.db.update(products).set({ price: '999' }).where(eq(products.sku, skus[1]!));
      const response = await rollback(run.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(PRICE_UPDATE_MESSAGES.changedSince([skus[1]!]));
      expect(await pricesOf(skus)).toEqual([110, 999]);
      expect((await fx.t.request(fx.admin, { method: 'GET', url: `/api/product-prices/${run.id}` })).json().state).toBe('applied');
    });

    it('refuses when a later update set the same price again, until that one is rolled back', async () => {
      const skus = await makeProducts([100]);
      const first = await update(await xlsxOf([['sku', 'price'], [skus[0]!, 110]]));
      const second = await update(await xlsxOf([['sku', 'price'], [skus[0]!, 110]]));
      const refused = await rollback(first.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(PRICE_UPDATE_MESSAGES.changedSince(skus));
      expect((await rollback(second.id)).statusCode).toBe(200);
      expect((await rollback(first.id)).statusCode).toBe(200);
      expect(await priceOf(skus[0]!)).toBe(100);
    });

    it('lists the runs newest first', async () => {
      const list = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/product-prices?page=1&pageSize=2' })).json() as { items: PriceUpdateRecord[]; total: number };
      expect(list.items).toHaveLength(2);
      expect(list.total).toBeGreaterThan(2);
      expect(list.items[0]!.id).toBeGreaterThan(list.items[1]!.id);
    });
  });

  describe('the storefront cache', () => {
    const idOf = async (sku: string) => (await fx.t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;
    const priceInCache = async (id: number) => (await cachedDocument(fx.t, fx.admin, 'products', id))?.price ?? null;

    it('an applied update, and its rollback, remove the documents of the products whose prices they changed', async () => {
      const [changed, variantOwner, untouched] = await makeProducts([100, 200, 300]);
      const [ownerId, untouchedId, changedId] = [await idOf(variantOwner!), await idOf(untouched!), await idOf(changed!)];
      const variantSku = `${variantOwner}-V`;
      await fx.t.db.insert(products).values({ attributeSetId: setId, parentProductId: ownerId, name: 'Ring variant', sku: variantSku, price: '210' });
      await generateCache(fx.t, fx.admin, 'products');
      expect(await priceInCache(changedId)).toBe(100);

      // A variant's new price is in its product's document: that one goes too.
      const run = await update(await xlsxOf([['sku', 'price'], [changed!, 110], [variantSku, 220]]));
      // The job's event is delivered once its transaction (the prices and the job's success) committed.
      await expect.poll(() => cachedDocument(fx.t, fx.admin, 'products', changedId), { timeout: 10_000 }).toBeNull();
      expect(await cachedDocument(fx.t, fx.admin, 'products', ownerId)).toBeNull();
      expect(await priceInCache(untouchedId)).toBe(300);

      await generateCache(fx.t, fx.admin, 'products');
      expect(await priceInCache(changedId)).toBe(110);
      expect(((await cachedDocument(fx.t, fx.admin, 'products', ownerId))!.variants as { price: number }[])[0]!.price).toBe(220);
      expect((await fx.t.request(fx.admin, { method: 'POST', url: `/api/product-prices/${run.id}/rollback` })).statusCode).toBe(200);
      // The rollback's event, delivered once it committed.
      await expect.poll(() => cachedDocument(fx.t, fx.admin, 'products', changedId), { timeout: 10_000 }).toBeNull();
      expect(await cachedDocument(fx.t, fx.admin, 'products', ownerId)).toBeNull();
      expect(await priceInCache(untouchedId)).toBe(300);
    });
  });

  describe('the example sheet', () => {
    it('is an .xlsx whose headers are sku and price', async () => {
      const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/product-prices/example' });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, 'sku', 'price']);
    });
  });

  describe('permissions', () => {
    it('asks for a session (401) and the products permission (403) on every route', async () => {
      const other = await fx.t.createUserWith(['system']);
      const file = await xlsxOf([['sku', 'price'], ['A', 1]]);
      const { payload, headers } = multipartBody(file);
      const calls = [
        { method: 'POST' as const, url: '/api/product-prices', payload, headers },
        { method: 'GET' as const, url: '/api/product-prices' },
        { method: 'GET' as const, url: '/api/product-prices/example' },
        { method: 'GET' as const, url: '/api/product-prices/1' },
        { method: 'GET' as const, url: '/api/product-prices/1/items' },
        { method: 'POST' as const, url: '/api/product-prices/1/rollback' },
      ];
      for (const call of calls) {
        expect((await fx.t.request(undefined, call)).statusCode, call.url).toBe(401);
        expect((await fx.t.request(other.cookie, call)).statusCode, call.url).toBe(403);
      }
      const staff = await fx.t.createUserWith(['products']);
      expect((await fx.t.request(staff.cookie, { method: 'GET', url: '/api/product-prices' })).statusCode).toBe(200);
    });
  });
});
