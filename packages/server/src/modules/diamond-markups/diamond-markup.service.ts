import { MESSAGES } from '@facet/contract/messages';
import { describeMarkupBand, diamondMarkupResource } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import type { DiamondMarkupInput } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { rangeOverlaps } from '../../db/list-query.ts';
import { conflict } from '../../http/errors.ts';
import { findShapeCategory, loadShapeCategoryNames } from '../diamond-shapes/index.ts';
import { diamondMarkups } from './diamond-markup.table.ts';
import { isLive } from '../../db/columns.ts';

type Band = Required<Pick<DiamondMarkupInput, 'fromCarat' | 'toCarat' | 'isLabDiamond' | 'shapeCategoryId'>>;

/**
 * Refuses a band that overlaps a live band of the same origin and shape category (bands are closed:
 * 0.300-0.499 and 0.500-0.699 touch, 0.300-0.500 and 0.500-0.699 overlap at 0.500). The category
 * row is locked first, so two staff saving bands of one category at once are checked one after the
 * other and cannot both slip in.
 */
async function assertNoOverlap(tx: Db, band: Band, ownId?: number) {
  const category = await findShapeCategory(tx, band.shapeCategoryId, { lock: true });
  const [clash] = await tx
    .select({ fromCarat: diamondMarkups.fromCarat, toCarat: diamondMarkups.toCarat })
    .from(diamondMarkups)
    .where(
      and(
        isLive(diamondMarkups),
        eq(diamondMarkups.isLabDiamond, band.isLabDiamond),
        eq(diamondMarkups.shapeCategoryId, band.shapeCategoryId),
        lte(diamondMarkups.fromCarat, band.toCarat),
        gte(diamondMarkups.toCarat, band.fromCarat),
        ownId === undefined ? undefined : ne(diamondMarkups.id, ownId),
      ),
    )
    .orderBy(asc(diamondMarkups.fromCarat))
    .limit(1);
  if (!clash) return;
  const message = MESSAGES.markupBandOverlap(describeMarkupBand({ ...clash, isLabDiamond: band.isLabDiamond, shapeCategoryName: category.name }));
  throw conflict(message, [{ path: ['fromCarat'], message }]);
}

export function createDiamondMarkupService(db: Db) {
  return createCrudService(db, diamondMarkupResource, diamondMarkups, {
    loadRelations: (source, ids) => loadShapeCategoryNames(source, diamondMarkups, ids),
    filterTargets: { carat: rangeOverlaps(diamondMarkups.fromCarat, diamondMarkups.toCarat) },
    beforeCreate: (tx, { input }) => assertNoOverlap(tx, input),
    beforeUpdate: (tx, { input, existing }) => assertNoOverlap(tx, input, existing.id),
  });
}
