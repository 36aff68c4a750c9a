import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { diamondShapes } from './diamond-shape.table.ts';

/**
 * The diamond shapes as other areas see them: a product's "Can Be Set With" names shapes by id, and
 * its form, checks, export and import read them here, not from the diamonds area's table.
 */

/** Live shapes by name, with their switch: the product form's choices. */
export function shapeChoices(db: Db) {
  return db
    .select({ id: diamondShapes.id, name: diamondShapes.name, status: diamondShapes.status })
    .from(diamondShapes)
    .where(isLive(diamondShapes))
    .orderBy(asc(sql`lower(${diamondShapes.name})`), asc(diamondShapes.id));
}

/** The names of shapes by id, deleted ones too (a saved product still names them); every live shape when `ids` is omitted. */
export function shapeNames(db: Db, ids?: number[]) {
  return db
    .select({ id: diamondShapes.id, name: diamondShapes.name })
    .from(diamondShapes)
    .where(ids === undefined ? isLive(diamondShapes) : inArray(diamondShapes.id, ids));
}

/** Which of `ids` are live shapes. */
export async function liveShapeIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: diamondShapes.id }).from(diamondShapes).where(and(inArray(diamondShapes.id, ids), isLive(diamondShapes)));
  return new Set(rows.map((row) => row.id));
}
