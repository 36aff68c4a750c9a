import { diamondShapeResource } from '@facet/contract/modules/diamond-shapes/diamond-shape.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emit } from '../../events/emit.ts';
import { diamondShapes } from './diamond-shape.table.ts';
import { fancyCategoryId, findShapeCategory, loadShapeCategoryNames } from './shape-category.service.ts';

export function createDiamondShapeService(db: Db) {
  return createCrudService(db, diamondShapeResource, diamondShapes, {
    // The storefront's shapes, and the stones and combinations that name them (the cache subscribes).
    afterWrite: (tx) => emit(tx, 'diamond-shapes.changed', {}),
    // A shape saved without a category keeps the one it has, or, when new, becomes Fancy.
    toValues: ({ name, status, shapeCategoryId }, { existing }) => ({
      name,
      status,
      shapeCategoryId: shapeCategoryId ?? existing?.shapeCategoryId ?? fancyCategoryId(),
    }),
    loadRelations: (source, ids) => loadShapeCategoryNames(source, diamondShapes, ids),
    async beforeCreate(tx, { input }) {
      if (input.shapeCategoryId !== undefined) await findShapeCategory(tx, input.shapeCategoryId);
    },
    async beforeUpdate(tx, { input }) {
      if (input.shapeCategoryId !== undefined) await findShapeCategory(tx, input.shapeCategoryId);
    },
  });
}
