import { z } from 'zod';

/**
 * The storefront cache's keys (document 1 §2, "Cache management"; the spec's "cache key list: a map
 * from key to a label"). Each key holds storefront-ready JSON documents, one per entry (GLOSSARY,
 * "storefront cache"). Reset is offered for the big catalogues only: Products, Diamonds and Diamond
 * Combinations. The API names keys, so the contract keeps their list; each key's label, tables and
 * documents are declared by the server module that builds it (its manifest's cache sources), and the
 * server refuses to start unless every key here has exactly one.
 */
export const CACHE_KEYS = [
  'products',
  'diamonds',
  'diamond-combinations',
  'categories',
  'navigation-menu',
  'content-pages',
  'settings',
  'shipping-rates',
  'diamond-shapes',
] as const;
export type CacheKey = (typeof CACHE_KEYS)[number];

export const RESETTABLE_CACHE_KEYS = ['products', 'diamonds', 'diamond-combinations'] as const satisfies readonly CacheKey[];
export type ResettableCacheKey = (typeof RESETTABLE_CACHE_KEYS)[number];

export const isResettable = (key: CacheKey): key is ResettableCacheKey => (RESETTABLE_CACHE_KEYS as readonly string[]).includes(key);

export const cacheKeySchema = z.enum(CACHE_KEYS, { error: `Cache key: choose from ${CACHE_KEYS.join(', ')}.` });
export const cacheKeyParamsSchema = z.object({ key: cacheKeySchema });
/** One document: its key and entry name (a product id, a slug, `tree`). */
export const cacheEntryParamsSchema = z.object({ key: cacheKeySchema, entry: z.string().min(1).max(255) });

export const resettableCacheKeyParamsSchema = z.object({
  key: z.enum(RESETTABLE_CACHE_KEYS, { error: `Only ${RESETTABLE_CACHE_KEYS.join(', ')} can be reset.` }),
});

/** One row of the cache management table: what the store holds under the key now. */
export const cacheKeyStatusSchema = z.object({
  key: cacheKeySchema,
  label: z.string(),
  canReset: z.boolean(),
  /** Documents held (0 when cleared or never generated). */
  entries: z.number().int(),
  /** Bytes of JSON held (keys of the entries and their documents). */
  bytes: z.number().int(),
  /** When the documents held were generated; null when cleared or never generated. */
  generatedAt: z.string().nullable(),
  /** When a save last removed documents from it (a product, category, menu or page changed since). */
  invalidatedAt: z.string().nullable(),
});
export type CacheKeyStatus = z.infer<typeof cacheKeyStatusSchema>;

export const cacheStatusResponseSchema = z.object({
  /** `redis` when REDIS_URL is set, `memory` otherwise. */
  store: z.enum(['redis', 'memory']),
  items: z.array(cacheKeyStatusSchema),
});
export type CacheStatusResponse = z.infer<typeof cacheStatusResponseSchema>;

/** The input of a cache job: the key to build, and whether it was cleared first (Reset). */
export const cacheGenerateJobSchema = z.object({ key: cacheKeySchema, reset: z.boolean().default(false) });
export type CacheGenerateJobInput = z.infer<typeof cacheGenerateJobSchema>;

/** Sync Products takes no input. */
export const syncProductsJobSchema = z.object({});
