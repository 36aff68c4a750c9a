import { z } from 'zod';
import { recordId, recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { lettersDigitsSpaces } from '../../rules.ts';

export const diamondShapeInputSchema = z.object({
  name: lettersDigitsSpaces(100),
  status: z.boolean().default(true),
  // Not in the spec's form; left out, the server files a new shape under Fancy (every shape but round).
  shapeCategoryId: recordId().optional(),
});
export type DiamondShapeInput = z.input<typeof diamondShapeInputSchema>;

export const diamondShapeRecordSchema = recordOf(diamondShapeInputSchema, {
  /** Always set once stored (a shape sent without one is filed under Fancy). */
  shapeCategoryId: z.number().int(),
  shapeCategoryName: z.string(),
});
export type DiamondShapeRecord = z.infer<typeof diamondShapeRecordSchema>;

export const diamondShapeResource = defineResource({
  name: 'diamond-shapes',
  entity: 'diamond_shape',
  label: 'Diamond Shape',
  permission: 'system',
  // The diamonds list's Shape filter offers the shapes to staff who may not edit them.
  alsoReadBy: 'diamonds',
  createInput: diamondShapeInputSchema,
  record: diamondShapeRecordSchema,
  searchable: ['name'],
  unique: [{ field: 'name', label: 'Diamond shape' }],
  bulkActions: ['status', 'delete'],
});
