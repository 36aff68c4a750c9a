import { z } from 'zod';
import { recordId, recordOf } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { maxChars, money, requiredNumber } from '../../rules.ts';

/** Character limits of the form's number inputs (document 1 §9). */
export const METAL_QUALITY_LIMITS = { goldPrice: 7, fineness: 7, weight: 10, labourCharge: 7 } as const;
export const DEFAULT_WEIGHT = 1;
export const DEFAULT_FINENESS = 0;
/** The weight column is numeric(12, 3): nine digits before the point. */
export const WEIGHT_MAX = 999_999_999.999;


/**
 * What staff choose and type. Gold price and rate are not inputs: the server takes the gold price
 * from the chosen metal and computes the rate itself, whatever a client sends.
 */
export const metalQualityInputSchema = z.object({
  metalQualityOptionId: recordId(MESSAGES.required),
  metalId: recordId(MESSAGES.required),
  fineness: maxChars(requiredNumber({ min: 0, max: 100, decimals: 3 }), METAL_QUALITY_LIMITS.fineness),
  weight: maxChars(requiredNumber({ min: 0, max: WEIGHT_MAX, decimals: 3 }), METAL_QUALITY_LIMITS.weight).default(DEFAULT_WEIGHT),
  labourCharges: maxChars(money(), METAL_QUALITY_LIMITS.labourCharge),
  status: z.boolean(),
});
export type MetalQualityInput = z.input<typeof metalQualityInputSchema>;

export const metalQualityRecordSchema = recordOf(metalQualityInputSchema, {
  /** The option's name ('18ct'), from the attribute Metal_quality. */
  metalQuality: z.string(),
  metalType: z.string(),
  goldRate: z.number(),
  rate: z.number(),
});
export type MetalQualityRecord = z.infer<typeof metalQualityRecordSchema>;

/** What the form chooses from: metals (their price and labour charge fill the form) and quality options. */
export const metalQualityChoicesSchema = z.object({
  metals: z.array(z.object({ id: z.number().int(), metalType: z.string(), metalPrice: z.number(), metalLabourCharge: z.number() })),
  qualityOptions: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export type MetalQualityChoices = z.infer<typeof metalQualityChoicesSchema>;

/**
 * Rate = gold price × fineness / 100, rounded half up to the penny. Worked in integers (pence and
 * thousandths of a percent) so the form shows exactly what the server stores; the server computes
 * the same in SQL.
 */
export function metalQualityRate(goldPrice: number, fineness: number): number {
  const pence = BigInt(Math.round(goldPrice * 100));
  const thousandths = BigInt(Math.round(fineness * 1000));
  return Number((pence * thousandths + 50_000n) / 100_000n) / 100;
}

export const metalQualityResource = defineResource({
  name: 'metal-qualities',
  entity: 'metal_quality',
  label: 'Metal Quality',
  permission: 'system',
  createInput: metalQualityInputSchema,
  record: metalQualityRecordSchema,
  searchable: ['metalQuality', 'metalType'],
  bulkActions: ['status', 'delete'],
});
