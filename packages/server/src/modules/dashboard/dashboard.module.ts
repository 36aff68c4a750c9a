import { defineServerModule } from '../server-module.ts';
import { rebuildDashboard } from './dashboard.rollups.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { dashboardSubscribers } from './dashboard.subscribers.ts';
import { dashboardBestSellers, dashboardCountedOrders, dashboardCounters, dashboardDailySales, dashboardLastOrderLines } from './dashboard.table.ts';

export const dashboardModule = defineServerModule({
  name: 'dashboard',
  routes: (app, { db }) => dashboardRoutes(app, db),
  tables: [dashboardCounters, dashboardCountedOrders, dashboardDailySales, dashboardBestSellers, dashboardLastOrderLines],
  // The demo's orders, products, stones and customers are written without events: the rollups are built from them once.
  demo: (db) => rebuildDashboard(db),
  after: ['orders', 'products', 'diamonds', 'customers', 'reports'],
  subscribers: () => dashboardSubscribers(),
  permissions: ['sales', 'diamonds', 'products', 'customers'],
});
