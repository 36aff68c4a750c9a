import { PassThrough } from 'node:stream';
import { idParamSchema } from '@facet/contract/api';
import {
  PRICE_SHEET_HEADERS,
  priceUpdateItemsResponseSchema,
  priceUpdateListQuerySchema,
  priceUpdateListResponseSchema,
  priceUpdatePaths,
  priceUpdateRecordSchema,
  priceUpdateStartedSchema,
} from '@facet/contract/modules/product-prices/product-price.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { XLSX_CONTENT_TYPE } from '../../http/excel.ts';
import { writeXlsx } from '../../http/xlsx-writer.ts';
import type { Jobs } from '../../jobs/job.routes.ts';
import { readPriceSheet } from './price-sheet.ts';
import { createProductPriceService } from './product-price.service.ts';

/** The example sheet: the two columns the update reads, with one row to show the format. */
const EXAMPLE_COLUMNS = PRICE_SHEET_HEADERS.map((header) => ({ field: header, header, type: header === 'price' ? ('money' as const) : ('text' as const) }));
const EXAMPLE_ROWS = [{ sku: 'RING-001', price: 1250 }];

/**
 * Bulk price update from a sheet (document 2 §2 /products/updateprice, §5, §8), under the products
 * permission: the upload checks the whole sheet and answers 400 with the spec's message (nothing
 * stored), or stores the run and answers 202 with the job that applies it; runs are listed with
 * their prices before and after, and an applied run can be rolled back.
 */
export function productPriceRoutes(app: FastifyInstance, db: Db, jobs: Jobs) {
  const service = createProductPriceService(db);
  const base = priceUpdatePaths.base;
  const config = { permission: 'products' as const };
  const tags = ['product-prices'];
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(base, { config, schema: { tags, querystring: priceUpdateListQuerySchema, response: { 200: priceUpdateListResponseSchema } } }, (request) => service.list(request.query));

  route.get(priceUpdatePaths.example, { config, schema: { tags } }, async (_request, reply) => {
    const stream = new PassThrough();
    void reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', 'attachment; filename="price-update-example.xlsx"').send(stream);
    async function* rows() {
      yield* EXAMPLE_ROWS;
    }
    await writeXlsx(stream, 'Prices', EXAMPLE_COLUMNS, rows());
    return reply;
  });

  route.post(base, { config, schema: { tags, consumes: ['multipart/form-data'], response: { 202: priceUpdateStartedSchema } } }, async (request, reply) => {
    const context = contextOf(request);
    const { sheet, fileName } = await readPriceSheet(request);
    const staged = await service.stage(sheet, fileName, context);
    const job = await jobs.service.submit(context.actor, 'product-prices.update', { updateId: staged.id });
    const update = await service.attachJob(staged.id, job.id);
    return reply.status(202).send({ update, jobId: job.id });
  });

  route.get(`${base}/:id`, { config, schema: { tags, params: idParamSchema, response: { 200: priceUpdateRecordSchema } } }, (request) => service.get(request.params.id));

  route.get(
    `${base}/:id/items`,
    { config, schema: { tags, params: idParamSchema, querystring: priceUpdateListQuerySchema, response: { 200: priceUpdateItemsResponseSchema } } },
    (request) => service.items(request.params.id, request.query),
  );

  route.post(`${base}/:id/rollback`, { config, schema: { tags, params: idParamSchema, response: { 200: priceUpdateRecordSchema } } }, (request) =>
    service.rollback(request.params.id, contextOf(request)),
  );
}
