import { idParamSchema } from '@facet/contract/api';
import { categoryFilterOrderSchema, categoryRecordSchema, categoryResource, categoryTreeNodeSchema } from '@facet/contract/modules/categories/category.schema';
import type { PermissionKey } from '@facet/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Usage } from '../../db/usage.ts';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createCategoryService } from './category.service.ts';

/** Screens that choose categories read the tree: categories, the navigation menu (system), products, section options (section). */
const TREE_READERS: PermissionKey[] = ['categories', 'system', 'products', 'section'];

export function categoryRoutes(app: FastifyInstance, db: Db, usages: readonly Usage[]) {
  // A category's document, and the menu that links it by slug, are stale once it is saved.
  const service = createCategoryService(db, usages);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = [categoryResource.name];

  route.get(
    '/api/categories/tree',
    { config: { permission: TREE_READERS }, schema: { tags, response: { 200: z.array(categoryTreeNodeSchema) } } },
    () => service.tree(),
  );

  route.put(
    '/api/categories/:id/filter-options/order',
    { config: { permission: categoryResource.permission }, schema: { tags, params: idParamSchema, body: categoryFilterOrderSchema, response: { 200: categoryRecordSchema } } },
    (request) => service.reorderFilterOptions(request.params.id, request.body, contextOf(request)),
  );

  crudRoutes(app, categoryResource, service);
}
