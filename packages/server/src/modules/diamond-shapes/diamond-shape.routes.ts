import { diamondShapeResource } from '@facet/contract/modules/diamond-shapes/diamond-shape.schema';
import { shapeCategoryResource } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createDiamondShapeService } from './diamond-shape.service.ts';
import { createShapeCategoryService } from './shape-category.service.ts';

export function diamondShapeRoutes(app: FastifyInstance, db: Db) {
  // The shapes' document is stale after a save, and so are the diamonds' and the combinations', which carry their shape's name.
  crudRoutes(app, diamondShapeResource, createDiamondShapeService(db));
  // Read-only lookup for the markup and shape forms.
  crudRoutes(app, shapeCategoryResource, createShapeCategoryService(db));
}
