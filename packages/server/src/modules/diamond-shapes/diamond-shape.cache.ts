import { and, asc, eq } from 'drizzle-orm';
import { isLive } from '../../db/columns.ts';
import { diamondShapes } from './diamond-shape.table.ts';
import { shapeCategories } from './shape-category.table.ts';
import { cacheDocument, smallCacheSource } from '../cache/index.ts';

/** The Diamond Shapes key: one document, `all`, the active diamond shapes with their shape category (Round or Fancy). */
export const diamondShapeCacheSource = smallCacheSource({
  key: 'diamond-shapes',
  label: 'Diamond Shapes',
  tables: ['diamond_shapes', 'shape_categories'],
  async read(db) {
    const rows = await db
      .select({ id: diamondShapes.id, name: diamondShapes.name, shapeCategory: shapeCategories.name })
      .from(diamondShapes)
      .innerJoin(shapeCategories, eq(shapeCategories.id, diamondShapes.shapeCategoryId))
      .where(and(isLive(diamondShapes), eq(diamondShapes.status, true)))
      .orderBy(asc(diamondShapes.name));
    return [['all', cacheDocument(rows)]];
  },
});
