import { metalResource } from '@facet/contract/modules/metals/metal.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createMetalService } from './metal.service.ts';

export function metalRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, metalResource, createMetalService(db));
}
