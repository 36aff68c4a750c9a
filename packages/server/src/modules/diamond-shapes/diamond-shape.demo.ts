import { SHAPE_CATEGORY_CODES } from '@facet/contract/modules/diamond-shapes/shape-category.schema';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { diamondShapes } from './diamond-shape.table.ts';
import { shapeCategories } from './shape-category.table.ts';

const ROUND_SHAPES = ['Round'];
const FANCY_SHAPES = ['Oval', 'Cushion', 'Pear', 'Emerald', 'Princess', 'Radiant', 'Asscher', 'Marquise', 'Heart'];
/** Offered once, no longer stocked: shows an inactive row. */
const RETIRED_SHAPES = ['Trillion'];

export async function seedDemoDiamondShapes(tx: Db, { adminId }: SeedContext) {
  const categories = await tx.select({ id: shapeCategories.id, code: shapeCategories.code }).from(shapeCategories);
  const idOf = (code: string) => categories.find((c) => c.code === code)!.id;
  const shape = (name: string, code: string, status = true) => ({ name, status, shapeCategoryId: idOf(code), createdBy: adminId, updatedBy: adminId });
  const rows = [
    ...ROUND_SHAPES.map((name) => shape(name, SHAPE_CATEGORY_CODES.round)),
    ...FANCY_SHAPES.map((name) => shape(name, SHAPE_CATEGORY_CODES.fancy)),
    ...RETIRED_SHAPES.map((name) => shape(name, SHAPE_CATEGORY_CODES.fancy, false)),
  ];
  // The list shows the newest first; inserted in reverse, Round leads it.
  await tx.insert(diamondShapes).values(rows.reverse());
}
