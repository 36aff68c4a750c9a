import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { blogCategoryPaths, blogPaths } from './blog.paths.ts';

export const blogsWebModule = defineWebModule({
  name: 'blogs',
  routes: [
    // Blog (Blog Category, Blogs), document 1 §2; every screen needs blogs (document 3 §6).
    ...listAddEdit(blogCategoryPaths, () => import('./blog-category-list.page.tsx'), () => import('./blog-category-form.page.tsx'), 'blogs', {
      section: 'blog',
      label: 'Blog Category',
      order: 1,
    }),
    ...listAddEdit(blogPaths, () => import('./blog-list.page.tsx'), () => import('./blog-form.page.tsx'), 'blogs', { section: 'blog', label: 'Blogs', order: 2 }),
  ],
});
