import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSheetReader, normaliseHeader, readSheet, SheetReadError } from './sheet-reader.ts';
import { sharedStringBomb, xlsFile, xlsxFile } from './test-sheets.ts';

const ROWS = [
  ['SKU', 'Product Title', 'Option1-Name', ' option1 value ', 'Price'],
  ['RING-1', 'Solitaire ring', 'metal', '18k White Gold', 1250.5],
  [null, null, null, null, null],
  ['RING-1-W', null, 'metal', 'Platinum', 1400],
];

describe('spreadsheet reader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sheet-reader-'));
  });
  afterAll(async () => {
    await closeSheetReader();
    await rm(dir, { recursive: true, force: true });
  });

  it('normalises column names as the spec says: lower case, spaces and dashes to underscores', () => {
    expect(normaliseHeader(' Product Title ')).toBe('product_title');
    expect(normaliseHeader('Can-Be-Set-With Carat')).toBe('can_be_set_with_carat');
    expect(normaliseHeader('SKU')).toBe('sku');
  });

  const expected = {
    headers: ['sku', 'product_title', 'option1_name', 'option1_value', 'price'],
    rows: [
      { line: 2, values: { sku: 'RING-1', product_title: 'Solitaire ring', option1_name: 'metal', option1_value: '18k White Gold', price: '1250.5' } },
      // The blank line 3 is skipped, and line numbers stay those of the sheet.
      { line: 4, values: { sku: 'RING-1-W', option1_name: 'metal', option1_value: 'Platinum', price: '1400' } },
    ],
  };

  it('reads the first sheet of an .xlsx from its bytes, with normalised headers and 1-based line numbers', async () => {
    expect(await readSheet(await xlsxFile(ROWS), { fileName: 'products.xlsx' })).toEqual(expected);
  });

  it('reads a legacy .xls (BIFF8) the same way', async () => {
    expect(await readSheet(await xlsFile(ROWS), { fileName: 'products.XLS' })).toEqual(expected);
  });

  it('reads from a path on disk', async () => {
    const file = path.join(dir, 'upload.bin');
    await writeFile(file, await xlsxFile(ROWS));
    expect(await readSheet(file)).toEqual(expected);
  });

  it('an empty sheet has no headers and no rows', async () => {
    expect(await readSheet(await xlsxFile([]), { fileName: 'blank.xlsx' })).toEqual({ headers: [], rows: [] });
  });

  async function failure(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SheetReadError);
    return error as SheetReadError;
  }

  it("refuses another extension with 'The file format is not supported.'", async () => {
    const error = await failure(readSheet(await xlsxFile(ROWS), { fileName: 'products.csv' }));
    expect(error.message).toBe(MESSAGES.fileFormatNotSupported);
    expect(error.toAppError().status).toBe(400);
  });

  it("refuses bytes that are no spreadsheet and have no spreadsheet name as not supported", async () => {
    expect((await failure(readSheet(Buffer.from('sku,price\nA,1\n')))).message).toBe(MESSAGES.fileFormatNotSupported);
  });

  it("answers 'Invalid file' for a corrupt .xlsx, a truncated .xls, or text named .xlsx", async () => {
    const xlsx = await xlsxFile(ROWS);
    const corruptZip = Buffer.concat([xlsx.subarray(0, 40), Buffer.alloc(400, 7)]);
    expect((await failure(readSheet(corruptZip, { fileName: 'a.xlsx' }))).message).toBe(MESSAGES.invalidFile);
    const xls = await xlsFile(ROWS);
    expect((await failure(readSheet(xls.subarray(0, 600), { fileName: 'a.xls' }))).message).toBe(MESSAGES.invalidFile);
    expect((await failure(readSheet(Buffer.from('hello'), { fileName: 'a.xlsx' }))).message).toBe(MESSAGES.invalidFile);
  });

  it('refuses a file over its size or row limits', async () => {
    const xlsx = await xlsxFile(ROWS);
    expect((await failure(readSheet(xlsx, { fileName: 'a.xlsx', maxBytes: 100 }))).kind).toBe('tooLarge');
    expect((await failure(readSheet(xlsx, { fileName: 'a.xlsx', maxRows: 1 }))).kind).toBe('tooLarge');
  });

  it('refuses a cell of more than 32,767 characters (Excel\'s own limit), naming it; reads one of 32,767 whole', async () => {
    const longest = 'x'.repeat(32_767);
    const rows = [['SKU', 'Description'], ['A-1', longest], ['A-2', `${longest}y`]];
    const error = await failure(readSheet(await xlsxFile(rows), { fileName: 'a.xlsx' }));
    expect(error.message).toBe(MESSAGES.sheetCellTooLong('B3', 32_767));
    expect(error.toAppError().status).toBe(400);
    expect((await readSheet(await xlsxFile(rows.slice(0, 2)), { fileName: 'a.xlsx' })).rows[0]!.values.description).toBe(longest);
  });

  it('refuses a small file whose one shared string, copied into every cell, makes more text than the limit', async () => {
    // 40 KB zipped; 280 rows of 8 cells of 30,000 characters would be 67 million characters read.
    const bomb = await sharedStringBomb('z'.repeat(30_000), 280, 8);
    expect(bomb.length).toBeLessThan(100_000);
    const error = await failure(readSheet(bomb, { fileName: 'bomb.xlsx' }));
    expect(error.kind).toBe('tooMuchText');
    expect(error.message).toBe(MESSAGES.sheetTooMuchText);
    // The same sheet with fewer rows is read.
    expect((await readSheet(await sharedStringBomb('z'.repeat(30_000), 20, 8), { fileName: 'small.xlsx' })).rows).toHaveLength(20);
  });
});
