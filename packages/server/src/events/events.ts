import { ORDER_NUMBER_PATTERN } from '@facet/contract/modules/orders/order.schema';
import { ORDER_STATUSES } from '@facet/contract/modules/orders/order-status';
import { storefrontLinkClickSchema, storefrontSearchSchema } from '@facet/contract/modules/reports/report.schema';
import { z } from 'zod';

/**
 * Every event the server emits, with its payload's schema: the one place an event is declared.
 * `<thing>.changed` says that rows a storefront document is built from changed: with the ids when
 * few changed, or `all` when a bulk write (a sync, a repricing) changed many. Subscribers decide what
 * follows (the cache removes documents); the writer only says what it changed.
 */
const id = z.number().int().positive().max(2_147_483_647);
/** Most ids a `<thing>.changed` names; beyond, it says `all` (`emitChanged` decides). */
export const CHANGED_IDS_MAX = 100_000;
/**
 * `republish`: the documents are to be built again, not only removed (a catalog price rule started or
 * ended: no staff write will follow to prompt a Generate).
 */
const changedRows = z.union([
  z.object({ ids: z.array(id).min(1).max(CHANGED_IDS_MAX), republish: z.literal(true).optional() }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
const changed = z.object({}).strict();
const orderNumber = z.string().regex(ORDER_NUMBER_PATTERN);

export const EVENTS = {
  'products.changed': changedRows,
  'diamonds.changed': changedRows,
  'categories.changed': changed,
  'content-pages.changed': changed,
  'navigation-menu.changed': changed,
  'settings.changed': changed,
  'shipping-rates.changed': changed,
  'diamond-shapes.changed': changed,
  /**
   * An order came in from the storefront: the carts module marks the cart it came from (`cartId`, else
   * the shopper's latest open cart) as turned into an order. `customerId` when a customer placed it.
   */
  'orders.placed': z.object({ orderNumber, customerId: id.optional(), email: z.string().max(255), cartId: id.optional() }).strict(),
  /**
   * Staff changed an order's status (order.status.ts), `historyId` its Order Status History row (the
   * comment, who): the customer's mail when `notifyCustomer`, the invoice when it is confirmed. Staying
   * in the same status (a comment, a further refund) is a change too.
   */
  'orders.status-changed': z.object({ orderNumber, status: z.enum(ORDER_STATUSES), notifyCustomer: z.boolean(), historyId: id }).strict(),
  /** The storefront reported the order paid. */
  'orders.paid': z.object({ orderNumber }).strict(),
  /** Customers were added or removed (a create, a guest's first checkout, a delete, a bulk delete): the dashboard counts them again. */
  'customers.added-or-removed': changed,
  /** A shopper searched the storefront (issue 27): the search terms report and the dashboard's tabs. */
  'reports.searched': storefrontSearchSchema.strict(),
  /** A shopper followed a link on the storefront: Link statistics. */
  'reports.link-clicked': storefrontLinkClickSchema.strict(),
  /** A shopper opened a product's page: Most Viewed Products. */
  'reports.product-viewed': z.object({ productId: id }).strict(),
  /**
   * A newsletter subscriber was subscribed (the storefront) or deactivated (staff): the newsletters
   * module makes Klaviyo agree with the row as it is when the event is delivered.
   */
  'subscribers.status-changed': z.object({ id }).strict(),
} as const;

export type EventName = keyof typeof EVENTS;
/** The events that say storefront documents' rows changed (`<thing>.changed`): the cache's to follow. */
export type ChangedEventName = Extract<EventName, `${string}.changed`>;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
export const CHANGED_EVENT_NAMES = EVENT_NAMES.filter((name): name is ChangedEventName => name.endsWith('.changed'));
