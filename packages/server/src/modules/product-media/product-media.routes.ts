import { idParamSchema } from '@facet/contract/api';
import {
  PRODUCT_MEDIA_PURPOSES,
  productMediaListQuerySchema,
  productMediaListSchema,
  productMediaRecordSchema,
  productMediaUploadQuerySchema,
} from '@facet/contract/modules/product-media/product-media.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { receiveUpload } from '../media/index.ts';
import { createProductMediaService } from './product-media.service.ts';

/** The product media library (document 2 §2, §5, §7): list by SKU, upload one file per request, delete. */
export function productMediaRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  const service = createProductMediaService(db, storage);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'products' as const };
  const tags = ['product-media'];

  route.get('/api/product-media', { config, schema: { tags, querystring: productMediaListQuerySchema, response: { 200: productMediaListSchema } } }, async (request) => ({
    items: await service.list(request.query),
  }));

  route.post(
    '/api/product-media',
    { config, schema: { tags, querystring: productMediaUploadQuerySchema, response: { 201: productMediaRecordSchema } } },
    async (request, reply) => {
      const { sku, kind } = request.query;
      const file = await receiveUpload(request, PRODUCT_MEDIA_PURPOSES[kind]);
      // The staged copy of a video goes before the answer, so nothing of the request outlives it.
      const record = await service.upload(sku, kind, file, contextOf(request)).finally(() => (file.staged ? file.discard() : undefined));
      return reply.status(201).send(record);
    },
  );

  route.delete('/api/product-media/:id', { config, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    await service.remove(request.params.id, contextOf(request));
    return reply.status(204).send();
  });
}
