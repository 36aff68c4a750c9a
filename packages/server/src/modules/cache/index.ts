/** The public face of cache: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { cacheDocument, smallCacheSource } from './cache-source.ts';
export type { CacheEntries, CacheSource } from './cache-source.ts';
