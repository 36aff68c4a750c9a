import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Seeder } from '../db/seed.ts';
import type { EventSubscriber } from '../events/event-subscriber.ts';
import type { CacheStore } from '../integrations/redis/cache-store.ts';
import type { Jobs } from '../jobs/job.routes.ts';
import type { CacheInvalidation } from './cache/cache-invalidation.ts';
import type { MediaStorage } from './media/media.storage.ts';

export interface ModuleDeps {
  db: Db;
  config: Config;
}

/**
 * What routes get: the app's dependencies, the one file store every module that keeps files shares,
 * the job engine, and the storefront cache (its store, and the invalidation writes call after commit).
 */
export interface RouteDeps extends ModuleDeps {
  mediaStorage: MediaStorage;
  /** The job engine: a module with a job kind of its own registers it and submits runs. */
  jobs: Jobs;
  cacheStore: CacheStore;
  cache: CacheInvalidation;
}

/**
 * What one server module brings, declared once in `modules/index.ts`: its routes and its seeders.
 * The seeders' order is derived from `after`, not kept in a list of its own.
 */
export interface ServerModule {
  /** The module's folder name; `after` of other modules refers to it. */
  name: string;
  routes(app: FastifyInstance, deps: RouteDeps): void;
  /** Rows every new database gets, demo or not (bootstrap/reference-data.ts). */
  reference?: Seeder;
  /** Demo rows, seeded when DEMO_DATA is on (bootstrap/demo-data.ts). */
  demo?: Seeder;
  /** Modules whose seeded rows this module's seeders read (a menu links to categories and pages). */
  after?: readonly string[];
  /** What the module does when events it cares about were committed (events/events.ts declares them). */
  subscribers?(deps: RouteDeps): readonly EventSubscriber[];
}

/**
 * The modules in an order where each comes after every module it names in `after`, otherwise in the
 * order given (a topological sort that keeps the registry's order where it may). An unknown name or
 * a circle of `after`s stops the server at start-up and fails the tests.
 */
export function inSeedOrder<M extends Pick<ServerModule, 'name' | 'after'>>(modules: readonly M[]): M[] {
  const byName = new Map(modules.map((module) => [module.name, module]));
  for (const module of modules) {
    for (const name of module.after ?? []) if (!byName.has(name)) throw new Error(`module ${module.name} seeds after ${name}, which is no module`);
  }
  const ordered: M[] = [];
  const placed = new Set<string>();
  while (ordered.length < modules.length) {
    const next = modules.find((module) => !placed.has(module.name) && (module.after ?? []).every((name) => placed.has(name)));
    if (!next) {
      const waiting = modules.filter((module) => !placed.has(module.name)).map((module) => module.name);
      throw new Error(`modules seed after each other in a circle: ${waiting.join(', ')}`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}
