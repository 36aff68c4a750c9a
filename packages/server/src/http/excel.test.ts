import { Writable } from 'node:stream';
import { MESSAGES } from '@facet/contract/messages';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../test/test-app.ts';
import { invalidField, handleError } from './errors.ts';
import { sendExcel } from './excel.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('exports refuse a bad query like the list does, before streaming (issue 8 item 12)', () => {
  const fx = useAdminTestApp();

  it.each([
    ['an unknown sort field', 'sort=passwordHash', MESSAGES.sortableFields('name, email, createdAt')],
    ['a NUL in the sort', 'sort=%00', MESSAGES.unsafeText],
    ['a hex page', 'page=0x2', MESSAGES.pageNumber],
  ])('answers %s with the same 400 as the list, not a dropped download', async (_what, query, message) => {
    for (const url of [`/api/users/export?${query}`, `/api/users?${query}`]) {
      const response = await fx.t.request(fx.admin, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('still streams a workbook sorted as asked', async () => {
    const response = await fx.t.request(fx.admin, { method: 'GET', url: '/api/users/export?sort=name&order=desc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe('admin');
  });
});

describe('sendExcel', () => {
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  const columns = [{ field: 'name', header: 'Name' }];

  beforeAll(async () => {
    app.setErrorHandler(handleError);
    app.get('/refused-before-the-first-row', (_request, reply) =>
      sendExcel(
        reply,
        'rows',
        columns,
        { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(invalidField('status', 'No such status.')) }) },
      ),
    );
    app.get('/failing-after-a-row', (_request, reply) =>
      sendExcel(
        reply,
        'rows',
        columns,
        (async function* () {
          yield { name: 'first' };
          throw new Error('the database went away');
        })(),
      ),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('reads the first row before sending anything, so an error there is a proper answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/refused-before-the-first-row' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['status'], message: 'No such status.' }]);
  });

  it('cuts a download short and logs why when a later row fails, without a second answer', async () => {
    logged.length = 0;
    await app.inject({ method: 'GET', url: '/failing-after-a-row' }).catch(() => undefined);
    expect(logged.some((line) => line.includes('export failed while streaming') && line.includes('the database went away'))).toBe(true);
    expect(logged.some((line) => line.includes('ERR_HTTP_HEADERS_SENT'))).toBe(false);
  });
});
