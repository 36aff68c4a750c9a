import { idParamSchema } from '@facet/contract/api';
import { JOB_PERMISSIONS, jobListQuerySchema, jobListResponseSchema, jobRecordSchema, startJobSchema } from '@facet/contract/modules/jobs/job.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { contextOf } from '../http/context.ts';
import { createJobEngine } from './job-engine.ts';
import type { JobEngineOptions } from './job-engine.ts';
import { createJobService } from './job.service.ts';
import { JOB_KIND_DEFINITIONS } from './kinds/index.ts';

/**
 * The Job Centre's API. A route admits anyone holding the permission of some job kind's area; the
 * service then shows and acts on only the jobs of kinds whose permission the caller holds.
 */
export function jobRoutes(app: FastifyInstance, db: Db, opts: JobEngineOptions = {}) {
  const engine = createJobEngine(db, JOB_KIND_DEFINITIONS, app.log, opts);
  app.addHook('onReady', () => engine.onReady());
  app.addHook('onClose', () => engine.onClose());
  const service = createJobService(db, engine);
  const config = { permission: JOB_PERMISSIONS };
  const tags = ['jobs'];
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get('/api/jobs', { config, schema: { tags, querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } } }, (request) =>
    service.list(contextOf(request).actor, request.query),
  );
  route.get('/api/jobs/:id', { config, schema: { tags, params: idParamSchema, response: { 200: jobRecordSchema } } }, (request) =>
    service.get(contextOf(request).actor, request.params.id),
  );
  route.post('/api/jobs', { config, schema: { tags, body: startJobSchema, response: { 201: jobRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.start(contextOf(request).actor, request.body)),
  );
  route.post('/api/jobs/:id/cancel', { config, schema: { tags, params: idParamSchema, response: { 200: jobRecordSchema } } }, (request) =>
    service.cancel(contextOf(request).actor, request.params.id),
  );
  route.post('/api/jobs/:id/retry', { config, schema: { tags, params: idParamSchema, response: { 201: jobRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.retry(contextOf(request).actor, request.params.id)),
  );
}
