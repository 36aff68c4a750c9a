import { settingResource } from '@facet/contract/modules/settings/setting.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { CacheInvalidation } from '../cache/cache-invalidation.ts';
import { invalidatingWrites } from '../cache/cache-invalidation.ts';
import { settings } from './setting.table.ts';

/** Setting options have no rule beyond their schema and the unique key: the generic service is the whole of it. */
export function settingRoutes(app: FastifyInstance, db: Db, cache: CacheInvalidation) {
  // The storefront reads its settings from the cache: a saved option makes that document stale.
  crudRoutes(app, settingResource, invalidatingWrites(createCrudService(db, settingResource, settings), cache, ['settings']));
}
