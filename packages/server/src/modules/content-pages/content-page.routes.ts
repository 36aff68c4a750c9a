import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createContentPageService } from './content-page.service.ts';

export function contentPageRoutes(app: FastifyInstance, db: Db) {
  // A page's document, and the menu that links it by slug, are stale once it is saved.
  crudRoutes(app, contentPageResource, createContentPageService(db));
}
