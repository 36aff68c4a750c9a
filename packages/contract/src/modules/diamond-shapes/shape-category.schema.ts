import { z } from 'zod';
import { recordMetaSchema } from '../../api.ts';
import { defineResource } from '../../resource.ts';

/**
 * A shape category groups diamond shapes that are priced alike: Round (the round brilliant) and
 * Fancy (every other shape, the trade's name for them). Diamond markups are set per shape category.
 * The categories are fixed reference data: seeded on every new database, read-only through the API.
 */
export const SHAPE_CATEGORY_CODES = { round: 'round', fancy: 'fancy' } as const;
export type ShapeCategoryCode = (typeof SHAPE_CATEGORY_CODES)[keyof typeof SHAPE_CATEGORY_CODES];

export const shapeCategoryRecordSchema = recordMetaSchema.extend({
  name: z.string(),
  code: z.string(),
  /** Names of the live diamond shapes in this category, alphabetical. */
  shapeNames: z.array(z.string()),
});
export type ShapeCategoryRecord = z.infer<typeof shapeCategoryRecordSchema>;

export const shapeCategoryResource = defineResource({
  name: 'shape-categories',
  entity: 'shape_category',
  label: 'Shape Category',
  permission: 'system',
  // Never written through the API; the input schema only satisfies the resource shape.
  createInput: z.object({}),
  record: shapeCategoryRecordSchema,
  searchable: ['name'],
  // In seeding order: Round first, then Fancy.
  sortable: ['id'],
  defaultSort: { field: 'id', order: 'asc' },
  status: null,
  operations: { create: false, update: false, delete: false },
});
