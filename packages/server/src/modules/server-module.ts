import { CACHE_KEYS } from '@facet/contract/modules/cache/cache.schema';
import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import { PERMISSION_KEYS } from '@facet/contract/permissions';
import type { PermissionKey, PermissionRequirement } from '@facet/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { Table } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Seeder } from '../db/seed.ts';
import type { Usage } from '../db/usage.ts';
import type { EventSubscriber } from '../events/event-subscriber.ts';
import type { CacheStore } from '../integrations/redis/cache-store.ts';
import type { JobKind } from '../jobs/job-kind.ts';
import type { Jobs } from '../jobs/job.routes.ts';
import type { CacheSource } from './cache/cache-source.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

export interface ModuleDeps {
  db: Db;
  config: Config;
}

/**
 * What routes get: the app's dependencies, the one file store every module that keeps files shares,
 * the job engine, and the storefront cache (its store, and every module's cache sources, which the
 * cache module builds from).
 */
export interface RouteDeps extends ModuleDeps {
  mediaStorage: MediaStorage;
  /** The job engine: a module with a job kind of its own registers it and submits runs. */
  jobs: Jobs;
  cacheStore: CacheStore;
  cacheSources: ReadonlyMap<CacheKey, CacheSource>;
}

/**
 * What one server module brings, declared once in its own folder (`<module>/<name>.module.ts`) and
 * collected, one line each, by `modules/index.ts`. The central lists (seed order, cache keys and
 * their documents, the permission keys in use) are derived from these, never kept beside them.
 */
export interface ServerModule {
  /** The module's folder name; `after` of other modules refers to it. */
  name: string;
  /** Its HTTP routes (and the hooks they need). */
  routes?(app: FastifyInstance, deps: RouteDeps): void;
  /**
   * The kinds of job it runs (`defineJobKind`), registered with the engine before any routes: the one
   * way a job kind comes into the app (a list's export job excepted, which its list's routes add).
   */
  jobKinds?(app: FastifyInstance, deps: RouteDeps): readonly JobKind[];
  /** The tables whose rows it owns: it alone writes them (others read them within its area). */
  tables: readonly Table[];
  /** Rows every new database gets, demo or not (bootstrap's reference data). */
  reference?: Seeder;
  /** Demo rows, seeded when DEMO_DATA is on (bootstrap's demo data). */
  demo?: Seeder;
  /** Modules whose seeded rows this module's seeders read (a menu links to categories and pages). */
  after?: readonly string[];
  /** The storefront cache keys whose documents it builds from its rows (the cache screen lists them). */
  cacheSources?: readonly CacheSource[];
  /**
   * What refuses a delete of its rows: who points at them (products at a size type). The same list its
   * service checks (the service's default), so the manifest shows it without a second copy.
   */
  usageChecks?: readonly Usage[];
  /**
   * What it does when events it cares about were committed (events/events.ts declares them; the
   * outbox delivers them, at least once), given the app's dependencies (the cache's store).
   */
  subscribers?(deps: RouteDeps): readonly EventSubscriber[];
  /**
   * The permission keys its routes check (`config.permission`): a route may check only keys its
   * module declares, and each must be one of the contract's catalogue (modules.test.ts).
   */
  permissions: readonly PermissionKey[];
}

/** One module's manifest, typed: its `name` stays the literal its folder has. */
export function defineServerModule<const M extends ServerModule>(module: M): M {
  return module;
}

/**
 * Every module's cache sources by key. The contract keeps the list of keys (the API's key parameter
 * and the web's screen name them), so the start-up checks the two agree: each key of CACHE_KEYS is
 * built by exactly one module, and no module builds a key the contract does not know.
 */
export function cacheSourcesOf(modules: readonly Pick<ServerModule, 'name' | 'cacheSources'>[]): ReadonlyMap<CacheKey, CacheSource> {
  const sources = new Map<CacheKey, CacheSource>();
  const builtBy = new Map<string, string>();
  for (const module of modules) {
    for (const source of module.cacheSources ?? []) {
      if (!(CACHE_KEYS as readonly string[]).includes(source.key)) throw new Error(`module ${module.name} builds cache key ${source.key}, which the contract's CACHE_KEYS does not list`);
      const other = builtBy.get(source.key);
      if (other) throw new Error(`cache key ${source.key} is built by two modules: ${other} and ${module.name}`);
      builtBy.set(source.key, module.name);
      sources.set(source.key, source);
    }
  }
  const unbuilt = CACHE_KEYS.filter((key) => !sources.has(key));
  if (unbuilt.length) throw new Error(`cache keys no module builds: ${unbuilt.join(', ')} (declare them in the owning module's cacheSources)`);
  return sources;
}

/**
 * Stops the start when a module's routes check a permission key its manifest does not declare, or
 * its manifest declares a key the contract's catalogue does not know: the manifest is the one place
 * to read which keys a module guards with (and so which of the catalogue's keys guard nothing yet).
 */
export function assertDeclaredPermissions(module: Pick<ServerModule, 'name' | 'permissions'>, routes: readonly { method: string; url: string; config: { permission?: PermissionRequirement } }[]) {
  const unknown = module.permissions.filter((key) => !(PERMISSION_KEYS as readonly string[]).includes(key));
  if (unknown.length) throw new Error(`module ${module.name} declares permission keys the contract does not know: ${unknown.join(', ')}`);
  for (const route of routes) {
    const undeclared = [route.config.permission ?? []].flat().filter((key) => !module.permissions.includes(key));
    if (undeclared.length) throw new Error(`${route.method} ${route.url} checks ${undeclared.join(', ')}, which module ${module.name} does not declare in its permissions`);
  }
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
