import { defineWebModule } from '../../app-route.ts';
import { cartPaths } from './cart.paths.ts';

export const cartsWebModule = defineWebModule({
  name: 'carts',
  routes: [
    // Sales > Abandoned Carts (document 3 §2.3). The older build opened the detail with the products
    // permission; both screens need sales here, as their API does.
    { path: cartPaths.list, page: () => import('./cart-list.page.tsx'), permission: 'sales', menu: { section: 'sales', label: 'Abandoned Carts', order: 2 } },
    { path: cartPaths.view, page: () => import('./cart-view.page.tsx'), permission: 'sales', menuParent: cartPaths.list },
  ],
});
