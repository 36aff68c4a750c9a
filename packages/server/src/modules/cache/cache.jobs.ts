import { cacheGenerateJobSchema, syncProductsJobSchema } from '@facet/contract/modules/cache/cache.schema';
import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import type { CacheStore } from '../../integrations/redis/cache-store.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobKind, JobRunContext } from '../../jobs/job-kind.ts';
import type { CacheSource } from './cache-source.ts';

/**
 * Builds a key's documents from the catalogue: batches go to a staging area of the store with progress
 * (and a cancel check) between them, and the swap at the end replaces the live documents at once. A
 * cancelled or failed build leaves the live documents as they were.
 */
async function buildKey(store: CacheStore, source: CacheSource, { db, progress, succeed }: JobRunContext<unknown>) {
  const { key } = source;
  const total = await source.count(db);
  await progress(0, total);
  const build = await store.startBuild(key);
  let done = 0;
  // A batch is written to the store while the next one is read from the database.
  let writing: Promise<void> = Promise.resolve();
  try {
    for await (const batch of source.batches(db)) {
      await writing;
      writing = build.write(batch);
      // Awaited before the next batch or at the end; this only keeps a failure from going unhandled meanwhile.
      writing.catch(() => undefined);
      done += batch.length;
      await progress(done, Math.max(done, total));
    }
    await writing;
  } catch (error) {
    await writing.catch(() => undefined);
    await build.abort();
    throw error;
  }
  const stats = await build.commit();
  await db.transaction((tx) => succeed(tx, { key, entries: stats.entries, bytes: stats.bytes, generatedAt: stats.generatedAt?.toISOString() ?? null }));
}

/**
 * The cache's job kinds, over the app's one store: Generate (and Reset, which empties the key first)
 * of any key from its module's source, and Sync Products (the products key, from the products list or the cache screen).
 * Declared by the cache module's manifest, over the store the app makes when it starts.
 */
export function cacheJobKinds(store: CacheStore, sources: ReadonlyMap<CacheKey, CacheSource>): JobKind[] {
  return [
    defineJobKind({
      kind: 'cache.generate',
      label: 'Generate cache',
      permission: 'cache_management',
      params: cacheGenerateJobSchema,
      run: (job) => buildKey(store, sources.get(job.params.key)!, job),
    }),
    defineJobKind({
      kind: 'products.sync',
      label: 'Sync products',
      // Started from the products list (products) and from the cache screen (cache_management).
      permission: ['products', 'cache_management'],
      params: syncProductsJobSchema,
      run: (job) => buildKey(store, sources.get('products')!, job),
    }),
  ];
}
