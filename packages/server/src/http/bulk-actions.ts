import type { ListQuery } from '@facet/contract/api';
import { bulkRequestSchema, changesRows } from '@facet/contract/bulk';
import type { BulkJobParams, BulkList, BulkRequest } from '@facet/contract/bulk';
import { MESSAGES } from '@facet/contract/messages';
import { jobRecordSchema } from '@facet/contract/modules/jobs/job.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ResourceDefinition } from '@facet/contract/resource';
import { statusLabelOf, statusValueSchema } from '@facet/contract/status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { BulkChange, BulkOutcome, CrudService } from '../db/crud-service.ts';
import type { Actor, RequestContext } from './context.ts';
import { contextOf } from './context.ts';
import { AppError, parseOrThrow } from './errors.ts';
import type { ExportSource } from './large-exports.ts';

export type BulkQuery = ListQuery & Record<string, unknown>;

/**
 * What a bulk job of one list works on: the list's own query reading, its selection walk and the
 * change applied with each row's rules. A flat resource's comes from its definition and crud service
 * (`bulkTargetOf`); a hand-written list (products) gives its own operations to `bulkTarget`.
 */
export interface BulkTarget {
  name: string;
  /** Reads the list's query string again, with the list's own schema (400 as the list answers). */
  parseQuery(raw: Record<string, string>): BulkQuery;
  /** Checks a status value against the list's own (a job's params are read again when it runs). */
  parseStatus(value: unknown): unknown;
  /** How staff read a status value (Active, Inactive, a state's label). */
  statusLabel(value: unknown): string;
  count(query: BulkQuery): Promise<number>;
  /** The ids the filters select, a batch at a time, walked by keyset (no offset, no count). */
  iterateIds(query: BulkQuery): AsyncIterable<number[]>;
  /**
   * Applies the change to the rows `ids` still live and still matching `query`, in one transaction:
   * each row meets the rules its single write meets, a refusal of any writes nothing (409 naming the
   * rows); audit rows and events as the single writes write them; `commit` last, in that transaction.
   */
  applyToMany(
    ids: readonly number[],
    change: BulkChange,
    query: BulkQuery,
    context: RequestContext,
    commit: (tx: Db, outcome: BulkOutcome) => Promise<void>,
  ): Promise<BulkOutcome>;
}

/** The operations of a list's bulk target; the rest comes from its declaration and its list query. */
export type BulkOperations = Pick<BulkTarget, 'count' | 'iterateIds' | 'applyToMany'>;

/** A list's bulk target: its query read by its own schema, its status values by its own definition. */
export function bulkTarget(list: Pick<BulkList, 'name' | 'status'> & { listQuery: { schema: z.ZodType } }, operations: BulkOperations): BulkTarget {
  const status = list.status && statusValueSchema(list.status);
  return {
    name: list.name,
    parseQuery: (raw) => parseOrThrow(list.listQuery.schema, raw) as BulkQuery,
    parseStatus: (value) => (status ? parseOrThrow(status, value) : undefined),
    statusLabel: (value) => (list.status ? statusLabelOf(list.status, value) : String(value)),
    ...operations,
  };
}

/** The bulk target of a flat resource: its crud service's count, keyset walk and `applyToMany`. */
export function bulkTargetOf(resource: ResourceDefinition, service: Pick<CrudService<never, never, unknown, unknown>, 'count' | 'iterateBatches' | 'applyToMany'>): BulkTarget {
  return bulkTarget(resource, {
    count: (query) => service.count(query),
    async *iterateIds(query) {
      for await (const batch of service.iterateBatches(query, ['id'])) yield batch.map((row) => row.id as number);
    },
    applyToMany: (ids, change, query, context, commit) => service.applyToMany(ids, change as never, query, context, commit),
  });
}

/**
 * The job side of bulk actions, provided by the jobs module (`app.bulkJobs`, set before the modules
 * register), so http/ does not import the job engine: each list with bulk actions registers its
 * kind `bulk.<list>` as its routes register.
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

/** What carries out a list's bulk actions: its bulk target (status, delete) and its export, as it declares them. */
export interface BulkHandlers {
  target?: BulkTarget;
  exportSource?: ExportSource<never>;
}

/**
 * `POST /api/<list>/bulk` for a list that declares bulk actions, under the list's own permission: a
 * status change or a delete of the ticked rows or of everything the filters select starts the list's
 * bulk job; an export starts the list's export job (always a job, whatever the size, so it is
 * followed in the Job Centre like the others). The filters are validated here by the list's own
 * schema, as the list validates its URL, so a bad filter is a 400 before any job exists. A flat
 * resource gets it from `crudRoutes`; a hand-written list calls it with its own handlers.
 */
export function bulkRoutes(app: FastifyInstance, list: BulkList & { listQuery: { schema: z.ZodType } }, { target, exportSource }: BulkHandlers) {
  if (!list.bulkActions?.length) return;
  const { bulkJobs, largeExports } = app;
  if (!bulkJobs) throw new Error(`${list.name} has bulk actions but the job engine is not set up`);
  if (list.bulkActions.includes('export') && !exportSource) throw new Error(`${list.name}: a bulk export needs the list's export`);
  if (changesRows(list)) {
    if (!target) throw new Error(`${list.name}: a bulk status change or delete needs the list's bulk target`);
    bulkJobs.register(target);
  }
  const route = app.withTypeProvider<ZodTypeProvider>();
  const body = bulkRequestSchema(list) as unknown as z.ZodType<BulkRequest>;

  route.post(
    `/api/${list.name}/bulk`,
    { config: { permission: list.permission }, schema: { tags: [list.name], body, response: { 202: jobRecordSchema } } },
    async (request, reply) => {
      const { action, status, filters, ids } = request.body;
      const actor = contextOf(request).actor;
      // Read as the list reads its URL: the same schema, the same 400 with the same messages.
      if (filters) parseOrThrow(list.listQuery.schema, filters);
      if (action === 'export') {
        if (!exportSource || !largeExports) throw new Error(`${list.name}: bulk export without an export`);
        if (!filters) throw new AppError('VALIDATION_FAILED', MESSAGES.bulkExportNeedsFilters, [{ path: ['filters'], message: MESSAGES.bulkExportNeedsFilters }]);
        return reply.status(202).send(await largeExports.start(exportSource.name, filters, actor));
      }
      const selection = filters ? { filters } : { ids: ids! };
      const params: BulkJobParams = action === 'status' ? { action, status: status as boolean | string, ...selection } : { action, ...selection };
      return reply.status(202).send(await bulkJobs.start(list.name, params, actor));
    },
  );
}
