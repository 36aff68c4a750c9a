import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ExportColumn, ResourceDefinition } from '@facet/contract/resource';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CrudService } from '../db/crud-service.ts';
import type { Actor } from './context.ts';
import { contextOf } from './context.ts';
import { sendExcel } from './excel.ts';
import type { ExportRows } from './xlsx-writer.ts';

/** A list's query as the request sent it (a repeated key becomes a list), to be read again by a job. */
export type RawQuery = Record<string, string | string[]>;

/**
 * What an export streams, whoever runs it (the request, or a job for a big one): its rows for a
 * query read by the list's own schema. A flat resource's comes from its definition and crud service
 * (`exportSourceOf`); a hand-written list (products) declares its own.
 */
export interface ExportSource<Q = never> {
  /** The list's name: its job kind is `export.<name>`, listed in the contract's EXPORTED_RESOURCES. */
  name: string;
  fileName: string;
  columns: readonly ExportColumn[];
  /** Reads the request's query again, with the list's own schema. */
  parseQuery(raw: RawQuery): Q;
  count(query: Q, upTo?: number): Promise<number>;
  /** Its rows, one at a time or in batches (a flat resource's keyset pages). */
  iterate(query: Q): AsyncIterable<ExportRows>;
}

/** The export source of a flat resource with an export. */
export function exportSourceOf(resource: ResourceDefinition, service: Pick<CrudService<never, never, unknown>, 'count' | 'iterateBatches'>): ExportSource<never> {
  const { fileName, columns } = resource.export!;
  // Only the columns the sheet shows are read.
  const fields = columns.map((column) => column.field);
  return {
    name: resource.name,
    fileName,
    columns,
    parseQuery: (raw) => resource.listQuery.schema.parse(raw) as never,
    count: (query, upTo) => service.count(query, upTo),
    iterate: (query) => service.iterateBatches(query, fields),
  };
}

/**
 * What the export route needs for exports too big to stream from a request: over `threshold` rows it
 * starts a job that writes the same .xlsx to a file. The jobs module provides it (`app.largeExports`,
 * set before the modules register), so http/ does not import the job engine.
 */
export interface LargeExports {
  threshold: number;
  /** Makes the list's export job runnable; called when its routes are registered. */
  register(source: ExportSource<never>): void;
  start(name: string, query: RawQuery, actor: Actor): Promise<JobRecord>;
}

declare module 'fastify' {
  interface FastifyInstance {
    largeExports?: LargeExports;
  }
}

/** The query string of a request as it was sent, before the route's schema turned it into values. */
export function rawQueryOf(request: FastifyRequest): RawQuery {
  const raw: RawQuery = {};
  const search = request.raw.url?.split('?')[1] ?? '';
  for (const [key, value] of new URLSearchParams(search)) {
    const held = raw[key];
    raw[key] = held === undefined ? value : [held, value].flat();
  }
  return raw;
}

/**
 * The export route's answer: up to the threshold the file streams from the request; beyond it a job
 * writes the same file and the answer is the job (202), whose download link appears when it is done.
 */
export async function sendExport<Q>(request: FastifyRequest, reply: FastifyReply, source: ExportSource<Q>, query: Q) {
  const largeExports = request.server.largeExports;
  if (largeExports && (await source.count(query, largeExports.threshold + 1)) > largeExports.threshold) {
    return reply.status(202).send(await largeExports.start(source.name, rawQueryOf(request), contextOf(request).actor));
  }
  return sendExcel(reply, source.fileName, source.columns, source.iterate(query));
}
