import { productSizeResource } from '@facet/contract/modules/product-sizes/product-size.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createProductSizeService } from './product-size.service.ts';

export function productSizeRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, productSizeResource, createProductSizeService(db));
}
