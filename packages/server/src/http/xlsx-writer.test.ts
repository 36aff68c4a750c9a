import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { ExportColumn } from '@facet/contract/resource';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellValue, excelSerial, writeXlsx } from './xlsx-writer.ts';

async function toBuffer(columns: readonly ExportColumn[], rows: Record<string, unknown>[] | AsyncIterable<Record<string, unknown>>) {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const source = Array.isArray(rows)
    ? (async function* () {
        yield* rows;
      })()
    : rows;
  await writeXlsx(sink, 'Stones', columns, source);
  return Buffer.concat(chunks);
}

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const columns: ExportColumn[] = [
  { field: 'name', header: 'Name' },
  { field: 'carat', header: 'Carat', type: 'number' },
  { field: 'price', header: 'Price', type: 'money' },
  { field: 'status', header: 'Status', type: 'status' },
  { field: 'isLab', header: 'Lab grown' },
  { field: 'createdAt', header: 'Created Date', type: 'date' },
];

describe('writeXlsx', () => {
  it('writes a workbook a spreadsheet reader opens, with typed cells', async () => {
    const sheet = await read(
      await toBuffer(columns, [
        { name: 'Round & <brilliant> "ideal"', carat: '1.01', price: '4250.50', status: true, isLab: false, createdAt: new Date('2026-01-15T10:30:00Z') },
        { name: '  padded  ', carat: 0.5, price: null, status: false, isLab: true, createdAt: '2026-07-15T10:30:00.000Z' },
      ]),
    );
    expect(sheet.name).toBe('Stones');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Carat', 'Price', 'Status', 'Lab grown', 'Created Date']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Round & <brilliant> "ideal"');
    // Money and numbers arrive from PostgreSQL as text; the sheet holds numbers a formula can add.
    expect(first.getCell(2).value).toBe(1.01);
    expect(first.getCell(3).value).toBe(4250.5);
    expect(first.getCell(3).numFmt).toBe('"£"#,##0.00');
    expect(first.getCell(4).value).toBe('Active');
    expect(first.getCell(5).value).toBe('No');
    // Winter: London is on UTC, so 10:30 UTC reads 10:30.
    expect(first.getCell(6).value).toEqual(new Date('2026-01-15T10:30:00Z'));
    expect(first.getCell(6).numFmt).toBe('mm/dd/yyyy hh:mm AM/PM');
    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('  padded  ');
    expect(second.getCell(3).value).toBeNull();
    expect(second.getCell(4).value).toBe('Inactive');
    expect(second.getCell(5).value).toBe('Yes');
    // Summer: London is an hour ahead, and staff read the shop's clock (exceljs reads serials as UTC).
    expect(second.getCell(6).value).toEqual(new Date('2026-07-15T11:30:00Z'));
  });

  it('neutralises text a spreadsheet would run as a formula, and drops what XML cannot carry', async () => {
    const sheet = await read(await toBuffer([{ field: 'note', header: 'Note' }], ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'bell\u0007 and nul\u0000', 'lone \ud800 half'].map((note) => ({ note }))));
    expect([2, 3, 4, 5, 6, 7].map((row) => sheet.getRow(row).getCell(1).value)).toEqual([
      `'=HYPERLINK("http://x")`,
      `'+1`,
      `'-2`,
      `'@SUM(A1)`,
      'bell and nul',
      'lone  half',
    ]);
  });

  it('makes a valid ZIP whose CRCs check, for more rows than one chunk', async () => {
    async function* many() {
      for (let i = 0; i < 5000; i++) yield { name: `stone ${i}`, carat: i / 100, price: i * 10, status: i % 2 === 0, isLab: false, createdAt: new Date(1_700_000_000_000 + i * 60_000) };
    }
    const buffer = await toBuffer(columns, many());
    const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    try {
      writeFileSync(join(dir, 'out.xlsx'), buffer);
      expect(execFileSync('unzip', ['-t', join(dir, 'out.xlsx')]).toString()).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const sheet = await read(buffer);
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getRow(5001).getCell(1).value).toBe('stone 4999');
    expect(sheet.getRow(5001).getCell(2).value).toBe(49.99);
  });

  it('leaves out values that are not what the column holds rather than writing nonsense', () => {
    expect(cellValue('not a number', 'money')).toBeNull();
    expect(cellValue('not a date', 'date')).toBeNull();
    expect(cellValue(['a', 'b'])).toBe('a, b');
    expect(excelSerial(new Date('1970-01-01T00:00:00Z'))).toBe(25_569 + 1 / 24);
  });
});
