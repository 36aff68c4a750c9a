import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { ZipStream } from '../http/zip-stream.ts';

/** Builders of real spreadsheet files for tests: an .xlsx written by exceljs, an .xls (BIFF8) by SheetJS, a zip of any parts. */

export type SheetCells = readonly (readonly (string | number | boolean | null | undefined)[])[];

export async function xlsxFile(rows: SheetCells, sheetName = 'Products'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function xlsFile(rows: SheetCells, sheetName = 'Products'): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((cell) => cell ?? null)));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  return Buffer.from(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
}

/**
 * An .xlsx workbook saved as Excel 97-2003 (.xls, BIFF8), its text in a shared string table as Excel
 * and LibreOffice write it (SheetJS's default BIFF8 cell records cut text at 255 characters). Cells of
 * up to ~8,000 characters: SheetJS's BIFF8 writer does not finish with a longer shared string.
 */
export async function xlsFromXlsx(xlsx: Buffer): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  return Buffer.from(XLSX.write(XLSX.read(xlsx, { type: 'buffer' }), { type: 'buffer', bookType: 'biff8', bookSST: true }) as Uint8Array);
}

/** A zip of these parts, in the order given (a package's parts, or anything else zipped). */
export async function zipOf(parts: [string, string | Buffer | AsyncIterable<string>][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zip = new ZipStream(out);
  for (const [name, content] of parts) await zip.add(name, Buffer.isBuffer(content) ? [content] : content);
  await zip.finish();
  out.end();
  return Buffer.concat(chunks);
}

/**
 * A small .xlsx that reads as a lot of text: one shared string of `text`, referenced by every cell of
 * `rows` rows of `columns` columns under a header row (the amplification of a shared string table).
 */
export function sharedStringBomb(text: string, rows: number, columns: number): Promise<Buffer> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const header = `<row r="1">${Array.from({ length: columns }, (_, c) => `<c t="inlineStr"><is><t>column ${c + 1}</t></is></c>`).join('')}</row>`;
  const row = (r: number) => `<row r="${r}">${'<c t="s"><v>0</v></c>'.repeat(columns)}</row>`;
  async function* sheet() {
    yield `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}`;
    for (let r = 2; r <= rows + 1; r++) yield row(r);
    yield '</sheetData></worksheet>';
  }
  return zipOf([
    ['xl/sharedStrings.xml', `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>${escaped}</t></si></sst>`],
    ['xl/worksheets/sheet1.xml', sheet()],
  ]);
}
