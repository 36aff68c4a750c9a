import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { CacheStore } from '../integrations/redis/cache-store.ts';
import { createMemoryCacheStore } from '../integrations/redis/memory-cache-store.ts';
import { createRedisCacheStore } from '../integrations/redis/redis-cache-store.ts';
import { createS3Storage } from '../integrations/s3/s3-storage.ts';
import { createJobs, jobRoutes } from '../jobs/job.routes.ts';
import { deadLetterRoutes } from '../events/dead-letter.routes.ts';
import { createEventRelay } from '../events/event-relay.ts';
import { seedDemoAttributeSets } from './attribute-sets/attribute-set.demo.ts';
import { attributeSetRoutes } from './attribute-sets/attribute-set.routes.ts';
import { apiKeyRoutes } from './api-keys/api-key.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createCacheInvalidation } from './cache/cache-invalidation.ts';
import { cacheRoutes } from './cache/cache.routes.ts';
import { cacheSubscribers } from './cache/cache.subscribers.ts';
import { seedDemoCategories } from './categories/category.demo.ts';
import { categoryRoutes } from './categories/category.routes.ts';
import { seedRootCategory } from './categories/category.service.ts';
import { seedDemoContentPages } from './content-pages/content-page.demo.ts';
import { contentPageRoutes } from './content-pages/content-page.routes.ts';
import { seedDemoCustomerGroups } from './customer-groups/customer-group.demo.ts';
import { customerGroupRoutes } from './customer-groups/customer-group.routes.ts';
import { seedDemoCustomers } from './customers/customer.demo.ts';
import { customerRoutes } from './customers/customer.routes.ts';
import { seedDefaultCustomerGroup } from './customer-groups/customer-group.service.ts';
import { seedDemoDiamondMarkups } from './diamond-markups/diamond-markup.demo.ts';
import { diamondMarkupRoutes } from './diamond-markups/diamond-markup.routes.ts';
import { seedDemoDiamondQualities } from './diamond-qualities/diamond-quality.demo.ts';
import { diamondQualityRoutes } from './diamond-qualities/diamond-quality.routes.ts';
import { seedDemoDiamonds } from './diamonds/diamond.demo.ts';
import { diamondRoutes } from './diamonds/diamond.routes.ts';
import { seedDemoDiamondShapes } from './diamond-shapes/diamond-shape.demo.ts';
import { diamondShapeRoutes } from './diamond-shapes/diamond-shape.routes.ts';
import { seedShapeCategories } from './diamond-shapes/shape-category.service.ts';
import { mediaRoutes } from './media/media.routes.ts';
import type { MediaStorage } from './media/media.storage.ts';
import { createLocalStorage } from './media/media.storage.ts';
import { seedDemoMetalQualities } from './metal-qualities/metal-quality.demo.ts';
import { metalQualityRoutes } from './metal-qualities/metal-quality.routes.ts';
import { metalRoutes } from './metals/metal.routes.ts';
import { seedMetals } from './metals/metal.service.ts';
import { seedDemoNavigationMenu } from './navigation-menu/navigation-menu.demo.ts';
import { navigationMenuRoutes } from './navigation-menu/navigation-menu.routes.ts';
import { permissionRoutes } from './permissions/permission.routes.ts';
import { seedDemoProductAttributes } from './product-attributes/product-attribute.demo.ts';
import { seedReferenceAttributes } from './product-attributes/product-attribute.reference.ts';
import { productAttributeRoutes } from './product-attributes/product-attribute.routes.ts';
import { seedDemoProductSizes } from './product-sizes/product-size.demo.ts';
import { productSizeRoutes } from './product-sizes/product-size.routes.ts';
import { productPriceRoutes } from './product-prices/product-price.routes.ts';
import { productMediaRoutes } from './product-media/product-media.routes.ts';
import { seedDemoProducts } from './products/product.demo.ts';
import { productImportRoutes } from './product-import/product-import.routes.ts';
import { productRoutes } from './products/product.routes.ts';
import { roleRoutes } from './roles/role.routes.ts';
import type { ModuleDeps, ServerModule } from './server-module.ts';
import { seedDemoSettings } from './settings/setting.demo.ts';
import { settingRoutes } from './settings/setting.routes.ts';
import { seedDemoShippingRates } from './shipping-rates/shipping-rate.demo.ts';
import { shippingRateRoutes } from './shipping-rates/shipping-rate.routes.ts';
import { storefrontRoutes } from './storefront/storefront.routes.ts';
import { userRoutes } from './users/user.routes.ts';

