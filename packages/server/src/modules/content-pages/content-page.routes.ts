import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { CacheInvalidation } from '../cache/index.ts';
import { invalidatingWrites } from '../cache/index.ts';
import { createContentPageService } from './content-page.service.ts';

export function contentPageRoutes(app: FastifyInstance, db: Db, cache: CacheInvalidation) {
  // A page's document, and the menu that links it by slug, are stale once it is saved.
  crudRoutes(app, contentPageResource, invalidatingWrites(createContentPageService(db), cache, ['content-pages', 'navigation-menu']));
}
