import { cacheEntryParamsSchema, cacheKeyParamsSchema, cacheKeyStatusSchema, cacheStatusResponseSchema, resettableCacheKeyParamsSchema } from '@facet/contract/modules/cache/cache.schema';
import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import { jobRecordSchema } from '@facet/contract/modules/jobs/job.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import type { CacheStore } from '../../integrations/redis/cache-store.ts';
import type { Jobs } from '../../jobs/job.routes.ts';
import type { CacheSource } from './cache-source.ts';
import { createCacheService } from './cache.service.ts';

/**
 * Cache management (`/cacheManagement`, permission cache_management) and Sync Products, which the
 * products list offers too (either permission). Building answers 202 with the job; the screen follows
 * it with the shared progress component.
 */
export function cacheRoutes(app: FastifyInstance, db: Db, store: CacheStore, jobs: Jobs, sources: ReadonlyMap<CacheKey, CacheSource>) {
  app.addHook('onClose', () => store.close());
  const service = createCacheService(db, store, jobs.service, sources);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'cache_management' as const };
  const tags = ['cache'];

  route.get('/api/cache', { config, schema: { tags, response: { 200: cacheStatusResponseSchema } } }, () => service.status());
  route.get('/api/cache/:key/entries/:entry', { config, schema: { tags, params: cacheEntryParamsSchema, response: { 200: z.unknown() } } }, (request) =>
    service.read(request.params.key, request.params.entry),
  );
  route.post('/api/cache/clear', { config, schema: { tags, response: { 200: cacheStatusResponseSchema } } }, (request) => service.clearAll(contextOf(request)));
  route.post('/api/cache/:key/generate', { config, schema: { tags, params: cacheKeyParamsSchema, response: { 202: jobRecordSchema } } }, async (request, reply) =>
    reply.status(202).send(await service.generate(contextOf(request), request.params.key)),
  );
  route.post('/api/cache/:key/clear', { config, schema: { tags, params: cacheKeyParamsSchema, response: { 200: cacheKeyStatusSchema } } }, (request) =>
    service.clear(contextOf(request), request.params.key),
  );
  route.post('/api/cache/:key/reset', { config, schema: { tags, params: resettableCacheKeyParamsSchema, response: { 202: jobRecordSchema } } }, async (request, reply) =>
    reply.status(202).send(await service.reset(contextOf(request), request.params.key)),
  );
  route.post(
    '/api/products/sync',
    { config: { permission: ['products', 'cache_management'] }, schema: { tags: ['products'], response: { 202: jobRecordSchema } } },
    async (request, reply) => reply.status(202).send(await service.syncProducts(contextOf(request))),
  );
}
