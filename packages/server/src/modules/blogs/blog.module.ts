import { defineServerModule } from '../server-module.ts';
import { seedDemoBlogs } from './blog.demo.ts';
import { blogRoutes } from './blog.routes.ts';
import { blogCategories, blogs } from './blog.table.ts';

export const blogsModule = defineServerModule({
  name: 'blogs',
  routes: (app, { db }) => blogRoutes(app, db),
  tables: [blogCategories, blogs],
  demo: seedDemoBlogs,
  permissions: ['blogs'],
});
