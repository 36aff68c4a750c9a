import { menuOrderInputSchema, menuPageOptionsSchema, navigationMenuResource, navigationMenuTreeSchema, sitemapResultSchema } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { blogOptionSchema } from '@facet/contract/modules/blogs/blog.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { notFound } from '../../http/errors.ts';
import { blogOptions } from '../blogs/index.ts';
import { createNavigationMenuService } from './navigation-menu.service.ts';
import { generateSitemap, latestSitemapXml, SITEMAP_PATH } from './sitemap.service.ts';

export function navigationMenuRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'siteUrl'>) {
  const service = createNavigationMenuService(db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const permission = { permission: navigationMenuResource.permission };
  const tags = [navigationMenuResource.name];

  route.get('/api/navigation-menu/tree', { config: permission, schema: { tags, response: { 200: navigationMenuTreeSchema } } }, async () => ({
    items: await service.tree(),
  }));
  route.get('/api/navigation-menu/page-options', { config: permission, schema: { tags, response: { 200: menuPageOptionsSchema } } }, async () => ({
    items: await service.pageOptions(),
  }));
  // The blog lookup of the menu screen (document 1 §7, GetBlogs): staff with System alone cannot list blogs otherwise.
  route.get(
    '/api/navigation-menu/blog-options',
    { config: permission, schema: { tags, response: { 200: z.object({ items: z.array(blogOptionSchema) }) } } },
    async () => ({ items: await blogOptions(db) }),
  );
  route.put('/api/navigation-menu/order', { config: permission, schema: { tags, body: menuOrderInputSchema } }, async (request, reply) => {
    await service.saveOrder(request.body, contextOf(request));
    return reply.status(204).send();
  });
  route.post('/api/navigation-menu/sitemap', { config: permission, schema: { tags, response: { 201: sitemapResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await generateSitemap(db, config.siteUrl, contextOf(request))),
  );
  crudRoutes(app, navigationMenuResource, service);

  // For search engines: public, outside /api, the newest generated sitemap.
  route.get(SITEMAP_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const xml = await latestSitemapXml(db);
    if (xml === null) throw notFound();
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
}
