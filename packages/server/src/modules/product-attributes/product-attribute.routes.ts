import { productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createProductAttributeService } from './product-attribute.service.ts';

export function productAttributeRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, productAttributeResource, createProductAttributeService(db));
}
