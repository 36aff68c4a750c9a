import { idParamSchema } from '@facet/contract/api';
import { jobListQuerySchema, jobListResponseSchema, jobRecordSchema } from '@facet/contract/modules/jobs/job.schema';
import type { PermissionKey } from '@facet/contract/permissions';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../db/client.ts';
import { contextOf } from '../http/context.ts';
import { XLSX_CONTENT_TYPE } from '../http/excel.ts';
import { createBulkJobs } from './bulk-jobs.ts';
import type { StaffActorLookup } from './bulk.job.ts';
import { createJobEngine } from './job-engine.ts';
import type { JobEngine } from './job-engine.ts';
import type { JobKind } from './job-kind.ts';
import { createJobService } from './job.service.ts';
import type { JobService } from './job.service.ts';
import { createLargeExports } from './large-exports.ts';
import { createWorkflows } from './workflow.ts';
import type { Workflows } from './workflow.ts';

export interface Jobs {
  engine: JobEngine;
  service: JobService;
  /** Multi-step writes with compensation, run by the engine (`workflow.ts`). */
  workflows: Workflows;
}

/**
 * The job engine and the Job Centre's service, made before the modules register so that a list's
 * export and bulk actions can run as jobs (`app.largeExports`, `app.bulkJobs`); the modules' job kinds are registered from their
 * manifests, and `jobRoutes` adds the routes once they all are.
 */
export function createJobs(
  app: FastifyInstance,
  db: Db,
  { filesDir, exportJobThreshold, staffActorOf }: { filesDir: string; exportJobThreshold: number; staffActorOf: StaffActorLookup },
): Jobs {
  const engine = createJobEngine(db, app.log);
  const service = createJobService(db, engine, filesDir);
  app.decorate('largeExports', createLargeExports(engine, service, { threshold: exportJobThreshold, dir: filesDir }));
  app.decorate('bulkJobs', createBulkJobs(engine, service, staffActorOf));
  return { engine, service, workflows: createWorkflows(db, engine, app.log) };
}

/** Every permission some job kind declares: the job routes admit holders of any of them, the service then filters by kind. */
function jobPermissionsOf(kinds: readonly JobKind[]): PermissionKey[] {
  return [...new Set(kinds.flatMap((kind) => [kind.permission].flat()))];
}

/**
 * The Job Centre's API. A route admits anyone holding the permission of some job kind's area; the
 * service then shows and acts on only the jobs of kinds whose permission the caller holds.
 */
export function jobRoutes(app: FastifyInstance, { engine, service, workflows }: Jobs) {
  app.addHook('onReady', () => engine.onReady());
  // After the engine's sweep: a workflow whose job died with the last process is queued again.
  app.addHook('onReady', () => workflows.onReady());
  app.addHook('onClose', async () => workflows.onClose());
  app.addHook('onClose', () => engine.onClose());
  const config = { permission: jobPermissionsOf(engine.kinds()) };
  const tags = ['jobs'];
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get('/api/jobs', { config, schema: { tags, querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } } }, (request) =>
    service.list(contextOf(request).actor, request.query),
  );
  route.get('/api/jobs/:id', { config, schema: { tags, params: idParamSchema, response: { 200: jobRecordSchema } } }, (request) =>
    service.get(contextOf(request).actor, request.params.id),
  );
  route.post('/api/jobs/:id/cancel', { config, schema: { tags, params: idParamSchema, response: { 200: jobRecordSchema } } }, (request) =>
    service.cancel(contextOf(request).actor, request.params.id),
  );
  route.get('/api/jobs/:id/download', { config, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    const file = await service.download(contextOf(request).actor, request.params.id);
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(fs.createReadStream(file.path));
  });
  route.post('/api/jobs/:id/retry', { config, schema: { tags, params: idParamSchema, response: { 201: jobRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.retry(contextOf(request).actor, request.params.id)),
  );
}
