import { attributeSetResource } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createAttributeSetService } from './attribute-set.service.ts';

export function attributeSetRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, attributeSetResource, createAttributeSetService(db));
}
