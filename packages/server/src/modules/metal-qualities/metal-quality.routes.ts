import { metalQualityChoicesSchema, metalQualityResource } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createMetalQualityService, listMetalQualityChoices } from './metal-quality.service.ts';

export function metalQualityRoutes(app: FastifyInstance, db: Db) {
  // What the form chooses from; under the resource's own permission, so system staff need no attribute access.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `/api/${metalQualityResource.name}/choices`,
      { config: { permission: metalQualityResource.permission }, schema: { tags: [metalQualityResource.name], response: { 200: metalQualityChoicesSchema } } },
      () => listMetalQualityChoices(db),
    );
  crudRoutes(app, metalQualityResource, createMetalQualityService(db));
}
