import { customerGroupResource } from '@facet/contract/modules/customer-groups/customer-group.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createCustomerGroupService } from './customer-group.service.ts';

export function customerGroupRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, customerGroupResource, createCustomerGroupService(db));
}
