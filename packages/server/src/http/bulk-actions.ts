import type { ListQuery } from '@facet/contract/api';
import { bulkRequestSchema } from '@facet/contract/bulk';
import type { BulkJobParams, BulkRequest } from '@facet/contract/bulk';
import { MESSAGES } from '@facet/contract/messages';
import { jobRecordSchema } from '@facet/contract/modules/jobs/job.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ResourceDefinition } from '@facet/contract/resource';
import { statusLabelOf, statusValueSchema } from '@facet/contract/status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CrudService } from '../db/crud-service.ts';
import type { Actor } from './context.ts';
import { contextOf } from './context.ts';
import { AppError, parseOrThrow } from './errors.ts';
import type { ExportSource } from './large-exports.ts';

type Query = ListQuery & Record<string, unknown>;

/**
 * What a bulk job of one resource works on: the list's own query reading, its selection walk and
 * its service's `applyToMany`. Built from the resource and its service (`bulkTargetOf`).
 */
export interface BulkTarget {
  name: string;
  /** Reads the list's query string again, with the list's own schema (400 as the list answers). */
  parseQuery(raw: Record<string, string>): Query;
  /** Checks a status value against the resource's own (a job's params are read again when it runs). */
  parseStatus(value: unknown): unknown;
  /** How staff read a status value (Active, Inactive, a state's label). */
  statusLabel(value: unknown): string;
  count(query: Query): Promise<number>;
  /** The ids the filters select, a batch at a time, walked by keyset (no offset, no count). */
  iterateIds(query: Query): AsyncIterable<number[]>;
  applyToMany: CrudService<never, never, unknown, unknown>['applyToMany'];
}

/**
 * The job side of bulk actions, provided by the jobs module (`app.bulkJobs`, set before the modules
 * register), so http/ does not import the job engine: each resource with bulk actions registers its
 * kind `bulk.<resource>` as its routes register.
 */
export interface BulkJobs {
  register(target: BulkTarget): void;
  start(name: string, params: BulkJobParams, actor: Actor): Promise<JobRecord>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bulkJobs?: BulkJobs;
  }
}

/** The bulk target of a flat resource. */
export function bulkTargetOf(resource: ResourceDefinition, service: Pick<CrudService<never, never, unknown, unknown>, 'count' | 'iterateBatches' | 'applyToMany'>): BulkTarget {
  const status = resource.status && statusValueSchema(resource.status);
  return {
    name: resource.name,
    parseQuery: (raw) => parseOrThrow(resource.listQuery.schema, raw) as Query,
    parseStatus: (value) => (status ? parseOrThrow(status, value) : undefined),
    statusLabel: (value) => (resource.status ? statusLabelOf(resource.status, value) : String(value)),
    count: (query) => service.count(query),
    async *iterateIds(query) {
      for await (const batch of service.iterateBatches(query, ['id'])) yield batch.map((row) => row.id as number);
    },
    applyToMany: (...args) => service.applyToMany(...args),
  };
}

/**
 * `POST /api/<resource>/bulk` for a resource that declares bulk actions, under the resource's own
 * permission: a status change or a delete of the ticked rows or of everything the filters select
 * starts the resource's bulk job; an export starts the list's export job (always a job, whatever the
 * size, so it is followed in the Job Centre like the others). The filters are validated here by the
 * list's own schema, as the list validates its URL, so a bad filter is a 400 before any job exists.
 */
export function bulkRoutes<R extends ResourceDefinition>(
  app: FastifyInstance,
  resource: R,
  service: Pick<CrudService<never, never, unknown, unknown>, 'count' | 'iterateBatches' | 'applyToMany'>,
  exportSource: ExportSource<never> | undefined,
) {
  if (!resource.bulkActions?.length) return;
  const { bulkJobs, largeExports } = app;
  if (!bulkJobs) throw new Error(`${resource.name} has bulk actions but the job engine is not set up`);
  const target = bulkTargetOf(resource, service);
  bulkJobs.register(target);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const body = bulkRequestSchema(resource) as unknown as z.ZodType<BulkRequest>;

  route.post(
    `/api/${resource.name}/bulk`,
    { config: { permission: resource.permission }, schema: { tags: [resource.name], body, response: { 202: jobRecordSchema } } },
    async (request, reply) => {
      const { action, status, filters, ids } = request.body;
      const actor = contextOf(request).actor;
      // Read as the list reads its URL: the same schema, the same 400 with the same messages.
      if (filters) target.parseQuery(filters);
      if (action === 'export') {
        if (!exportSource || !largeExports) throw new Error(`${resource.name}: bulk export without an export`);
        if (!filters) throw new AppError('VALIDATION_FAILED', MESSAGES.bulkExportNeedsFilters, [{ path: ['filters'], message: MESSAGES.bulkExportNeedsFilters }]);
        return reply.status(202).send(await largeExports.start(exportSource.name, filters, actor));
      }
      const selection = filters ? { filters } : { ids: ids! };
      const params: BulkJobParams = action === 'status' ? { action, status: status as boolean | string, ...selection } : { action, ...selection };
      return reply.status(202).send(await bulkJobs.start(resource.name, params, actor));
    },
  );
}
