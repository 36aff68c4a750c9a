import { roleResource } from '@facet/contract/modules/roles/role.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createRoleService } from './role.service.ts';

export function roleRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, roleResource, createRoleService(db));
}
