import { MESSAGES } from '@facet/contract/messages';
import { SHAPE_CATEGORY_CODES } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import { shapeCategoryResource } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { CrudTable, Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { invalidField } from '../../http/errors.ts';
import type { SeedContext } from '../../db/seed.ts';
import { diamondShapes } from './diamond-shape.table.ts';
import { shapeCategories } from './shape-category.table.ts';
import { isLive } from '../../db/columns.ts';

export function createShapeCategoryService(db: Db) {
  return createCrudService(db, shapeCategoryResource, shapeCategories, {
    async loadRelations(source, ids) {
      const rows = await source
        .select({ categoryId: diamondShapes.shapeCategoryId, name: diamondShapes.name })
        .from(diamondShapes)
        .where(and(inArray(diamondShapes.shapeCategoryId, ids), isLive(diamondShapes)))
        .orderBy(asc(sql`lower(${diamondShapes.name})`));
      const byCategory = new Map(ids.map((id) => [id, { shapeNames: [] as string[] }]));
      for (const row of rows) byCategory.get(row.categoryId)?.shapeNames.push(row.name);
      return byCategory;
    },
  });
}

/**
 * The live shape category `id`, or a 400 on the form's field. With `lock`, the category row is held
 * FOR UPDATE until the transaction ends: writers of one category's markup bands queue behind it.
 */
export async function findShapeCategory(tx: Db, id: number, opts: { lock?: boolean } = {}) {
  const query = tx
    .select({ id: shapeCategories.id, name: shapeCategories.name })
    .from(shapeCategories)
    .where(and(eq(shapeCategories.id, id), isLive(shapeCategories)));
  const [category] = opts.lock ? await query.for('update') : await query;
  if (!category) throw invalidField('shapeCategoryId', MESSAGES.unknownShapeCategory);
  return category;
}

/** The id of the Fancy category as an SQL value, for an insert that has no category chosen. */
export const fancyCategoryId = () =>
  sql`(select ${shapeCategories.id} from ${shapeCategories} where ${shapeCategories.code} = ${SHAPE_CATEGORY_CODES.fancy} and ${shapeCategories.deletedAt} is null)`;

/** `shapeCategoryName` for rows of a table that points at shape categories (shapes, markups). */
export async function loadShapeCategoryNames(source: Db, table: CrudTable & { shapeCategoryId: PgColumn }, ids: number[]) {
  const rows = await source
    .select({ id: table.id, shapeCategoryName: shapeCategories.name })
    .from(table)
    .innerJoin(shapeCategories, eq(shapeCategories.id, table.shapeCategoryId))
    .where(inArray(table.id, ids));
  return new Map<number, Row>(rows.map((row) => [row.id as number, { shapeCategoryName: row.shapeCategoryName }]));
}

/** Reference data every shop needs, demo or not: Round and Fancy. */
export async function seedShapeCategories(tx: Db, { adminId }: SeedContext) {
  await tx.insert(shapeCategories).values([
    { name: 'Round', code: SHAPE_CATEGORY_CODES.round, createdBy: adminId, updatedBy: adminId },
    { name: 'Fancy', code: SHAPE_CATEGORY_CODES.fancy, createdBy: adminId, updatedBy: adminId },
  ]);
}
