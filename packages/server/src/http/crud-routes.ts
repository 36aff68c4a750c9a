import type { listQuerySchema } from '@facet/contract/api';
import { idParamSchema, listResponseSchema, versionSchema } from '@facet/contract/api';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { StatusValue } from '@facet/contract/status';
import { statusPatchSchema } from '@facet/contract/status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CrudService } from '../db/crud-service.ts';
import { contextOf } from './context.ts';
import { bulkRoutes, bulkTargetOf } from './bulk-actions.ts';
import { exportSourceOf, sendExport } from './large-exports.ts';

/**
 * The REST routes of DESIGN §4 for one resource: list, export, read, create, update, status, delete,
 * and the bulk actions it declares.
 * Each declares the resource's permission (list and view also `alsoReadBy`'s). The list and the export read the same query schema,
 * the resource's own (paging, search, sort and its declared filters), so an export holds what the list shows.
 */
export function crudRoutes<R extends ResourceDefinition>(
  app: FastifyInstance,
  resource: R,
  service: CrudService<z.output<R['createInput']>, z.output<R['updateInput']>, z.output<R['record']>, StatusValue<R['status']>, z.output<R['listRow']>>,
) {
  const base = `/api/${resource.name}`;
  const config = { permission: resource.permission };
  const readConfig = { permission: [...[resource.permission].flat(), ...[resource.alsoReadBy ?? []].flat()] };
  const tags = [resource.name];
  const route = app.withTypeProvider<ZodTypeProvider>();
  // Only the resource's sortable fields and well-formed filters may be asked for: refused by the
  // schema, so the export (which streams) refuses a bad query before it starts, like the list.
  const listQuery = resource.listQuery.schema;
  type Query = z.output<typeof listQuerySchema> & Record<string, unknown>;

  route.get(base, { config: readConfig, schema: { tags, querystring: listQuery, response: { 200: listResponseSchema(resource.listRow) } } }, (request) =>
    service.list(request.query as Query),
  );

  const exportSource = resource.export && exportSourceOf(resource, service as CrudService<never, never, unknown>);
  if (exportSource) {
    app.largeExports?.register(exportSource);
    route.get(`${base}/export`, { config, schema: { tags, querystring: listQuery } }, (request, reply) => sendExport(request, reply, exportSource, request.query as never));
  }
  if (resource.bulkActions?.length) bulkRoutes(app, resource, { target: bulkTargetOf(resource, service as never), exportSource });

  route.get(`${base}/:id`, { config: readConfig, schema: { tags, params: idParamSchema, response: { 200: resource.record } } }, (request) =>
    service.get(request.params.id),
  );

  if (resource.operations.create) {
    route.post(`${base}`, { config, schema: { tags, body: resource.createInput, response: { 201: resource.record } } }, async (request, reply) =>
      reply.status(201).send(await service.create(request.body as z.output<R['createInput']>, contextOf(request))),
    );
  }

  if (resource.operations.update) {
    route.put(
      `${base}/:id`,
      { config, schema: { tags, params: idParamSchema, body: z.intersection(resource.updateInput, versionSchema), response: { 200: resource.record } } },
      (request) => {
        const { version, ...input } = request.body as { version: number } & Record<string, unknown>;
        return service.update(request.params.id, input as z.output<R['updateInput']>, version, contextOf(request));
      },
    );
  }

  if (resource.status) {
    // The new status as the resource declares it: true/false for the switch, one of its states otherwise.
    const body = statusPatchSchema(resource.status);
    route.patch(`${base}/:id/status`, { config, schema: { tags, params: idParamSchema, body, response: { 200: resource.record } } }, (request) =>
      service.setStatus(request.params.id, request.body.status as StatusValue<R['status']>, request.body.version, contextOf(request)),
    );
  }

  if (resource.operations.delete) {
    route.delete(`${base}/:id`, { config, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      await service.remove(request.params.id, contextOf(request));
      return reply.status(204).send();
    });
  }
}
