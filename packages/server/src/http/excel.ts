import { PassThrough } from 'node:stream';
import type { ExportColumn } from '@facet/contract/resource';
import type { FastifyReply } from 'fastify';
import type { ExportRows } from './xlsx-writer.ts';
import { writeXlsx } from './xlsx-writer.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams rows into an .xlsx download without holding the workbook in memory. The first row is read
 * before anything is sent, so a query the service refuses (an unknown sort, a bad filter) is still a
 * proper error answer; a failure later can only cut the download short, and is logged.
 */
export async function sendExcel(
  reply: FastifyReply,
  fileName: string,
  columns: readonly ExportColumn[],
  rows: AsyncIterable<ExportRows>,
) {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const stream = new PassThrough();
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}.xlsx"`)
    .send(stream);
  async function* all() {
    for (let row = first; !row.done; row = await iterator.next()) yield row.value;
  }
  try {
    await writeXlsx(stream, fileName, columns, all());
  } catch (error) {
    // The headers are gone: the only honest signal left is an aborted download.
    reply.log.error({ err: error }, 'export failed while streaming');
    stream.destroy(error as Error);
  }
  return reply;
}

