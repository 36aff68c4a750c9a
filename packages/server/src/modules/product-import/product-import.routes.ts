import { PassThrough } from 'node:stream';
import { MESSAGES } from '@facet/contract/messages';
import {
  IMPORT_EXAMPLE_FILE_NAME,
  IMPORT_EXAMPLE_PATH,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MB,
  importApplyResponseSchema,
  importApplySchema,
  importCheckResponseSchema,
  importTokenParamsSchema,
} from '@facet/contract/modules/product-import/product-import.schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { XLSX_CONTENT_TYPE } from '../../http/excel.ts';
import { writeXlsx } from '../../http/xlsx-writer.ts';
import type { Jobs } from '../../jobs/job.routes.ts';
import { receiveFile } from '../media/index.ts';
import { EXAMPLE_COLUMNS, exampleRows } from './product-import.example.ts';
import { PRODUCT_IMPORT_JOB_KIND, createProductImportService, formatLineError, importsDirOf } from './product-import.service.ts';

const ERROR_COLUMNS = [
  { field: 'line', header: 'Line', type: 'number' as const, width: 10 },
  { field: 'messages', header: 'Errors', width: 100 },
  { field: 'text', header: 'Message', width: 100 },
];

/** Writes an .xlsx download of `rows` (the example sheet, the line errors). */
async function sendSheet(reply: FastifyReply, fileName: string, columns: Parameters<typeof writeXlsx>[2], rows: AsyncIterable<Record<string, unknown>>) {
  const stream = new PassThrough();
  reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName}.xlsx"`).send(stream);
  await writeXlsx(stream, fileName, columns, rows);
  return reply;
}

/**
 * Product import (document 2 §2, §4, §5): the example sheet, the check (dry run) of an uploaded
 * .xlsx or .xls, its line errors as a download, and the apply as one job of the Job Centre.
 */
export function productImportRoutes(app: FastifyInstance, db: Db, jobs: Jobs, config: Pick<Config, 'exportsDir'>) {
  const service = createProductImportService(db, importsDirOf(config));
  const base = '/api/products/import';
  const routeConfig = { permission: 'products' as const };
  const tags = ['products'];
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(IMPORT_EXAMPLE_PATH, { config: routeConfig, schema: { tags } }, (_request, reply) => sendSheet(reply, IMPORT_EXAMPLE_FILE_NAME, EXAMPLE_COLUMNS, exampleRows()));

  route.post(`${base}/check`, { config: routeConfig, schema: { tags, consumes: ['multipart/form-data'], response: { 200: importCheckResponseSchema } } }, async (request) => {
    const file = await receiveFile(request, {
      maxBytes: IMPORT_MAX_BYTES,
      toDisk: true,
      tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', MESSAGES.maxFileSizeMb(IMPORT_MAX_MB), [{ path: ['file'], message: MESSAGES.maxFileSizeMb(IMPORT_MAX_MB) }]),
    });
    if (!file.staged) throw new Error('import uploads are staged on disk');
    try {
      return await service.check({ path: file.path, byteSize: file.byteSize, fileName: file.fileName });
    } finally {
      await file.discard();
    }
  });

  route.get(`${base}/:token/errors`, { config: routeConfig, schema: { tags, params: importTokenParamsSchema } }, async (request, reply) => {
    const { errors } = service.checked(request.params.token);
    async function* rows() {
      for (const error of errors) yield { line: error.line, messages: error.messages.join(', '), text: formatLineError(error) };
    }
    return sendSheet(reply, 'product-import-errors', ERROR_COLUMNS, rows());
  });

  route.post(`${base}/apply`, { config: routeConfig, schema: { tags, body: importApplySchema, response: { 202: importApplyResponseSchema } } }, async (request, reply) => {
    const { response } = service.checked(request.body.token);
    // A sheet with line errors imports nothing: the check said so, the apply refuses it too.
    if (response.lineErrorCount) throw new AppError('VALIDATION_FAILED', response.lineErrors[0] ?? MESSAGES.invalidProductSheet, [{ path: ['file'], message: response.lineErrors[0] ?? '' }]);
    const job = await jobs.service.submit(contextOf(request).actor, PRODUCT_IMPORT_JOB_KIND, { token: request.body.token, fileName: response.fileName });
    return reply.status(202).send({ jobId: job.id });
  });
}
