import { defineServerModule } from '../server-module.ts';
import { diamondShapeCacheSource } from './diamond-shape.cache.ts';
import { seedDemoDiamondShapes } from './diamond-shape.demo.ts';
import { diamondShapeRoutes } from './diamond-shape.routes.ts';
import { diamondShapes } from './diamond-shape.table.ts';
import { seedShapeCategories } from './shape-category.service.ts';
import { shapeCategories } from './shape-category.table.ts';

export const diamondShapesModule = defineServerModule({
  name: 'diamond-shapes',
  routes: (app, { db }) => diamondShapeRoutes(app, db),
  tables: [diamondShapes, shapeCategories],
  reference: seedShapeCategories,
  demo: seedDemoDiamondShapes,
  cacheSources: [diamondShapeCacheSource],
  permissions: ['system', 'diamonds'],
});
