import { userResource } from '@facet/contract/modules/users/user.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createUserService } from './user.service.ts';

export function userRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, userResource, createUserService(db));
}
