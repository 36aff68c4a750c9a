import { menuOrderInputSchema, navigationMenuResource, navigationMenuTreeSchema } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createNavigationMenuService } from './navigation-menu.service.ts';

export function navigationMenuRoutes(app: FastifyInstance, db: Db) {
  const service = createNavigationMenuService(db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: navigationMenuResource.permission };
  const tags = [navigationMenuResource.name];

  // Declared before the toolkit's `/:id` routes; Fastify prefers these static paths either way.
  route.get('/api/navigation-menu/tree', { config, schema: { tags, response: { 200: navigationMenuTreeSchema } } }, async () => ({
    items: await service.tree(),
  }));
  route.put('/api/navigation-menu/order', { config, schema: { tags, body: menuOrderInputSchema } }, async (request, reply) => {
    await service.saveOrder(request.body, contextOf(request));
    return reply.status(204).send();
  });
  crudRoutes(app, navigationMenuResource, service);
}
