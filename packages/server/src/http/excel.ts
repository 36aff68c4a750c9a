import { PassThrough } from 'node:stream';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Cells starting with these would run as formulas in a spreadsheet (CSV/formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function neutraliseCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return neutraliseCell(value.join(', '));
  if (typeof value === 'boolean') return value ? 'Active' : 'Inactive';
  if (typeof value === 'number') return value;
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Streams rows into an .xlsx download without holding the workbook in memory. The first row is read
 * before anything is sent, so a query the service refuses (an unknown sort, a bad filter) is still a
 * proper error answer; a failure later can only cut the download short, and is logged.
 */
export async function sendExcel(
  reply: FastifyReply,
  fileName: string,
  columns: readonly { field: string; header: string }[],
  rows: AsyncIterable<Record<string, unknown>>,
) {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const stream = new PassThrough();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}.xlsx"`)
    .send(stream);
  async function* all() {
    for (let row = first; !row.done; row = await iterator.next()) yield row.value;
  }
  try {
    await writeWorkbook(stream, fileName, columns, all());
  } catch (error) {
    // The headers are gone: the only honest signal left is an aborted download.
    reply.log.error({ err: error }, 'export failed while streaming');
    stream.destroy(error as Error);
  }
  return reply;
}

/** Writes rows as one sheet of an .xlsx into `stream`, a row at a time (exceljs's streaming writer). */
export async function writeWorkbook(
  stream: Writable,
  sheetName: string,
  columns: readonly { field: string; header: string }[],
  rows: AsyncIterable<Record<string, unknown>>,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: 24 }));
  for await (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.field, neutraliseCell(row[c.field])]))).commit();
  }
  sheet.commit();
  await workbook.commit();
}
