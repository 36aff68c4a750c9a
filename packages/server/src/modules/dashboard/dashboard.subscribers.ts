import type { EventSubscriber } from '../../events/event-subscriber.ts';
import { countPlacedOrder, refreshCustomerCount, refreshDiamondCounts, refreshProductCount } from './dashboard.rollups.ts';

/**
 * The dashboard's rollups follow the events: an order placed adds to the order figures (once per
 * order); a change of products, stones or customers counts them again (idempotent by nature).
 */
export const dashboardSubscribers = (): EventSubscriber[] => [
  { name: 'dashboard.count-order', event: 'orders.placed', handle: (placed, { db }) => countPlacedOrder(db, placed.orderNumber) },
  { name: 'dashboard.count-products', event: 'products.changed', handle: (_changed, { db }) => refreshProductCount(db) },
  { name: 'dashboard.count-diamonds', event: 'diamonds.changed', handle: (_changed, { db }) => refreshDiamondCounts(db) },
  { name: 'dashboard.count-customers', event: 'customers.added-or-removed', handle: (_changed, { db }) => refreshCustomerCount(db) },
];
