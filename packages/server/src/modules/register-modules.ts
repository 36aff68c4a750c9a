import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { CacheStore } from '../integrations/redis/cache-store.ts';
import { createMemoryCacheStore } from '../integrations/redis/memory-cache-store.ts';
import { createRedisCacheStore } from '../integrations/redis/redis-cache-store.ts';
import { createS3Storage } from '../integrations/s3/s3-storage.ts';
import { deadLetterRoutes } from '../events/dead-letter.routes.ts';
import { createEventRelay } from '../events/event-relay.ts';
import { outboxCleanupJob, scheduleOutboxCleanup } from '../events/outbox-cleanup.ts';
import { createJobs, jobRoutes } from '../jobs/job.routes.ts';
import { staffActorOf } from './auth/index.ts';
import { SERVER_MODULES } from './index.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { createLocalStorage } from '../storage/media-storage.ts';
import type { ModuleDeps } from './server-module.ts';
import { assertDeclaredPermissions, cacheSourcesOf } from './server-module.ts';

/** The media store the configuration names: an S3-compatible bucket when set, else the local media folder. */
export function mediaStorageFor(config: Pick<Config, 's3' | 'mediaDir'>): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
}

/** The storefront cache's store: Redis when REDIS_URL is set, the process's memory otherwise. */
function cacheStoreFor(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>): CacheStore {
  return config.redisUrl ? createRedisCacheStore(config.redisUrl, { prefix: config.redisKeyPrefix }) : createMemoryCacheStore();
}

/** Mounts every module of `SERVER_MODULES` on the app, with the dependencies they share. */
export function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  // Every cache key has its one source before anything starts (a key no module builds stops the start).
  const cacheSources = cacheSourcesOf(SERVER_MODULES);
  // Jobs first: a list's big export registers its job kind as the list's routes register.
  // A bulk job applies each row's rules for its starter as they are when it runs (auth reads them).
  const jobs = createJobs(app, deps.db, { filesDir: deps.config.exportsDir, exportJobThreshold: deps.config.exportJobThreshold, staffActorOf });
  // One store for every module that keeps files.
  const mediaStorage = mediaStorageFor(deps.config);
  // One storefront cache: the cache module builds and clears it, and removes what writes' events make stale.
  const cacheStore = cacheStoreFor(deps.config);
  const routeDeps = { ...deps, mediaStorage, jobs, cacheStore, cacheSources };
  // Every module's job kinds before any routes: a route or a start-up hook may submit any of them.
  for (const module of SERVER_MODULES) jobs.engine.register(...(module.jobKinds?.(app, routeDeps) ?? []));
  // The outbox's own: delivered events past their retention are removed by a job the engine runs daily.
  jobs.engine.register(outboxCleanupJob());
  for (const module of SERVER_MODULES) {
    const firstRoute = app.apiRoutes.length;
    module.routes?.(app, routeDeps);
    assertDeclaredPermissions(module, app.apiRoutes.slice(firstRoute));
  }
  // Events committed by any module's writes reach the subscribers the modules declare.
  const relay = createEventRelay(
    deps.db,
    SERVER_MODULES.flatMap((module) => module.subscribers?.(routeDeps) ?? []),
    jobs.engine,
    app.log,
  );
  app.addHook('onReady', () => relay.start());
  // Before the job engine's own close stops pg-boss under the relay's worker.
  app.addHook('onClose', () => relay.stop());
  const cleanup = scheduleOutboxCleanup(deps.db, jobs.engine, app.log);
  app.addHook('onReady', async () => cleanup.start());
  app.addHook('onClose', async () => cleanup.stop());
  deadLetterRoutes(app, deps.db, relay);
  jobRoutes(app, jobs);
}
