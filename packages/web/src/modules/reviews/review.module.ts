import { defineWebModule } from '../../app-route.ts';
import { reviewPaths } from './review.paths.ts';

export const reviewsWebModule = defineWebModule({
  name: 'reviews',
  routes: [
    // Marketing > Reviews (document 3 §2.3), after Coupons and Catalog Price Rule.
    { path: reviewPaths.list, page: () => import('./review-list.page.tsx'), permission: 'marketing', menu: { section: 'marketing', label: 'Reviews', order: 3 } },
    { path: reviewPaths.edit, page: () => import('./review-form.page.tsx'), permission: 'marketing', menuParent: reviewPaths.list },
  ],
});
