import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { lettersDigitsDashes, lettersOnly } from '../../rules.ts';

/** The quality of the small diamonds set in jewellery, as a clarity and colour range: VS-GH. */
export const diamondQualityInputSchema = z.object({
  stoneQuality: lettersDigitsDashes(25),
  clarity: lettersOnly(10),
  color: lettersOnly(10),
  status: z.boolean().default(true),
});
export type DiamondQualityInput = z.input<typeof diamondQualityInputSchema>;

export const diamondQualityRecordSchema = recordOf(diamondQualityInputSchema);
export type DiamondQualityRecord = z.infer<typeof diamondQualityRecordSchema>;

export const diamondQualityResource = defineResource({
  name: 'diamond-qualities',
  entity: 'diamond_quality',
  label: 'Diamond Quality',
  permission: 'system',
  createInput: diamondQualityInputSchema,
  record: diamondQualityRecordSchema,
  searchable: ['stoneQuality', 'clarity', 'color'],
  unique: [{ field: 'stoneQuality', label: 'Diamond quality' }],
});
