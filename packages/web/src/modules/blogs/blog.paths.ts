import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1, §2.14). */
export const blogCategoryPaths: ResourcePaths = { list: '/blog/blogcategory', add: '/blog/blogcategory/add', edit: '/blog/blogcategory/edit/:id' };
export const blogPaths: ResourcePaths = { list: '/blog/blogs', add: '/blog/add', edit: '/blog/edit/:id' };
