import { z } from 'zod';

/**
 * The dashboard (document 1 §2 Dashboard, §3 Dashboard counts; issue 27 items 1-3). Each widget is its
 * own GET under /api/dashboard, guarded by the permission of what it shows (orders: sales; diamonds:
 * diamonds; products: products; customers: customers; search terms: report, read from the search
 * terms list). Figures come from rollups kept as orders, catalogue changes, views and searches arrive;
 * `updatedAt` says when the rollup behind a widget last changed (null: never since it was built).
 */

export const DASHBOARD_API = {
  orders: '/api/dashboard/orders',
  salesChart: '/api/dashboard/sales-chart',
  bestSellers: '/api/dashboard/best-sellers',
  lastOrders: '/api/dashboard/last-orders',
  diamonds: '/api/dashboard/diamonds',
  products: '/api/dashboard/products',
  mostViewed: '/api/dashboard/most-viewed',
  customers: '/api/dashboard/customers',
} as const;

/** Rows of the Best Sellers, Most Viewed and Last Orders tables. */
export const DASHBOARD_TABLE_ROWS = 10;
export const LAST_ORDERS_ROWS = 10;
/** Days the sales chart covers (beyond the spec), today included. */
export const SALES_CHART_DAYS = 30;
/** The dashboard's search-term tabs: 5 a page (document 1 §9). */
export const DASHBOARD_SEARCH_TERMS_PAGE_SIZE = 5;

const updatedAt = z.string().nullable();

export const dashboardCountSchema = z.object({ total: z.number().int(), updatedAt });
export type DashboardCount = z.infer<typeof dashboardCountSchema>;

export const dashboardDiamondsSchema = z.object({ total: z.number().int(), natural: z.number().int(), lab: z.number().int(), updatedAt });
export type DashboardDiamonds = z.infer<typeof dashboardDiamondsSchema>;

export const salesChartSchema = z.object({
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), revenue: z.number() })),
  currencySymbol: z.string(),
  updatedAt,
});
export type SalesChart = z.infer<typeof salesChartSchema>;

/** Best seller row (document 1 §3): base_image, name, parent_sku, Quantity. Most viewed: clicks in place of quantity. */
export const productFigureRowSchema = z.object({
  key: z.string(),
  image: z.string(),
  name: z.string(),
  parentSku: z.string(),
  figure: z.number().int(),
});
export const productFiguresSchema = z.object({ rows: z.array(productFigureRowSchema), updatedAt });
export type ProductFigures = z.infer<typeof productFiguresSchema>;

/** Last order row (document 1 §3): base_image, name, customer_name, formated_price, created_at. */
export const lastOrderRowSchema = z.object({
  lineId: z.number().int(),
  orderNumber: z.string(),
  image: z.string(),
  name: z.string(),
  customerName: z.string(),
  currencySymbol: z.string(),
  total: z.number(),
  createdAt: z.string(),
});
export const lastOrdersSchema = z.object({ rows: z.array(lastOrderRowSchema), updatedAt });
export type LastOrders = z.infer<typeof lastOrdersSchema>;
