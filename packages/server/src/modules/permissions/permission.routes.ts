import { permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createPermissionService } from './permission.service.ts';

export function permissionRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, permissionResource, createPermissionService(db));
}
