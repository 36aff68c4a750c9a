import { diamondMarkupResource } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createDiamondMarkupService } from './diamond-markup.service.ts';

export function diamondMarkupRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, diamondMarkupResource, createDiamondMarkupService(db));
}
