import { defineServerModule } from '../server-module.ts';
import { seedDemoOrders } from './order.demo.ts';
import { orderRoutes } from './order.routes.ts';
import { orderSubscribers } from './order.subscribers.ts';
import { orderLines, orderRefunds, orders, orderStatusHistory } from './order.table.ts';

export const ordersModule = defineServerModule({
  name: 'orders',
  routes: (app, { db, jobs }) => orderRoutes(app, db, jobs.workflows),
  tables: [orders, orderLines, orderStatusHistory, orderRefunds],
  demo: seedDemoOrders,
  // Its demo orders are the demo customers' and hold the demo catalogue's products and stones, shipped by the demo rates.
  after: ['customers', 'products', 'diamonds', 'shipping-rates'],
  // A status change sent with "notify customer" queues the customer's mail; a confirmed order gets its invoice.
  subscribers: ({ mediaStorage }) => orderSubscribers(mediaStorage),
  permissions: ['sales'],
});
