import { CACHE_KEYS, isResettable } from '@facet/contract/modules/cache/cache.schema';
import type { CacheKey, CacheKeyStatus, CacheStatusResponse } from '@facet/contract/modules/cache/cache.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { CacheKeyStats, CacheStore } from '../../integrations/redis/cache-store.ts';
import type { JobService } from '../../jobs/job.service.ts';
import type { CacheSource } from './cache-source.ts';

const ENTITY = 'cache';

function statusOf({ key, label }: CacheSource, stats: CacheKeyStats): CacheKeyStatus {
  return {
    key,
    label,
    canReset: isResettable(key),
    entries: stats.entries,
    bytes: stats.bytes,
    generatedAt: stats.generatedAt?.toISOString() ?? null,
    invalidatedAt: stats.invalidatedAt?.toISOString() ?? null,
  };
}

/**
 * Cache management (document 1 §2): what each key holds, and the actions on it. Building runs as a
 * job (Generate, Reset, Sync Products: 202 with the job); clearing is immediate. Clears are audited
 * (the store is not the database, so the audit row is the only record of who emptied it). Each key's
 * label and documents come from the module that declares its source (`sources`, from the manifests).
 */
export function createCacheService(db: Db, store: CacheStore, jobs: JobService, sources: ReadonlyMap<CacheKey, CacheSource>) {
  async function keyStatus(key: CacheKey): Promise<CacheKeyStatus> {
    return statusOf(sources.get(key)!, (await store.stats([key])).get(key)!);
  }

  async function status(): Promise<CacheStatusResponse> {
    const stats = await store.stats(CACHE_KEYS);
    return { store: store.kind, items: CACHE_KEYS.map((key) => statusOf(sources.get(key)!, stats.get(key)!)) };
  }

  return {
    status,
    /** One document as the storefront reads it. */
    async read(key: CacheKey, entry: string): Promise<unknown> {
      const text = await store.read(key, entry);
      if (text === null) throw notFound();
      return JSON.parse(text) as unknown;
    },
    generate: (context: RequestContext, key: CacheKey): Promise<JobRecord> => jobs.submit(context.actor, 'cache.generate', { key, reset: false }),
    /** Reset: the key is emptied now (the storefront stops reading its old documents) and rebuilt by a job. */
    async reset(context: RequestContext, key: CacheKey): Promise<JobRecord> {
      await store.clear(key);
      await writeAudit(db, context, { action: 'reset', entity: ENTITY, entityId: key });
      return jobs.submit(context.actor, 'cache.generate', { key, reset: true });
    },
    async clear(context: RequestContext, key: CacheKey): Promise<CacheKeyStatus> {
      await store.clear(key);
      await writeAudit(db, context, { action: 'clear', entity: ENTITY, entityId: key });
      return keyStatus(key);
    },
    async clearAll(context: RequestContext): Promise<CacheStatusResponse> {
      for (const key of CACHE_KEYS) await store.clear(key);
      await writeAudit(db, context, { action: 'clear', entity: ENTITY, entityId: 'all' });
      return status();
    },
    syncProducts: (context: RequestContext): Promise<JobRecord> => jobs.submit(context.actor, 'products.sync', {}),
  };
}
