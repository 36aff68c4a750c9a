import { diamondQualityResource } from '@facet/contract/modules/diamond-qualities/diamond-quality.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { diamondQualities } from './diamond-quality.table.ts';

export function diamondQualityRoutes(app: FastifyInstance, db: Db) {
  // Nothing beyond the generic rules: the service is the toolkit's own.
  crudRoutes(app, diamondQualityResource, createCrudService(db, diamondQualityResource, diamondQualities));
}
