import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from '../../api.ts';
import { PRICE_MAX, hasAtMostDecimals } from '../../rules.ts';

/**
 * Bulk price update from a spreadsheet (document 2 §2 /products/updateprice, §3 price update sheet,
 * §5 price update, §8). The sheet's header row is `sku`, `price` (the second header must be `price`);
 * every row needs a SKU and a numeric price; every SKU must name a live product or variant; the
 * update is all or nothing. Each update is kept with the prices it replaced, so it can be rolled back.
 */

/** The sheet's columns, in order (the example sheet has them; the second must be `price`). */
export const PRICE_SHEET_HEADERS = ['sku', 'price'] as const;

/** The spec's texts (§8); the spec spells 'sucessfully' so, and staff know it so. */
export const PRICE_UPDATE_MESSAGES = {
  invalidHeaders: 'Invalid Headers in Sheet.',
  blankSheet: 'Price sheet should not be blank.',
  invalidPrices: (skus: readonly string[]) => `Invalid Price For SKU : ${skus.join(', ')}`,
  invalidSkus: (skus: readonly string[]) => `Invalid SKU(s) in Sheet : ${skus.join(', ')}`,
  updated: 'Price updated sucessfully',
  /** Shown when the browser refuses to write the SKUs to the clipboard (the spec's fallback). */
  copyFailed: 'Could not copy the SKUs. Select them in the message and copy them by hand.',
  copied: 'SKUs copied to the clipboard.',
  alreadyRolledBack: 'This price update was already rolled back.',
  notApplied: 'This price update has not been applied, so there is nothing to roll back.',
  /** Rollback refused: something else changed these prices after the update (a product save, a later update). */
  changedSince: (skus: readonly string[]) =>
    `Cannot roll back: the price of ${skus.length === 1 ? 'SKU' : 'SKUs'} ${skus.join(', ')} changed after this update. Update ${skus.length === 1 ? 'it' : 'them'} with a new sheet instead.`,
  rolledBack: 'Price update rolled back.',
  /** A row without a SKU is named by its line in the sheet. */
  lineWithoutSku: (line: number) => `(no SKU, line ${line})`,
} as const;

/** At most this many SKUs are named in a message; the rest are counted. */
export const PRICE_MESSAGE_SKU_LIMIT = 200;

/** The largest sheet accepted (a 50,000-row sheet is well under 2 MB). */
export const PRICE_SHEET_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A price as a cell holds it: a number, or text of digits with at most 2 decimals; at least 0 and at
 * most the spec's highest price. Returns the price as exact decimal text (for `numeric`), or null.
 */
export function priceOfCell(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > PRICE_MAX || !hasAtMostDecimals(value, 2)) return null;
    return (Math.round(value * 100) / 100).toFixed(2);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text) > PRICE_MAX ? null : text;
}

export const PRICE_UPDATE_STATES = ['pending', 'applied', 'rolled_back'] as const;
export type PriceUpdateState = (typeof PRICE_UPDATE_STATES)[number];
export const PRICE_UPDATE_STATE_LABELS: Record<PriceUpdateState, string> = { pending: 'Pending', applied: 'Applied', rolled_back: 'Rolled back' };

/** One price update run, as the runs table shows it. */
export const priceUpdateRecordSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int().nullable(),
  fileName: z.string(),
  state: z.enum(PRICE_UPDATE_STATES),
  itemCount: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  appliedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  rolledBackByName: z.string().nullable(),
});
export type PriceUpdateRecord = z.infer<typeof priceUpdateRecordSchema>;

/** One SKU of a run: its price before the update (null until applied) and the price the sheet gave. */
export const priceUpdateItemSchema = z.object({
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  priceBefore: z.number().nullable(),
  priceAfter: z.number(),
});
export type PriceUpdateItem = z.infer<typeof priceUpdateItemSchema>;

export const priceUpdateListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
export const priceUpdateListResponseSchema = listResponseSchema(priceUpdateRecordSchema);
export const priceUpdateItemsResponseSchema = listResponseSchema(priceUpdateItemSchema);

/** The price update job's input: the run whose staged prices it applies. */
export const priceUpdateJobParamsSchema = z.object({ updateId: z.number().int().positive() });
export type PriceUpdateJobParams = z.infer<typeof priceUpdateJobParamsSchema>;

/** What the upload answers (202): the run, and the job that applies it. */
export const priceUpdateStartedSchema = z.object({ update: priceUpdateRecordSchema, jobId: z.number().int() });
export type PriceUpdateStarted = z.infer<typeof priceUpdateStartedSchema>;

export const priceUpdatePaths = {
  base: '/api/product-prices',
  example: '/api/product-prices/example',
  items: (id: number) => `/api/product-prices/${id}/items`,
  rollback: (id: number) => `/api/product-prices/${id}/rollback`,
} as const;
