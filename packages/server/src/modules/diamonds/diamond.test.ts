import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { MESSAGES } from '@facet/contract/messages';
import { DIAMOND_MESSAGES, EXCHANGE_RATE_SETTING_KEYS } from '@facet/contract/modules/diamonds/diamond.schema';
import type { DiamondListRow, DiamondRecord, FeedRunRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { eventDeliveries, eventOutbox } from '../../events/event.table.ts';
import { eventsDelivered } from '../../test/events.ts';
import { jobWhenEnded, useAdminTestApp } from '../../test/test-app.ts';
import { diamondMarkups } from '../diamond-markups/diamond-markup.table.ts';
import { diamondShapes } from '../diamond-shapes/diamond-shape.table.ts';
import { shapeCategories } from '../diamond-shapes/shape-category.table.ts';
import { settings } from '../settings/setting.table.ts';
import { EMPTY_FULL_READ, ingestStones } from './feed/diamond-ingest.ts';
import { diamondFeedRuns, diamondFeedStaging, diamonds } from './diamond.table.ts';
import { createTestFeed, feedStone } from './feed/test-stone-feed.ts';
import type { TestFeed } from './feed/test-stone-feed.ts';

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

describe('diamonds', () => {
  const fx = useAdminTestApp();
  let feed: TestFeed;
  let roundShapeId: number;

  beforeAll(async () => {
    const db = fx.t.db;
    const categories = await db.select().from(shapeCategories);
    const round = categories.find((c) => c.code === 'round')!;
    const fancy = categories.find((c) => c.code === 'fancy')!;
    const [shape] = await db.insert(diamondShapes).values({ name: 'Round', shapeCategoryId: round.id }).returning({ id: diamondShapes.id });
    roundShapeId = shape!.id;
    await db.insert(diamondShapes).values({ name: 'Cushion', shapeCategoryId: fancy.id });
    await db.insert(diamondMarkups).values([
      { fromCarat: 0.3, toCarat: 0.999, markupType: 'percentage', markup: 50, fixCost: 40, isLabDiamond: false, shapeCategoryId: round.id },
      { fromCarat: 1, toCarat: 1.499, markupType: 'percentage', markup: 45, fixCost: 50, isLabDiamond: false, shapeCategoryId: round.id },
      { fromCarat: 0.3, toCarat: 2.999, markupType: 'amount', markup: 300, fixCost: 15, isLabDiamond: true, shapeCategoryId: round.id },
      { fromCarat: 0.3, toCarat: 2.999, markupType: 'percentage', markup: 60, fixCost: 20, isLabDiamond: false, shapeCategoryId: fancy.id },
    ]);
    await db.insert(settings).values([
      { title: 'rate', key: EXCHANGE_RATE_SETTING_KEYS.rate, value: '0.79' },
      { title: 'rate date', key: EXCHANGE_RATE_SETTING_KEYS.date, value: '2026-11-20' },
    ]);
    feed = createTestFeed();
    fx.t.app.stoneFeed = feed;
  });

  const get = (url: string, cookie = fx.admin) => fx.t.request(cookie, { method: 'GET', url });
  const post = (url: string, payload?: unknown, cookie = fx.admin) => fx.t.request(cookie, { method: 'POST', url, ...(payload !== undefined && { payload: payload as object }) });
  const rowOf = async (source: string, sourceId: string) => (await fx.t.db.select().from(diamonds).where(sql`${diamonds.source} = ${source} and ${diamonds.sourceId} = ${sourceId}`))[0];
  const snapshot = async () => ((await fx.t.db.execute(sql`select id, version, price, is_unavailable, is_sold from diamonds order by id`)) as unknown as { rows: unknown[] }).rows;

  const waitForJob = (id: number) => jobWhenEnded(fx.t, fx.admin, id, 30_000);

  describe('ingest', () => {
    it('adds new stones priced in the same statement, changes only what changed, and sweeps on a full read', async () => {
      const source = 'ingest-a';
      const a = feedStone({ supplierPrice: '4120.00' });
      const b = feedStone({ shape: 'CUSHION MODIFIED', carat: 1.2, supplierPrice: '1000' });
      const c = feedStone({ carat: 4.5 });
      const first = await ingestStones(fx.t.db, source, batchesOf([a, b], [c]), { mode: 'full', kind: 'natural' });
      expect(first).toEqual({ total: 3, added: 3, updated: 0, repriced: 0, removed: 0, rejected: 0, unchanged: 0 });
      const stored = await rowOf(source, a.sourceId);
      expect(stored).toMatchObject({ price: '4769', unpricedReason: null, shapeId: roundShapeId, carat: '1.010', color: 'G', cut: 'EX', isUnavailable: false });
      expect(stored!.name).toBe('1.01 ct Round G VS1 Excellent Natural Diamond');
      // Cushion modified is the shop's Cushion (Fancy): 1000 × 0.79 = 790 × 1.6 + 20 = 1284.
      expect((await rowOf(source, b.sourceId))!.price).toBe('1284');
      // 4.5 ct: no band, not for sale.
      expect(await rowOf(source, c.sourceId)).toMatchObject({ price: null, unpricedReason: 'no_band' });

      // The same read again changes nothing, and no version moves.
      const before = await snapshot();
      expect(await ingestStones(fx.t.db, source, batchesOf([a, b, c]), { mode: 'full', kind: 'natural' })).toMatchObject({ added: 0, updated: 0, removed: 0 });
      expect(await snapshot()).toEqual(before);

      // A new price and a lost stone: one updated and repriced, one swept (kept, unavailable).
      const cheaper = { ...a, supplierPrice: '4000.00' };
      expect(await ingestStones(fx.t.db, source, batchesOf([cheaper, b]), { mode: 'full', kind: 'natural' })).toMatchObject({ added: 0, updated: 1, repriced: 1, removed: 1 });
      expect((await rowOf(source, c.sourceId))!.isUnavailable).toBe(true);
      // An incremental read never sweeps; a stone offered again is available again.
      expect(await ingestStones(fx.t.db, source, batchesOf([c]), { mode: 'incremental', kind: 'natural' })).toMatchObject({ updated: 1, removed: 0 });
      expect((await rowOf(source, c.sourceId))!.isUnavailable).toBe(false);
    });

    it('keeps the last of a stone sent twice in one read (the feed paged under it), whether new or stored', async () => {
      const source = 'ingest-twice';
      const a = feedStone({ supplierPrice: '1000' });
      const b = feedStone({});
      // New: one row, with the later of its two supplier prices.
      const first = await ingestStones(fx.t.db, source, batchesOf([a, b], [{ ...a, supplierPrice: '2000' }]), { mode: 'full', kind: 'natural' });
      expect(first).toMatchObject({ total: 3, added: 2, updated: 0 });
      expect((await rowOf(source, a.sourceId))!.supplierPrice).toBe('2000.00');
      // Stored: updated once, to the later of the two.
      const again = await ingestStones(fx.t.db, source, batchesOf([{ ...b, supplierPrice: '3000' }], [a, { ...b, supplierPrice: '1500' }]), { mode: 'full', kind: 'natural' });
      expect(again).toMatchObject({ total: 3, added: 0, updated: 2, repriced: 2, removed: 0 });
      expect((await rowOf(source, b.sourceId))!.supplierPrice).toBe('1500.00');
      expect((await rowOf(source, a.sourceId))!.supplierPrice).toBe('1000.00');
    });

    it('tells a changed stone by its feed columns: a stone without their digest (stored before it) is written once, the rest are left alone', async () => {
      const source = 'ingest-digest';
      const [a, b] = [feedStone({}), feedStone({ clarity: 'VVS2' })];
      await ingestStones(fx.t.db, source, batchesOf([a, b]), { mode: 'full', kind: 'natural' });
      await fx.t.db.update(diamonds).set({ feedHash: null }).where(sql`${diamonds.source} = ${source} and ${diamonds.sourceId} = ${a.sourceId}`);
      const versionOf = async (sourceId: string) => (await rowOf(source, sourceId))!.version;
      const [aBefore, bBefore] = [await versionOf(a.sourceId), await versionOf(b.sourceId)];
      expect(await ingestStones(fx.t.db, source, batchesOf([a, b]), { mode: 'full', kind: 'natural' })).toMatchObject({ added: 0, updated: 1, repriced: 0 });
      expect([await versionOf(a.sourceId), await versionOf(b.sourceId)]).toEqual([aBefore + 1, bBefore]);
      expect((await rowOf(source, a.sourceId))!.feedHash).not.toBeNull();
      // A change to any feed column (here the girdle, in no other test) is a change.
      expect(await ingestStones(fx.t.db, source, batchesOf([{ ...b, girdle: 'THIN' }]), { mode: 'incremental', kind: 'natural' })).toMatchObject({ updated: 1 });
      expect((await rowOf(source, b.sourceId))!.girdle).toBe('THIN');
    });

    it('stages none of the stones a full read finds as the table holds them (a nightly sync with nothing changed writes nothing), and still sweeps and remaps', async () => {
      const source = 'ingest-unchanged';
      const [a, b, c] = [feedStone({}), feedStone({ clarity: 'VVS2' }), feedStone({ shape: 'OVAL', carat: 1.2 })];
      await ingestStones(fx.t.db, source, batchesOf([a, b, c]), { mode: 'full', kind: 'natural' });
      expect((await rowOf(source, c.sourceId))!.shapeId).toBeNull();
      let stagedAtMerge = -1;
      const countStaged = { inTransaction: async (tx: typeof fx.t.db) => void (stagedAtMerge = await tx.$count(diamondFeedStaging)) };

      const before = await snapshot();
      expect(await ingestStones(fx.t.db, source, batchesOf([a], [b, c]), { mode: 'full', kind: 'natural' }, countStaged)).toMatchObject({ total: 3, unchanged: 3, added: 0, updated: 0, removed: 0 });
      expect(stagedAtMerge).toBe(0);
      expect(await snapshot()).toEqual(before);

      // The shop adds the shape Oval: its stone is staged and mapped to it though the feed sent it unchanged; b, no longer sent, is swept.
      const [oval] = await fx.t.db.insert(diamondShapes).values({ name: 'Oval', shapeCategoryId: (await fx.t.db.select().from(shapeCategories)).find((x) => x.code === 'fancy')!.id }).returning();
      expect(await ingestStones(fx.t.db, source, batchesOf([a, c]), { mode: 'full', kind: 'natural' }, countStaged)).toMatchObject({ total: 2, unchanged: 1, updated: 1, removed: 1 });
      expect(stagedAtMerge).toBe(1);
      expect((await rowOf(source, c.sourceId))!.shapeId).toBe(oval!.id);
      expect((await rowOf(source, b.sourceId))!.isUnavailable).toBe(true);
    });

    it('sweeps only the kind it read: a full natural read leaves lab stones alone', async () => {
      const source = 'ingest-kinds';
      const natural = feedStone({});
      const lab = feedStone({ isLabGrown: true });
      await ingestStones(fx.t.db, source, batchesOf([natural, lab]), { mode: 'incremental', kind: 'natural' });
      const other = feedStone({});
      expect(await ingestStones(fx.t.db, source, batchesOf([other]), { mode: 'full', kind: 'natural' })).toMatchObject({ added: 1, removed: 1 });
      expect((await rowOf(source, lab.sourceId))!.isUnavailable).toBe(false);
      expect((await rowOf(source, natural.sourceId))!.isUnavailable).toBe(true);
    });

    it('stores feed text exactly, whatever its characters (quotes, backslashes, braces, commas, the word NULL, tabs, line breaks, COPY escapes)', async () => {
      const source = 'ingest-text';
      const odd = feedStone({
        stockId: 'A"B\\C{D},E',
        vendor: 'NULL',
        girdle: ' "quoted" \\" ',
        gemType: null,
        certificateNumber: 'x,y}{',
        lab: '\\N',
        color: 'D\tE',
        clarity: 'VS\\t1',
        fluorescence: 'NONE\\',
        imageUrl: 'https://img.example/a\rb\nc.jpg',
        videoUrl: '\\.',
      });
      await ingestStones(fx.t.db, source, batchesOf([odd]), { mode: 'incremental', kind: 'natural' });
      expect(await rowOf(source, odd.sourceId)).toMatchObject({
        stockId: 'A"B\\C{D},E',
        vendor: 'NULL',
        girdle: '"quoted" \\"',
        gemType: null,
        certificate: 'x,y}{',
        lab: '\\N',
        color: 'D\tE',
        clarity: 'VS\\T1',
        fluorescence: 'NONE\\',
        image: 'https://img.example/a\rb\nc.jpg',
        video: '\\.',
      });
    });

    it('drops NUL characters from feed text rather than failing the read (no PostgreSQL text holds one)', async () => {
      const source = 'ingest-nul';
      const stone = feedStone({ vendor: 'Mumbai\0 Gems', girdle: '\0' });
      expect(await ingestStones(fx.t.db, source, batchesOf([stone]), { mode: 'incremental', kind: 'natural' })).toMatchObject({ added: 1, rejected: 0 });
      expect(await rowOf(source, stone.sourceId)).toMatchObject({ vendor: 'Mumbai Gems', girdle: null });
    });

    it('leaves out a stone whose values fit no column, and keeps the rest', async () => {
      const source = 'ingest-bad';
      const good = feedStone({});
      const counts = await ingestStones(
        fx.t.db,
        source,
        batchesOf([good, feedStone({ carat: 5000 }), feedStone({ supplierPrice: 'abc' }), feedStone({ depthPercent: Number.NaN }), feedStone({ sourceId: '  ' })]),
        { mode: 'incremental', kind: 'natural' },
      );
      expect(counts).toMatchObject({ added: 1, rejected: 4 });
    });

    it('is all or nothing: a feed failing mid-read, or a failure inside the merge, leaves the table as it was', async () => {
      const source = 'ingest-fail';
      await ingestStones(fx.t.db, source, batchesOf([feedStone({}), feedStone({})]), { mode: 'full', kind: 'natural' });
      const before = await snapshot();
      async function* dying() {
        yield [feedStone({})];
        throw new Error('connection reset');
      }
      await expect(ingestStones(fx.t.db, source, dying(), { mode: 'full', kind: 'natural' })).rejects.toThrow('connection reset');
      await expect(
        ingestStones(fx.t.db, source, batchesOf([feedStone({})]), { mode: 'full', kind: 'natural' }, {
          inTransaction: async () => {
            throw new Error('killed');
          },
        }),
      ).rejects.toThrow('killed');
      // A full read that brought nothing would sweep everything: refused.
      await expect(ingestStones(fx.t.db, source, batchesOf<never>(), { mode: 'full', kind: 'natural' })).rejects.toThrow(EMPTY_FULL_READ);
      expect(await snapshot()).toEqual(before);
      const staged = (await fx.t.db.execute(sql`select count(*)::int as n from diamond_feed_staging`)) as unknown as { rows: { n: number }[] };
      expect(staged.rows[0]!.n).toBe(0);
    });
  });

  describe('API', () => {
    let natural: ReturnType<typeof feedStone>;
    let lab: ReturnType<typeof feedStone>;
    let gem: ReturnType<typeof feedStone>;

    beforeAll(async () => {
      natural = feedStone({ stockId: 'NAT-ALPHA-1', certificateNumber: 'GIA7788990011', color: 'D', clarity: 'IF' });
      lab = feedStone({ stockId: 'LAB-BETA-2', isLabGrown: true, certificateNumber: 'LG55501', carat: 2.05, supplierPrice: '900' });
      gem = feedStone({ stockId: 'GEM-SAPH-3', isGemstone: true, gemType: 'Sapphire', color: 'BLUE', clarity: null, cut: null, certificateNumber: 'GRS2201' });
      const pullOnly = feedStone({ stockId: 'PULL-ME', certificateNumber: 'PULL123456' });
      feed.stones = [natural, lab, gem];
      await ingestStones(fx.t.db, feed.source, batchesOf(feed.stones), { mode: 'incremental', kind: 'natural' });
      feed.stones = [natural, lab, gem, pullOnly];
    });

    it('needs a session (401) and the diamonds or system permission (403) on every route', async () => {
      const outsider = await fx.t.createUserWith(['products']);
      const diamondsOnly = await fx.t.createUserWith(['diamonds']);
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/diamonds'],
        ['GET', '/api/diamonds/unpriced-count'],
        ['GET', '/api/diamonds/1'],
        ['POST', '/api/diamonds/1/sold', { isSold: true }],
        ['POST', '/api/diamonds/pull', { certificate: 'X1' }],
        ['POST', '/api/diamonds/reprice'],
        ['GET', '/api/diamonds/exchange-rate'],
        ['PUT', '/api/diamonds/exchange-rate', { rate: '0.8', date: '2026-11-21' }],
        ['POST', '/api/diamonds/bulk', { action: 'export', filters: {} }],
        ['GET', '/api/nivoda-logs'],
        ['GET', '/api/nivoda-services'],
        ['POST', '/api/nivoda-services/natural/start', { mode: 'full' }],
        ['POST', '/api/nivoda-services/natural/stop'],
        ['GET', '/api/nivoda-settings'],
        ['PUT', '/api/nivoda-settings', { username: 'u', endpoint: '', incrementalMinutes: 60, fullSyncHours: 24 }],
      ];
      const systemOnly = new Set(['/api/nivoda-logs', '/api/nivoda-services', '/api/nivoda-services/natural/start', '/api/nivoda-services/natural/stop', '/api/nivoda-settings']);
      for (const [method, url, payload] of routes) {
        const options = { method: method as 'GET', url, ...(payload !== undefined && { payload: payload as object }) };
        expect((await fx.t.request(undefined, options)).statusCode, `${method} ${url}`).toBe(401);
        expect((await fx.t.request(outsider.cookie, options)).statusCode, `${method} ${url}`).toBe(403);
        const isSystem = systemOnly.has(url) || (method === 'PUT' && url === '/api/diamonds/exchange-rate');
        if (isSystem) expect((await fx.t.request(diamondsOnly.cookie, options)).statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('lists diamonds (not gemstones) by default, 20 a page, with the spec columns', async () => {
      const response = await get('/api/diamonds');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items: DiamondListRow[]; pageSize: number };
      expect(body.pageSize).toBe(20);
      expect(body.items.some((row) => row.isGemstone)).toBe(false);
      const row = body.items.find((item) => item.sku === 'NAT-ALPHA-1')!;
      expect(row).toMatchObject({ certificate: 'GIA7788990011', vendor: 'Antwerp Brilliant', price: 4769, carat: 1.01, isLab: false, image: 'https://images.example.com/stone.jpg' });
      const gems = (await get('/api/diamonds?type=gemstone')).json() as { items: DiamondListRow[] };
      expect(gems.items.map((item) => item.sku)).toContain('GEM-SAPH-3');
      expect(gems.items.every((item) => item.isGemstone)).toBe(true);
    });

    it('lists earth mined diamonds when the query names no type (document 2 §9); lab grown ones when asked', async () => {
      const skus = async (query: string) => ((await get(`/api/diamonds?${query}`)).json() as { items: DiamondListRow[] }).items.map((row) => row.sku);
      const byDefault = await skus('');
      expect(byDefault).toContain('NAT-ALPHA-1');
      expect(byDefault).not.toContain('LAB-BETA-2');
      expect(await skus('sku=beta')).toEqual([]);
      expect(await skus('sku=beta&diamondType=lab')).toEqual(['LAB-BETA-2']);
      expect(await skus('sku=alpha&diamondType=earth')).toEqual(['NAT-ALPHA-1']);
      // Gemstones have no type.
      expect(await skus('type=gemstone&sku=saph')).toEqual(['GEM-SAPH-3']);
    });

    it('filters by type, certificate, SKU, price, shape, colour, clarity, cut and weight', async () => {
      const skus = async (query: string) => ((await get(`/api/diamonds?${query}`)).json() as { items: DiamondListRow[] }).items.map((row) => row.sku);
      expect(await skus('diamondType=lab')).toContain('LAB-BETA-2');
      expect(await skus('diamondType=lab')).not.toContain('NAT-ALPHA-1');
      expect(await skus('certificate=7788990')).toEqual(['NAT-ALPHA-1']);
      expect(await skus('sku=alpha')).toEqual(['NAT-ALPHA-1']);
      expect(await skus('sku=alpha&color=E')).toEqual([]);
      expect(await skus(`sku=alpha&color=D,E&clarity=IF&cut=EX&shape=${roundShapeId}`)).toEqual(['NAT-ALPHA-1']);
      expect(await skus('sku=alpha&priceFrom=4769&priceTo=4769')).toEqual(['NAT-ALPHA-1']);
      expect(await skus('sku=alpha&priceFrom=4770')).toEqual([]);
      expect(await skus('sku=alpha&caratFrom=1&caratTo=1.01')).toEqual(['NAT-ALPHA-1']);
      expect(await skus('sku=alpha&caratFrom=1.011')).toEqual([]);
      expect((await get('/api/diamonds?caratFrom=2&caratTo=1')).statusCode).toBe(400);
      const bad = await get('/api/diamonds?color=Z');
      expect(bad.statusCode).toBe(400);
      expect((await get('/api/diamonds?priceFrom=10&priceTo=5')).statusCode).toBe(400);
    });

    it('exports every stone the list’s filters select, with the list’s defaults, as its export job (the list’s bulk action)', async () => {
      const exported = async (filters: Record<string, string>) => {
        const started = await fx.t.request(fx.admin, { method: 'POST', url: '/api/diamonds/bulk', payload: { action: 'export', filters } });
        expect(started.statusCode, started.body).toBe(202);
        const job = await jobWhenEnded(fx.t, fx.admin, started.json().id);
        expect(job, job.error ?? '').toMatchObject({ kind: 'export.diamonds', status: 'succeeded' });
        const file = await fx.t.request(fx.admin, { method: 'GET', url: `/api/jobs/${job.id}/download` });
        expect(file.statusCode).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0]!;
        const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
        return sheet.getSheetValues().slice(2).map((row) => Object.fromEntries(headers.map((header, i) => [header, (row as unknown[])[i + 1]])));
      };
      // No type asked: earth mined diamonds only, as the list shows them.
      const [alpha] = await exported({ sku: 'alpha' });
      expect(alpha).toMatchObject({ SKU: 'NAT-ALPHA-1', Certificate: 'GIA7788990011', Type: 'Earth mined', Color: 'D', Clarity: 'IF', 'Price (£)': 4769, 'Weight (ct)': 1.01, State: 'Available' });
      expect(await exported({ sku: 'beta' })).toEqual([]);
      expect((await exported({ type: 'gemstone', sku: 'saph' })).map((row) => [row.SKU, row.Type])).toEqual([['GEM-SAPH-3', 'Sapphire']]);
      // An export takes the filters; the list offers no other bulk action (the feed adds and removes stones).
      const ticked = await fx.t.request(fx.admin, { method: 'POST', url: '/api/diamonds/bulk', payload: { action: 'export', ids: [1] } });
      expect(ticked.json().error.message).toBe(MESSAGES.bulkExportNeedsFilters);
      for (const action of ['delete', 'status']) {
        expect((await fx.t.request(fx.admin, { method: 'POST', url: '/api/diamonds/bulk', payload: { action, status: true, filters: {} } })).statusCode, action).toBe(400);
      }
    });

    it('hides unpriced stones unless asked (price from defaults to 1)', async () => {
      const source = feed.source;
      const big = feedStone({ stockId: 'TOO-BIG-9', carat: 4.2 });
      await ingestStones(fx.t.db, source, batchesOf([big]), { mode: 'incremental', kind: 'natural' });
      const skus = async (query: string) => ((await get(`/api/diamonds?${query}`)).json() as { items: DiamondListRow[] }).items.map((row) => row.sku);
      expect(await skus('sku=too-big')).toEqual([]);
      const unpriced = (await get('/api/diamonds?sku=too-big&pricing=unpriced')).json() as { items: DiamondListRow[] };
      expect(unpriced.items[0]).toMatchObject({ sku: 'TOO-BIG-9', price: null, unpricedReason: 'no_band' });
    });

    it("counts the stones a list leaves out for want of a price, under the list's own filters and defaults", async () => {
      // Past every band of their origin: no price.
      const earth = feedStone({ stockId: 'NO-BAND-E1', carat: 4.5 });
      const labGrown = feedStone({ stockId: 'NO-BAND-L1', carat: 3.5, isLabGrown: true });
      const priced = feedStone({ stockId: 'NO-BAND-P1', carat: 1.01 });
      const serviceCounts = async () => {
        const { services } = (await get('/api/nivoda-services')).json() as { services: { name: string; unpricedCount: number }[] };
        return Object.fromEntries(services.map((service) => [service.name, service.unpricedCount]));
      };
      const before = await serviceCounts();
      await ingestStones(fx.t.db, feed.source, batchesOf([earth, labGrown, priced]), { mode: 'incremental', kind: 'natural' });
      const unpricedCount = async (query: string) => {
        const response = await get(`/api/diamonds/unpriced-count?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { total: number; totalIsCapped?: boolean };
      };
      // The diamonds list (earth mined by default) shows the priced one and leaves one out.
      expect(((await get('/api/diamonds?sku=no-band')).json() as { items: DiamondListRow[] }).items.map((row) => row.sku)).toEqual(['NO-BAND-P1']);
      expect(await unpricedCount('sku=no-band')).toEqual({ total: 1 });
      expect(await unpricedCount('sku=no-band&diamondType=lab')).toEqual({ total: 1 });
      // A list by state has no default type; a price range does not narrow stones that have no price.
      expect(await unpricedCount('sku=no-band&state=available')).toEqual({ total: 2 });
      expect(await unpricedCount('sku=no-band&priceFrom=5000&priceTo=6000')).toEqual({ total: 1 });
      expect(await unpricedCount('sku=no-band&type=gemstone')).toEqual({ total: 0 });
      // What the count promises is what the list filtered to them shows.
      expect(((await get('/api/diamonds?sku=no-band&pricing=unpriced')).json() as { items: DiamondListRow[] }).items.map((row) => row.sku)).toEqual(['NO-BAND-E1']);
      expect((await get('/api/diamonds/unpriced-count?color=Z')).statusCode).toBe(400);
      // The import services screen counts them per service.
      expect(await serviceCounts()).toEqual({ ...before, natural: before.natural! + 1, lab: before.lab! + 1 });
    });

    it('shows a stone with title/value rows and the working of its price', async () => {
      const [row] = await fx.t.db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.stockId, 'NAT-ALPHA-1'));
      const response = await get(`/api/diamonds/${row!.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const diamond = response.json() as DiamondRecord;
      expect(diamond.working).toEqual({
        price: 4769,
        unpricedReason: null,
        steps: ['Exchange rate USD→GBP 0.79 (2026-11-20)', '$4,120.00 × 0.79 = £3,254.80', 'band 1.000–1.499 ct Earth mined, Round: +45% + £50 = £4,769.46 → £4,769'],
      });
      expect(diamond.attributes).toContainEqual({ title: 'Shape', value: 'Round' });
      expect(diamond.attributes).toContainEqual({ title: 'Measurements', value: '6.4 × 6.43 × 3.95 mm' });
      expect((await get('/api/diamonds/999999')).statusCode).toBe(404);
    });

    it('marks a stone sold and back (Add to Inventory), audited, and lists sold stones on their own', async () => {
      const [row] = await fx.t.db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.stockId, 'LAB-BETA-2'));
      const sold = await post(`/api/diamonds/${row!.id}/sold`, { isSold: true });
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json()).toMatchObject({ message: DIAMOND_MESSAGES.sold, diamond: { isSold: true } });
      const soldList = (await get('/api/diamonds?state=sold')).json() as { items: DiamondListRow[] };
      expect(soldList.items.map((item) => item.sku)).toEqual(['LAB-BETA-2']);
      const audits = await fx.t.db.select().from(auditLog).where(eq(auditLog.entity, 'diamond'));
      expect(audits.some((audit) => audit.entityId === String(row!.id))).toBe(true);
      const back = await post(`/api/diamonds/${row!.id}/sold`, { isSold: false });
      expect(back.json()).toMatchObject({ message: DIAMOND_MESSAGES.imported, diamond: { isSold: false } });
      expect((await post(`/api/diamonds/${row!.id}/sold`, { isSold: 'yes' })).statusCode).toBe(400);
    });

    it('pulls a stone by certificate through the feed', async () => {
      const response = await post('/api/diamonds/pull', { certificate: 'PULL123456' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: DIAMOND_MESSAGES.imported, diamond: { sku: 'PULL-ME', certificate: 'PULL123456' } });
      const missing = await post('/api/diamonds/pull', { certificate: 'NOPE' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(DIAMOND_MESSAGES.notFoundByCertificate('NOPE'));
      expect((await post('/api/diamonds/pull', { certificate: '' })).json().error.issues[0].message).toBe(MESSAGES.required);
    });

    it('a stone sold, put back or pulled emits its event in the write’s transaction: nothing when it rolls back, delivered when it commits', async () => {
      const [row] = await fx.t.db.select({ id: diamonds.id, isSold: diamonds.isSold }).from(diamonds).where(eq(diamonds.stockId, 'PULL-ME'));
      expect(row?.isSold).toBe(false);
      const eventsOf = () =>
        fx.t.db
          .select({ id: eventOutbox.id })
          .from(eventOutbox)
          .where(and(eq(eventOutbox.name, 'diamonds.changed'), sql`${eventOutbox.payload} = ${JSON.stringify({ ids: [row!.id] })}::jsonb`));
      const before = (await eventsOf()).length;
      // The audit row, written after the change and its event, is refused: each write's transaction rolls back.
      await fx.t.db.execute(sql`create function test_refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
      await fx.t.db.execute(sql`create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse_audit()`);
      try {
        expect((await post(`/api/diamonds/${row!.id}/sold`, { isSold: true })).statusCode).toBe(500);
        expect((await post('/api/diamonds/pull', { certificate: 'PULL123456' })).statusCode).toBe(500);
      } finally {
        await fx.t.db.execute(sql`drop trigger test_refuse_audit on audit_log`);
        await fx.t.db.execute(sql`drop function test_refuse_audit()`);
      }
      expect((await fx.t.db.select({ isSold: diamonds.isSold }).from(diamonds).where(eq(diamonds.id, row!.id)))[0]?.isSold).toBe(false);
      expect(await eventsOf()).toHaveLength(before);

      // Committed: sold, put back and pulled, each one event written by the transaction that wrote the
      // write's audit row (both stamped with that transaction's now(): no commit without its event),
      // delivered to the cache's subscriber.
      const lastStamp = async (query: ReturnType<typeof sql>) => ((await fx.t.db.execute(query)) as unknown as { rows: { at: string }[] }).rows[0]?.at;
      for (const [url, payload] of [
        [`/api/diamonds/${row!.id}/sold`, { isSold: true }],
        [`/api/diamonds/${row!.id}/sold`, { isSold: false }],
        ['/api/diamonds/pull', { certificate: 'PULL123456' }],
      ] as const) {
        const response = await post(url, payload);
        expect(response.statusCode, response.body).toBe(200);
        const emitted = await lastStamp(sql`select created_at::text as at from event_outbox where name = 'diamonds.changed' order by id desc limit 1`);
        expect(emitted, url).toBe(await lastStamp(sql`select at::text as at from audit_log order by id desc limit 1`));
      }
      const committed = (await eventsOf()).slice(before).map((event) => event.id);
      expect(committed).toHaveLength(3);
      await eventsDelivered(fx.t.db);
      const deliveries = await fx.t.db.select({ status: eventDeliveries.status }).from(eventDeliveries).where(inArray(eventDeliveries.eventId, committed));
      expect(deliveries.length).toBeGreaterThanOrEqual(3);
      expect(new Set(deliveries.map((delivery) => delivery.status))).toEqual(new Set(['delivered']));
    });

    it('runs an import service as a job and logs the run; a failing feed leaves the table and logs the error', async () => {
      // The storefront's combinations, generated before: a sync that changed stones makes them stale.
      const generated = await post('/api/cache/diamond-combinations/generate');
      expect((await waitForJob(generated.json().id)).status).toBe('succeeded');
      const combinations = async () => ((await get('/api/cache')).json() as { items: { key: string; entries: number }[] }).items.find((item) => item.key === 'diamond-combinations')!.entries;
      expect(await combinations()).toBeGreaterThan(0);
      feed.stones = [natural, feedStone({ stockId: 'NEW-FROM-SYNC' })];
      const started = await post('/api/nivoda-services/natural/start', { mode: 'full' });
      expect(started.statusCode, started.body).toBe(202);
      const job = await waitForJob(started.json().jobId);
      expect(job.status, job.error ?? '').toBe('succeeded');
      // The sync emitted its event in its commit: the cache cleared the combinations and queued their Generate.
      const regenerated = async () =>
        ((await get('/api/jobs?pageSize=100')).json().items as JobRecord[]).filter((run) => run.id > job.id && run.kind === 'cache.generate' && run.actorName === 'system' && run.params.key === 'diamond-combinations').map((run) => run.status);
      await expect.poll(regenerated, { timeout: 30_000 }).toEqual(['succeeded']);
      expect(await combinations()).toBeGreaterThan(0);
      const logs = (await get('/api/nivoda-logs')).json() as { items: FeedRunRecord[] };
      expect(logs.items[0]).toMatchObject({ kind: 'natural', serviceName: 'Natural Diamonds', download: 'done', insertInDatabase: 'done', isRunning: false, added: 1, errorMessage: null });
      expect(logs.items[0]!.endTime).not.toBeNull();

      const before = await snapshot();
      feed.failAfterBatches = 0;
      const failing = await post('/api/nivoda-services/natural/start', { mode: 'full' });
      const failed = await waitForJob(failing.json().jobId);
      feed.failAfterBatches = undefined;
      expect(failed.status).toBe('failed');
      expect(await snapshot()).toEqual(before);
      const after = (await get('/api/nivoda-logs')).json() as { items: FeedRunRecord[] };
      expect(after.items[0]).toMatchObject({ download: 'failed', errorMessage: 'Nivoda answered 503 Service Unavailable', isRunning: false });

      const services = (await get('/api/nivoda-services')).json() as { services: { name: string; isEnabled: boolean; lastSuccessAt: string | null; stoneCount: number }[] };
      const service = services.services.find((s) => s.name === 'natural')!;
      expect(service.isEnabled).toBe(true);
      expect(service.lastSuccessAt).not.toBeNull();
      const stopped = await post('/api/nivoda-services/natural/stop');
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect((await get('/api/nivoda-services')).json().services.find((s: { name: string }) => s.name === 'natural').isEnabled).toBe(false);
      expect((await post('/api/nivoda-services/diamonds/start', {})).statusCode).toBe(400);
    });

    it("searches Nivoda Logs by a run's service name or error message, with the service filter and paging", async () => {
      const runs = await fx.t.db
        .insert(diamondFeedRuns)
        .values([
          { serviceName: 'Lab Grown Diamonds', kind: 'lab', mode: 'full', download: 'failed', errorMessage: 'Nivoda answered 401 Unauthorized: check the Nivoda username (log search)' },
          { serviceName: 'Gemstones', kind: 'gemstone', mode: 'incremental', download: 'done', insertInDatabase: 'done', endTime: new Date() },
          { serviceName: 'Natural Diamonds', kind: 'natural', mode: 'full', download: 'failed', errorMessage: 'Nivoda answered 503 Service Unavailable (log search 100%)' },
        ])
        .returning({ id: diamondFeedRuns.id });
      const [labRun, gemRun, naturalRun] = runs.map((run) => run.id);
      const logs = async (query: Record<string, string>) => {
        const response = await get(`/api/nivoda-logs?${new URLSearchParams(query).toString()}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { items: FeedRunRecord[]; total: number };
      };
      // An error's words, in any case; a service's name.
      const unauthorized = await logs({ search: 'UNAUTHORIZED: check' });
      expect(unauthorized.items.map((run) => run.id)).toEqual([labRun]);
      expect(unauthorized.total).toBe(1);
      const gems = await logs({ search: 'gemstones', pageSize: '100' });
      expect(gems.items.map((run) => run.id)).toContain(gemRun);
      expect(gems.items.every((run) => run.serviceName === 'Gemstones')).toBe(true);
      // With the service filter; a % is a character, not a wildcard.
      expect((await logs({ search: 'log search', kind: 'natural' })).items.map((run) => run.id)).toEqual([naturalRun]);
      expect((await logs({ search: 'log search', pageSize: '1', page: '2' })).items.map((run) => run.id)).toEqual([labRun]);
      expect((await logs({ search: 'search 100%' })).items.map((run) => run.id)).toEqual([naturalRun]);
      expect((await logs({ search: 'search 1%' })).total).toBe(0);
    });

    it('keeps the feed password out of every answer and the audit log', async () => {
      const saved = await fx.t.request(fx.admin, {
        method: 'PUT',
        url: '/api/nivoda-settings',
        payload: { username: 'shop@example.com', password: 'hunter2-secret', endpoint: 'https://integrations.nivoda.net/api/diamonds', incrementalMinutes: 30, fullSyncHours: 24 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.body).not.toContain('hunter2');
      expect(saved.json()).toMatchObject({ username: 'shop@example.com', passwordIsSet: true, incrementalMinutes: 30 });
      // Saved again without a password, for the same endpoint: the stored one is kept.
      await fx.t.request(fx.admin, { method: 'PUT', url: '/api/nivoda-settings', payload: { username: 'shop@example.com', endpoint: 'https://integrations.nivoda.net/api/diamonds', incrementalMinutes: 30, fullSyncHours: 24 } });
      expect((await get('/api/nivoda-settings')).json().passwordIsSet).toBe(true);
      const audits = await fx.t.db.select().from(auditLog).where(eq(auditLog.entity, 'nivoda_settings'));
      expect(JSON.stringify(audits)).not.toContain('hunter2');
      const badEndpoint = await fx.t.request(fx.admin, { method: 'PUT', url: '/api/nivoda-settings', payload: { username: 'u', endpoint: 'javascript:alert(1)', incrementalMinutes: 30, fullSyncHours: 24 } });
      expect(badEndpoint.statusCode).toBe(400);
    });

    it('reprices every stone when the exchange rate changes (a job, counted in the log)', async () => {
      const rate = await fx.t.request(fx.admin, { method: 'PUT', url: '/api/diamonds/exchange-rate', payload: { rate: '0.8', date: '2026-11-21' } });
      expect(rate.statusCode, rate.body).toBe(200);
      expect(rate.json()).toMatchObject({ rate: '0.8', date: '2026-11-21', message: DIAMOND_MESSAGES.exchangeRateSaved });
      // The answer names the repricing it started, so the screen can show its progress.
      const repricing = await waitForJob(rate.json().jobId as number);
      expect(repricing).toMatchObject({ kind: 'diamonds.reprice', status: 'succeeded' });
      expect(repricing.progressTotal).toBeGreaterThan(0);
      expect(repricing.progressDone).toBe(repricing.progressTotal);
      const deadline = Date.now() + 30_000;
      let run: FeedRunRecord | undefined;
      while (Date.now() < deadline) {
        run = ((await get('/api/nivoda-logs?kind=reprice')).json() as { items: FeedRunRecord[] }).items[0];
        if (run && !run.isRunning) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(run).toMatchObject({ kind: 'reprice', insertInDatabase: 'done' });
      expect(run!.repriced).toBeGreaterThan(0);
      // 4120 × 0.8 = 3296 × 1.45 = 4779.2 + 50 = 4829.2 → 4829.
      const [row] = await fx.t.db.select({ price: diamonds.price }).from(diamonds).where(eq(diamonds.stockId, 'NAT-ALPHA-1'));
      expect(row!.price).toBe('4829');
      const bad = await fx.t.request(fx.admin, { method: 'PUT', url: '/api/diamonds/exchange-rate', payload: { rate: '-1', date: '2026-11-21' } });
      expect(bad.json().error.issues[0].message).toBe(DIAMOND_MESSAGES.exchangeRateInvalid);

      // The same rate for a new day: saved, nothing to reprice.
      const sameRate = await fx.t.request(fx.admin, { method: 'PUT', url: '/api/diamonds/exchange-rate', payload: { rate: '0.8', date: '2026-11-22' } });
      expect(sameRate.json()).toEqual({ rate: '0.8', date: '2026-11-22', jobId: null, message: DIAMOND_MESSAGES.exchangeRateUnchanged });
    });

    it('refuses a bad rate or bad feed settings with a message per field, and writes nothing', async () => {
      const settingsBefore = await fx.t.db.select().from(settings);
      const rate = await fx.t.request(fx.admin, { method: 'PUT', url: '/api/diamonds/exchange-rate', payload: { rate: '', date: '2026-13-01' } });
      expect(rate.statusCode).toBe(400);
      expect(rate.json().error.issues).toEqual([
        { path: ['rate'], message: MESSAGES.required },
        { path: ['date'], message: DIAMOND_MESSAGES.exchangeRateDateInvalid },
      ]);
      const feedSettings = await fx.t.request(fx.admin, {
        method: 'PUT',
        url: '/api/nivoda-settings',
        payload: { username: 'shop', password: 'x'.repeat(256), endpoint: 'not a url', incrementalMinutes: 2, fullSyncHours: 0 },
      });
      expect(feedSettings.statusCode).toBe(400);
      expect(feedSettings.json().error.issues).toEqual([
        { path: ['password'], message: MESSAGES.maxLength(255) },
        { path: ['endpoint'], message: MESSAGES.invalidUrl },
        { path: ['incrementalMinutes'], message: DIAMOND_MESSAGES.incrementalMinutesRange },
        { path: ['fullSyncHours'], message: DIAMOND_MESSAGES.fullSyncHoursRange },
      ]);
      expect(await fx.t.db.select().from(settings)).toEqual(settingsBefore);
    });
  });
});
