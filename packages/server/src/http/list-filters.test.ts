import { MESSAGES } from '@facet/contract/messages';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionIdOf, useAdminTestApp } from '../test/test-app.ts';

/** The declared filters of flat resources, through their routes: applied to the list and the export, refused when malformed. */
describe('list filters through the routes', () => {
  const fx = useAdminTestApp();
  type Query = Record<string, string>;

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await fx.t.request(fx.admin, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  };
  const list = async (url: string, query: Query) => {
    const response = await fx.t.request(fx.admin, { method: 'GET', url, query: { pageSize: '100', ...query } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Record<string, unknown>[]; total: number };
  };
  const namesOf = async (url: string, field: string, query: Query) => (await list(url, query)).items.map((item) => item[field]).sort();

  describe('shipping rates: rate, minimum order amount and status', () => {
    beforeAll(async () => {
      for (const [name, rate, minFreeShippingAmount, status] of [
        ['Filter Economy', 2.5, 50, true],
        ['Filter Standard', 4.99, 100, true],
        ['Filter Express', 9.95, 150, false],
        ['Filter Courier', 12, 500, true],
      ] as const) {
        await post('/api/shipping-rates', { name, rate, minFreeShippingAmount, status });
      }
    });
    const names = (query: Query) => namesOf('/api/shipping-rates', 'name', { search: 'filter ', ...query });

    it('applies number ranges with both ends included, and the status', async () => {
      expect(await names({})).toHaveLength(4);
      expect(await names({ rateFrom: '4.99', rateTo: '9.95' })).toEqual(['Filter Express', 'Filter Standard']);
      expect(await names({ rateFrom: '5' })).toEqual(['Filter Courier', 'Filter Express']);
      expect(await names({ minFreeShippingAmountTo: '100' })).toEqual(['Filter Economy', 'Filter Standard']);
      expect(await names({ rateFrom: '4.99', status: 'active' })).toEqual(['Filter Courier', 'Filter Standard']);
      expect(await names({ status: 'inactive' })).toEqual(['Filter Express']);
      // The total counts the filtered rows, not the table.
      expect((await list('/api/shipping-rates', { search: 'filter ', rateTo: '5' })).total).toBe(2);
    });

    it('refuses (400) malformed filters and a range whose from is past its to, with clear messages', async () => {
      const cases: [Query, string[], string][] = [
        [{ rateFrom: '10', rateTo: '5' }, ['rateTo'], MESSAGES.filterRange('Rate')],
        [{ rateFrom: 'cheap' }, ['rateFrom'], MESSAGES.filterNumber('Rate from', 0, 9_999_999_999, 2)],
        [{ rateTo: '1.999' }, ['rateTo'], MESSAGES.filterNumber('Rate to', 0, 9_999_999_999, 2)],
        [{ minFreeShippingAmountFrom: '1e3' }, ['minFreeShippingAmountFrom'], MESSAGES.filterNumber('Min Order Amount from', 0, 9_999_999_999, 2)],
        [{ status: 'yes' }, ['status'], MESSAGES.filterChoice('Status', 'active, inactive')],
      ];
      for (const [query, path, message] of cases) {
        const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/shipping-rates', query });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path, message }] });
      }
    });
  });

  describe('diamond markups: shape, origin, markup type and carats', () => {
    let round = 0;
    let fancy = 0;
    beforeAll(async () => {
      const categories = (await list('/api/shape-categories', {})).items as { id: number; name: string }[];
      round = categories.find((c) => c.name === 'Round')!.id;
      fancy = categories.find((c) => c.name === 'Fancy')!.id;
      const band = (fromCarat: number, toCarat: number, shapeCategoryId: number, isLabDiamond: boolean, markupType: string) =>
        post('/api/diamond-markups', { fromCarat, toCarat, shapeCategoryId, isLabDiamond, markupType, markup: 10, fixCost: 5 });
      await band(0.3, 0.499, round, false, 'percentage');
      await band(0.5, 0.999, round, false, 'amount');
      await band(0.5, 0.999, round, true, 'percentage');
      await band(1, 1.999, fancy, false, 'percentage');
    });
    const bands = (query: Query) => namesOf('/api/diamond-markups', 'fromCarat', query).then((values) => values.map(Number));

    it('finds the bands overlapping a carat range, and filters by shape category, origin and type', async () => {
      expect(await bands({})).toEqual([0.3, 0.5, 0.5, 1]);
      // One stone of 0.75 ct: the bands that would price it.
      expect(await bands({ caratFrom: '0.75', caratTo: '0.75' })).toEqual([0.5, 0.5]);
      expect(await bands({ caratFrom: '0.499', caratTo: '0.5' })).toEqual([0.3, 0.5, 0.5]);
      expect(await bands({ caratFrom: '1.5' })).toEqual([1]);
      expect(await bands({ shapeCategoryId: String(fancy) })).toEqual([1]);
      expect(await bands({ shapeCategoryId: `${round},${fancy}`, isLabDiamond: 'lab' })).toEqual([0.5]);
      expect(await bands({ isLabDiamond: 'earth', markupType: 'percentage' })).toEqual([0.3, 1]);
      expect(await bands({ markupType: 'amount,percentage', caratTo: '0.4' })).toEqual([0.3]);
    });

    it('refuses unknown choices, malformed ids, too many decimals and reversed ranges', async () => {
      const cases: [Query, string][] = [
        [{ markupType: 'fixed' }, MESSAGES.filterChoice('Markup Type', 'percentage, amount')],
        [{ isLabDiamond: 'true' }, MESSAGES.filterChoice('Diamond Type', 'lab, earth')],
        [{ shapeCategoryId: '1,,2' }, MESSAGES.filterIds('Shape')],
        [{ caratFrom: '0.1234' }, MESSAGES.filterNumber('Carat from', 0, 999.999, 3)],
        [{ caratFrom: '2', caratTo: '1' }, MESSAGES.filterRange('Carat')],
      ];
      for (const [query, message] of cases) {
        const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/diamond-markups', query });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.json().error.issues.map((issue: { message: string }) => issue.message)).toEqual([message]);
      }
    });

    it('no longer searches numbers as text: a markup list has no search to cast', async () => {
      // The search box is gone from markups; a search term matches no text field and narrows nothing away wrongly.
      expect((await list('/api/diamond-markups', { search: '0.5' })).total).toBe(4);
    });
  });

  describe('content pages: status and created date', () => {
    beforeAll(async () => {
      const page = (n: number, status: boolean) =>
        post('/api/content-pages', { title: `Filter Page ${n}`, slug: `filter-page-${n}`, metaTitle: 'T', metaKeywords: 'k', metaDescription: 'd', content: '', status });
      const ids = [await page(1, true), await page(2, false), await page(3, true)].map((p) => p.id);
      // Created 1 March 23:30 UTC (still 1 March in London) and 1 July 23:30 UTC (2 July in London, summer time).
      await fx.t.db.execute(sql`update content_pages set created_at = '2026-03-01T23:30:00Z' where id = ${ids[0]}`);
      await fx.t.db.execute(sql`update content_pages set created_at = '2026-07-01T23:30:00Z' where id = ${ids[1]}`);
      await fx.t.db.execute(sql`update content_pages set created_at = '2026-07-02T12:00:00Z' where id = ${ids[2]}`);
    });
    const titles = (query: Query) => namesOf('/api/content-pages', 'title', { search: 'filter page', ...query });

    it('filters by whole days in the shop time zone, and by status', async () => {
      expect(await titles({ createdAtFrom: '2026-03-01', createdAtTo: '2026-03-01' })).toEqual(['Filter Page 1']);
      expect(await titles({ createdAtFrom: '2026-07-02', createdAtTo: '2026-07-02' })).toEqual(['Filter Page 2', 'Filter Page 3']);
      expect(await titles({ createdAtTo: '2026-07-01' })).toEqual(['Filter Page 1']);
      expect(await titles({ createdAtFrom: '2026-07-02', status: 'active' })).toEqual(['Filter Page 3']);
    });

    it('refuses a date that is not a day, and a reversed range', async () => {
      for (const [query, message] of [
        [{ createdAtFrom: '2026-02-30' }, MESSAGES.filterDate('Created Date from')],
        [{ createdAtTo: "2026-01-01' or 1=1" }, MESSAGES.filterDate('Created Date to')],
        [{ createdAtFrom: '2026-07-02', createdAtTo: '2026-07-01' }, MESSAGES.filterRange('Created Date')],
      ] as const) {
        const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/content-pages', query });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.issues).toEqual([expect.objectContaining({ message })]);
      }
    });
  });

  describe('users: the export applies the same filters as the list', () => {
    let packers = 0;
    beforeAll(async () => {
      packers = (await post('/api/roles', { name: 'Filter Packers', permissionIds: [await permissionIdOf(fx.t.db, 'sales')] })).id;
      const drivers = (await post('/api/roles', { name: 'Filter Drivers', permissionIds: [await permissionIdOf(fx.t.db, 'sales')] })).id;
      const user = (name: string, roleIds: number[], status: boolean) =>
        post('/api/users', { name, email: `${name.replace(/ /g, '.')}@example.com`, password: 'secret-pw1', confirmPassword: 'secret-pw1', status, roleIds });
      await user('Filter Ann', [packers], true);
      await user('Filter Bob', [packers, drivers], false);
      await user('Filter Cat', [drivers], true);
    });

    async function exportedNames(query: Query) {
      const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/users/export', query });
      expect(response.statusCode, response.body).toBe(200);
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const names: string[] = [];
      sheet.eachRow((row, index) => {
        if (index > 1) names.push(String(row.getCell(1).value));
      });
      return names.sort();
    }

    it('lists and exports users holding a role (through the link table), and by status', async () => {
      const query = { search: 'filter ', roleIds: String(packers) };
      expect(await namesOf('/api/users', 'name', query)).toEqual(['Filter Ann', 'Filter Bob']);
      expect(await exportedNames(query)).toEqual(['Filter Ann', 'Filter Bob']);
      expect(await exportedNames({ ...query, status: 'active' })).toEqual(['Filter Ann']);
      expect(await exportedNames({ search: 'filter ', status: 'inactive' })).toEqual(['Filter Bob']);
    });

    it('refuses a malformed filter on the export before it streams', async () => {
      const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/users/export', query: { roleIds: 'packers' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: ['roleIds'], message: MESSAGES.filterIds('Roles') }]);
    });
  });
});
