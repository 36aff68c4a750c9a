import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { requiredText } from '../../rules.ts';

/** The spec's gender codes (document 1 §9) and the size list each one keys. */
export const SIZE_GENDERS = [
  { code: 1, field: 'maleSizes', label: 'Male' },
  { code: 2, field: 'femaleSizes', label: 'Female' },
  { code: 3, field: 'unisexSizes', label: 'Unisex' },
] as const;
export type SizeGenderField = (typeof SIZE_GENDERS)[number]['field'];

export const SIZE_MAX_LENGTH = 20;

/** One gender's tag list: each size typed once (case-insensitively), none blank. */
const sizeList = () =>
  z
    .array(requiredText(SIZE_MAX_LENGTH))
    .default([])
    .superRefine((sizes, ctx) => {
      const seen = new Set<string>();
      sizes.forEach((size, index) => {
        const key = size.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: MESSAGES.duplicate('Size') });
        seen.add(key);
      });
    });

/** A size type (Ring Size, Bracelet Length...) with its sizes per gender. */
export const productSizeInputSchema = z.object({
  type: requiredText(100),
  maleSizes: sizeList(),
  femaleSizes: sizeList(),
  unisexSizes: sizeList(),
  status: z.boolean(),
});
export type ProductSizeInput = z.input<typeof productSizeInputSchema>;

export const productSizeRecordSchema = recordOf(productSizeInputSchema, {
  /** Products use this size type: it cannot be deleted (the list disables Delete with a tooltip). */
  inUse: z.boolean(),
});
export type ProductSizeRecord = z.infer<typeof productSizeRecordSchema>;

export const productSizeResource = defineResource({
  name: 'product-sizes',
  entity: 'product_size',
  label: 'Product Size',
  permission: 'system',
  createInput: productSizeInputSchema,
  record: productSizeRecordSchema,
  // Sizes are text arrays: only the type is text a trigram index can serve (no `::text` casts in search).
  searchable: ['type'],
  sortable: ['type', 'createdAt'],
  unique: [{ field: 'type', label: 'Size type' }],
  export: {
    fileName: 'product-sizes',
    columns: [
      { field: 'type', header: 'Type' },
      { field: 'maleSizes', header: 'Male' },
      { field: 'femaleSizes', header: 'Female' },
      { field: 'unisexSizes', header: 'Unisex' },
      { field: 'status', header: 'Status', type: 'status' },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
    ],
  },
  // A size type in use by products refuses its delete, and so refuses a bulk delete that selects it.
  bulkActions: ['status', 'delete', 'export'],
});
