import type { LastOrders, ProductFigures, SalesChart } from '@facet/contract/modules/dashboard/dashboard.schema';
import { DASHBOARD_TABLE_ROWS, LAST_ORDERS_ROWS, SALES_CHART_DAYS } from '@facet/contract/modules/dashboard/dashboard.schema';
import { SHOP_CURRENCY } from '@facet/contract/modules/inquiries/sale-line.schema';
import { desc, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mostViewedProducts } from '../reports/index.ts';
import { COUNTERS } from './dashboard.rollups.ts';
import { dashboardBestSellers, dashboardCounters, dashboardDailySales, dashboardLastOrderLines } from './dashboard.table.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The widgets' reads: each a few rows of a rollup, by key or by an index's first rows. */
export function createDashboardService(db: Db) {
  async function counters(keys: string[]) {
    const rows = await db.select().from(dashboardCounters).where(inArray(dashboardCounters.key, keys));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const latest = rows.reduce<Date | null>((at, row) => (!at || row.updatedAt > at ? row.updatedAt : at), null);
    return { value: (key: string) => byKey.get(key)?.value ?? 0, updatedAt: iso(latest) };
  }

  async function count(key: string) {
    const read = await counters([key]);
    return { total: read.value(key), updatedAt: read.updatedAt };
  }

  return {
    orders: () => count(COUNTERS.orders),
    products: () => count(COUNTERS.products),
    customers: () => count(COUNTERS.customers),
    async diamonds() {
      const read = await counters([COUNTERS.diamondsNatural, COUNTERS.diamondsLab]);
      const natural = read.value(COUNTERS.diamondsNatural);
      const lab = read.value(COUNTERS.diamondsLab);
      return { total: natural + lab, natural, lab, updatedAt: read.updatedAt };
    },

    /** Orders and takings per day over the last 30 days (today included), days without orders as zeros. */
    async salesChart(today = new Date()): Promise<SalesChart> {
      const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (SALES_CHART_DAYS - 1)));
      const firstDay = first.toISOString().slice(0, 10);
      const rows = await db.select().from(dashboardDailySales).where(gte(dashboardDailySales.day, firstDay));
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const days = Array.from({ length: SALES_CHART_DAYS }, (_, index) => {
        const day = new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10);
        const row = byDay.get(day);
        return { day, orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) };
      });
      const { updatedAt } = await counters([COUNTERS.orders]);
      return { days, currencySymbol: SHOP_CURRENCY.symbol, updatedAt };
    },

    async bestSellers(): Promise<ProductFigures> {
      const rows = await db
        .select()
        .from(dashboardBestSellers)
        .orderBy(desc(dashboardBestSellers.quantity), desc(dashboardBestSellers.parentSku))
        .limit(DASHBOARD_TABLE_ROWS);
      const { updatedAt } = await counters([COUNTERS.orders]);
      return { rows: rows.map((row) => ({ key: row.parentSku, image: row.image, name: row.name, parentSku: row.parentSku, figure: row.quantity })), updatedAt };
    },

    async lastOrders(): Promise<LastOrders> {
      const rows = await db
        .select()
        .from(dashboardLastOrderLines)
        .orderBy(desc(dashboardLastOrderLines.createdAt), desc(dashboardLastOrderLines.lineId))
        .limit(LAST_ORDERS_ROWS);
      const { updatedAt } = await counters([COUNTERS.orders]);
      return { rows: rows.map((row) => ({ ...row, total: Number(row.total), createdAt: row.createdAt.toISOString() })), updatedAt };
    },

    mostViewed: (): Promise<ProductFigures> => mostViewedProducts(db, DASHBOARD_TABLE_ROWS),
  };
}

