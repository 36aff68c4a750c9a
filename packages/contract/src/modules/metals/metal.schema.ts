import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { defineResource } from '../../resource.ts';
import { maxChars, money, requiredText } from '../../rules.ts';

/**
 * The metal quality form shows a metal's price as Gold Price and copies its labour charge, both
 * limited to 7 characters there (document 1 §9); the metal keeps to the same limit so its values fit.
 */
export const METAL_AMOUNT_MAX_CHARS = 7;

/** A metal the shop works in, with its price per gram of pure metal and its labour charge, in pounds. */
export const metalInputSchema = z.object({
  metalType: requiredText(100),
  metalPrice: maxChars(money(), METAL_AMOUNT_MAX_CHARS),
  metalLabourCharge: maxChars(money(), METAL_AMOUNT_MAX_CHARS),
});
export type MetalInput = z.infer<typeof metalInputSchema>;

export const metalRecordSchema = recordOf(metalInputSchema);
export type MetalRecord = z.infer<typeof metalRecordSchema>;

/** Seeded on every new database; the spec offers edit only (no add, no delete, no status). */
export const metalResource = defineResource({
  name: 'metals',
  entity: 'metal',
  label: 'Metal',
  permission: 'system',
  createInput: metalInputSchema,
  record: metalRecordSchema,
  searchable: ['metalType'],
  sortable: ['metalType'],
  defaultSort: { field: 'metalType', order: 'asc' },
  status: null,
  operations: { create: false, update: true, delete: false },
  unique: [{ field: 'metalType', label: 'Metal type' }],
});
