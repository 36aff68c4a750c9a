import { defineServerModule } from '../server-module.ts';
import { seedDemoCarts } from './cart.demo.ts';
import { cartRoutes } from './cart.routes.ts';
import { cartSubscribers } from './cart.subscribers.ts';
import { cartAddresses, cartLines, carts } from './cart.table.ts';

export const cartsModule = defineServerModule({
  name: 'carts',
  routes: (app, { db }) => cartRoutes(app, db),
  tables: [carts, cartLines, cartAddresses],
  demo: seedDemoCarts,
  // Its demo carts are the demo customers' and guests', holding demo pieces and stones; a recovered one became a demo order.
  after: ['products', 'diamonds', 'customers', 'orders'],
  // A cart an order came from is marked converted (recovered when it had been abandoned).
  subscribers: () => cartSubscribers(),
  permissions: ['sales'],
});