/**
 * Every business module of the server, in one list: its routes, its reference and demo seeders, and
 * the modules whose seeded rows its seeders read. A new module adds one entry here; the seeders'
 * order is derived from `after` (server-module.ts).
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  { name: 'auth', routes: (app, { db }) => authRoutes(app, db) },
  { name: 'permissions', routes: (app, { db }) => permissionRoutes(app, db) },
  { name: 'roles', routes: (app, { db }) => roleRoutes(app, db) },
  { name: 'users', routes: (app, { db }) => userRoutes(app, db) },
  {
    name: 'media',
    routes: (app, { db, mediaStorage }) => mediaRoutes(app, db, mediaStorage),
  },
  {
    name: 'categories',
    routes: (app, { db }) => categoryRoutes(app, db),
    reference: seedRootCategory,
    demo: seedDemoCategories,
    // Its filter options name product attributes.
    after: ['product-attributes'],
  },
  { name: 'content-pages', routes: (app, { db }) => contentPageRoutes(app, db), demo: seedDemoContentPages },
  {
    name: 'navigation-menu',
    routes: (app, { db, config }) => navigationMenuRoutes(app, db, config),
    demo: seedDemoNavigationMenu,
    // Its items link to categories and content pages.
    after: ['categories', 'content-pages'],
  },
  { name: 'diamond-shapes', routes: (app, { db }) => diamondShapeRoutes(app, db), reference: seedShapeCategories, demo: seedDemoDiamondShapes },
  { name: 'diamond-markups', routes: (app, { db }) => diamondMarkupRoutes(app, db), demo: seedDemoDiamondMarkups, after: ['diamond-shapes'] },
  {
    name: 'diamonds',
    routes: (app, { db, jobs, config }) => diamondRoutes(app, db, jobs, config),
    demo: seedDemoDiamonds,
    // Priced by the demo markups; shapes mapped to the demo shapes.
    after: ['diamond-markups', 'diamond-shapes'],
  },
  { name: 'diamond-qualities', routes: (app, { db }) => diamondQualityRoutes(app, db), demo: seedDemoDiamondQualities },
  { name: 'shipping-rates', routes: (app, { db }) => shippingRateRoutes(app, db), demo: seedDemoShippingRates },
  { name: 'metals', routes: (app, { db }) => metalRoutes(app, db), reference: seedMetals },
  {
    name: 'metal-qualities',
    routes: (app, { db }) => metalQualityRoutes(app, db),
    demo: seedDemoMetalQualities,
    // Named by options of the attribute Metal_quality, for each metal.
    after: ['metals', 'product-attributes'],
  },
  { name: 'product-sizes', routes: (app, { db }) => productSizeRoutes(app, db), demo: seedDemoProductSizes },
  {
    name: 'product-attributes',
    routes: (app, { db }) => productAttributeRoutes(app, db),
    reference: seedReferenceAttributes,
    demo: seedDemoProductAttributes,
  },
  // Its groups place product attributes.
  { name: 'attribute-sets', routes: (app, { db }) => attributeSetRoutes(app, db), demo: seedDemoAttributeSets, after: ['product-attributes'] },
  {
    name: 'products',
    routes: (app, { db, cache }) => productRoutes(app, db, cache),
    demo: seedDemoProducts,
    after: ['attribute-sets', 'categories', 'product-sizes', 'product-attributes', 'diamond-shapes'],
  },
  { name: 'product-import', routes: (app, { db, config, jobs }) => productImportRoutes(app, db, jobs, config) },
  { name: 'product-media', routes: (app, { db, mediaStorage }) => productMediaRoutes(app, db, mediaStorage) },
  { name: 'product-prices', routes: (app, { db, jobs }) => productPriceRoutes(app, db, jobs) },
  {
    name: 'customer-groups',
    routes: (app, { db }) => customerGroupRoutes(app, db),
    reference: seedDefaultCustomerGroup,
    demo: seedDemoCustomerGroups,
  },
  // Its demo customers are spread over the demo groups.
  { name: 'customers', routes: (app, { db }) => customerRoutes(app, db), demo: seedDemoCustomers, after: ['customer-groups'] },
  { name: 'settings', routes: (app, { db, config }) => settingRoutes(app, db, config), demo: seedDemoSettings },
  {
    name: 'cache',
    routes: (app, { db, cacheStore, jobs }) => cacheRoutes(app, db, cacheStore, jobs),
    // Writes say what changed (`<thing>.changed`); the cache removes the documents built from it.
    subscribers: ({ db, cacheStore, jobs }) => cacheSubscribers(db, cacheStore, jobs.engine),
  },
  { name: 'api-keys', routes: (app, { db }) => apiKeyRoutes(app, db) },
  // The storefront API (/api/storefront/v1): API keys, not staff sessions, authenticate it.
  { name: 'storefront', routes: (app, { db, config }) => storefrontRoutes(app, db, config) },
];

/** The media store the configuration names: an S3-compatible bucket when set, else the local media folder. */
export function mediaStorageFor(config: Pick<Config, 's3' | 'mediaDir'>): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
}

/** The storefront cache's store: Redis when REDIS_URL is set, the process's memory otherwise. */
function cacheStoreFor(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>): CacheStore {
  return config.redisUrl ? createRedisCacheStore(config.redisUrl, { prefix: config.redisKeyPrefix }) : createMemoryCacheStore();
}

export function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  // Jobs first: a list's big export registers its job kind as the list's routes register.
  const jobs = createJobs(app, deps.db, { filesDir: deps.config.exportsDir, exportJobThreshold: deps.config.exportJobThreshold });
  // One store for every module that keeps files.
  const mediaStorage = mediaStorageFor(deps.config);
  // One storefront cache: the cache module builds and clears it, catalogue writes invalidate it.
  const cacheStore = cacheStoreFor(deps.config);
  const cache = createCacheInvalidation(cacheStore, app.log);
  const routeDeps = { ...deps, mediaStorage, jobs, cacheStore, cache };
  for (const module of SERVER_MODULES) module.routes(app, routeDeps);
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
  deadLetterRoutes(app, deps.db, relay);
  jobRoutes(app, jobs);
}
