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
 * and LibreOffice write it (SheetJS's default BIFF8 cell records cut text at 255 characters).
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
