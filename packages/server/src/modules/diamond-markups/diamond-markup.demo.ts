import type { MarkupType } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { shapeCategories } from '../diamond-shapes/shape-category.table.ts';
import { diamondMarkups } from './diamond-markup.table.ts';

/** Carat bands as a UK retailer prices loose stones: bands touch, never overlap. */
const BANDS: [from: number, to: number][] = [
  [0.3, 0.499],
  [0.5, 0.699],
  [0.7, 0.899],
  [0.9, 0.999],
  [1, 1.499],
  [1.5, 1.999],
  [2, 2.999],
  [3, 5],
];

/**
 * Earth-mined stones carry a falling percentage as the carat (and the cost) grows; lab-grown stones
 * cost far less, so small ones carry a fixed amount and larger ones a higher percentage. Fancy shapes
 * take a little more than round for the extra cutting and matching work.
 */
function markupFor(isLabDiamond: boolean, band: number, isFancy: boolean): { markupType: MarkupType; markup: number; fixCost: number } {
  const fancyExtra = isFancy ? 5 : 0;
  if (!isLabDiamond) return { markupType: 'percentage', markup: 35 - band * 3 + fancyExtra, fixCost: 25 + band * 5 };
  if (band < 2) return { markupType: 'amount', markup: 150 + band * 50 + fancyExtra * 5, fixCost: 15 };
  return { markupType: 'percentage', markup: 60 - band * 2 + fancyExtra, fixCost: 20 };
}

export async function seedDemoDiamondMarkups(tx: Db, { adminId }: SeedContext) {
  const categories = await tx.select({ id: shapeCategories.id, code: shapeCategories.code }).from(shapeCategories);
  const rows = [false, true].flatMap((isLabDiamond) =>
    categories.flatMap((category) =>
      BANDS.map(([fromCarat, toCarat], band) => ({
        fromCarat,
        toCarat,
        isLabDiamond,
        shapeCategoryId: category.id,
        ...markupFor(isLabDiamond, band, category.code === 'fancy'),
        createdBy: adminId,
        updatedBy: adminId,
      })),
    ),
  );
  await tx.insert(diamondMarkups).values(rows);
}
