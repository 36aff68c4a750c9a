import { blogCategoryResource, blogResource } from '@facet/contract/modules/blogs/blog.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createBlogCategoryService, createBlogService } from './blog.service.ts';

export function blogRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, blogCategoryResource, createBlogCategoryService(db));
  crudRoutes(app, blogResource, createBlogService(db));
}
