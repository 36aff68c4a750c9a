import { isSecretSettingKey, MASKED_SECRET, settingResource } from '@facet/contract/modules/settings/setting.schema';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { CacheInvalidation } from '../cache/cache-invalidation.ts';
import { invalidatingWrites } from '../cache/cache-invalidation.ts';
import { settings } from './setting.table.ts';

/**
 * Setting options have no rule beyond their schema and the unique key, except secrets (an
 * integration's password): answered masked, and the mask saved back keeps the stored value. The
 * storefront reads its settings from the cache: a saved option makes that document stale.
 */
export function settingRoutes(app: FastifyInstance, db: Db, cache: CacheInvalidation) {
  const service = createCrudService(db, settingResource, settings, {
    async loadRelations(source, ids) {
      const rows = await source.select({ id: settings.id, key: settings.key }).from(settings).where(inArray(settings.id, ids));
      return new Map(rows.filter((row) => isSecretSettingKey(row.key)).map((row) => [row.id, { value: MASKED_SECRET }]));
    },
    toValues: (input, { existing }) =>
      existing && isSecretSettingKey(existing.key) && input.value === MASKED_SECRET ? { ...input, value: existing.value } : { ...input },
  });
  crudRoutes(app, settingResource, invalidatingWrites(service, cache, ['settings']));
}
