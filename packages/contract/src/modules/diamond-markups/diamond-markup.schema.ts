import { z } from 'zod';
import { recordId, recordOf } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { shapeCategoryResource } from '../diamond-shapes/shape-category.schema.ts';
import { booleanFilter, choiceFilter, idsFilter, rangeFilter } from '../../list-query.ts';
import { defineResource } from '../../resource.ts';
import { acrossFields, PRICE_MAX, requiredNumber } from '../../rules.ts';

export const MARKUP_TYPES = ['percentage', 'amount'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];
export const MARKUP_TYPE_LABELS: Record<MarkupType, string> = { percentage: 'Percentage', amount: 'Amount' };

/** The spec's is_lab_diamond: 0 earth mined, 1 lab grown. */
export const diamondOriginLabel = (isLabDiamond: boolean) => (isLabDiamond ? 'Lab grown' : 'Earth mined');

/** Carat weights travel and are stored with 3 decimals (document 1 §9). */
export const CARAT_DECIMALS = 3;
export const CARAT_MAX = 999.999;
const carat = () => requiredNumber({ min: 0, max: CARAT_MAX, decimals: CARAT_DECIMALS });
const wholeAmount = () => requiredNumber({ min: 0, max: PRICE_MAX, int: true });

export const diamondMarkupInputSchema = acrossFields(
  z.object({
    fromCarat: carat(),
    toCarat: carat(),
    markupType: z.enum(MARKUP_TYPES, { error: MESSAGES.required }),
    markup: wholeAmount(),
    fixCost: wholeAmount(),
    isLabDiamond: z.boolean().default(false),
    shapeCategoryId: recordId(MESSAGES.required),
  }),
  ({ fromCarat, toCarat }, report) => {
    if (typeof fromCarat === 'number' && typeof toCarat === 'number' && !(toCarat > fromCarat)) report(['toCarat'], MESSAGES.caratToAfterFrom);
  },
);
export type DiamondMarkupInput = z.input<typeof diamondMarkupInputSchema>;

export const diamondMarkupRecordSchema = recordOf(diamondMarkupInputSchema, { shapeCategoryName: z.string() });
export type DiamondMarkupRecord = z.infer<typeof diamondMarkupRecordSchema>;

/** How a band is named in messages: '0.500 - 0.999 ct (Earth mined, Round)'. */
export function describeMarkupBand(band: { fromCarat: number; toCarat: number; isLabDiamond: boolean; shapeCategoryName: string }) {
  const carats = `${band.fromCarat.toFixed(CARAT_DECIMALS)} - ${band.toCarat.toFixed(CARAT_DECIMALS)} ct`;
  return `${carats} (${diamondOriginLabel(band.isLabDiamond)}, ${band.shapeCategoryName})`;
}

export const diamondMarkupResource = defineResource({
  name: 'diamond-markups',
  entity: 'diamond_markup',
  label: 'Diamond Markup',
  permission: 'system',
  createInput: diamondMarkupInputSchema,
  record: diamondMarkupRecordSchema,
  // No text to search: staff find a band by its carats, origin and shape, which the filters give.
  searchable: [],
  sortable: ['fromCarat', 'toCarat', 'createdAt'],
  filters: {
    shapeCategoryId: idsFilter('Shape', { resource: shapeCategoryResource, labelField: 'name' }),
    isLabDiamond: booleanFilter('Diamond Type', { trueValue: 'lab', falseValue: 'earth', trueLabel: diamondOriginLabel(true), falseLabel: diamondOriginLabel(false) }),
    markupType: choiceFilter('Markup Type', MARKUP_TYPE_LABELS),
    // Bands that overlap the carats asked for: from = to = a stone's weight finds the band pricing it.
    carat: rangeFilter('Carat', { max: CARAT_MAX, decimals: CARAT_DECIMALS }),
  },
  defaultSort: { field: 'fromCarat', order: 'asc' },
  // The spec gives markups no Active/Inactive status.
  status: null,
  // Issue 23 §1: a delete of the ticked bands or all the filters select; the stones are repriced after it.
  bulkActions: ['delete'],
});
