import type { PermissionKey } from '@facet/contract/permissions';
import {
  DASHBOARD_API,
  dashboardCountSchema,
  dashboardDiamondsSchema,
  lastOrdersSchema,
  productFiguresSchema,
  salesChartSchema,
} from '@facet/contract/modules/dashboard/dashboard.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { buildDashboardOnce } from './dashboard.rollups.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * GET /api/dashboard/...: one route per widget, each guarded by the permission of what it shows
 * (issue 27): orders, the sales chart, Best Sellers and Last Orders need sales; Total Diamonds
 * diamonds; Total Products and Most Viewed Products products; Customers customers. The search-term
 * tabs read GET /api/search-terms (report).
 */
export function dashboardRoutes(app: FastifyInstance, db: Db) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const service = createDashboardService(db);
  const tags = ['dashboard'];
  // A database whose rollups were never built (one from before them) gets them from its tables once, before serving.
  app.addHook('onReady', () => buildDashboardOnce(db));
  const widget = <S extends z.ZodType>(url: string, permission: PermissionKey, summary: string, response: S, read: () => Promise<z.infer<S>>) =>
    route.get(url, { config: { permission }, schema: { tags, summary, response: { 200: response } } }, read as never);

  widget(DASHBOARD_API.orders, 'sales', 'Online Orders: how many orders the storefront placed.', dashboardCountSchema, service.orders);
  widget(DASHBOARD_API.salesChart, 'sales', 'Orders and takings per day over the last 30 days.', salesChartSchema, () => service.salesChart());
  widget(DASHBOARD_API.bestSellers, 'sales', 'Best Sellers: the products sold in the most pieces.', productFiguresSchema, service.bestSellers);
  widget(DASHBOARD_API.lastOrders, 'sales', 'Last Orders: the latest order lines.', lastOrdersSchema, service.lastOrders);
  widget(DASHBOARD_API.diamonds, 'diamonds', 'Total Diamonds, natural and lab grown.', dashboardDiamondsSchema, service.diamonds);
  widget(DASHBOARD_API.products, 'products', 'Total Products.', dashboardCountSchema, service.products);
  widget(DASHBOARD_API.mostViewed, 'products', 'Most Viewed Products: the products shoppers opened most.', productFiguresSchema, service.mostViewed);
  widget(DASHBOARD_API.customers, 'customers', 'Customers: how many customers there are.', dashboardCountSchema, service.customers);
}
