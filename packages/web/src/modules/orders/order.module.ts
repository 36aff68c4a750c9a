import { defineWebModule } from '../../app-route.ts';
import { orderPaths } from './order.paths.ts';

export const ordersWebModule = defineWebModule({
  name: 'orders',
  routes: [
    // Sales > Orders (document 3 §2.3) and an order's view (permission sales for both: the older build's products check on the view is not kept).
    { path: orderPaths.list, page: () => import('./order-list.page.tsx'), permission: 'sales', menu: { section: 'sales', label: 'Orders', order: 1 } },
    { path: orderPaths.view, page: () => import('./order-view.page.tsx'), permission: 'sales', menuParent: orderPaths.list },
  ],
});
