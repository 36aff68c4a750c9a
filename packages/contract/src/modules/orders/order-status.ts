import { isAllowedTransition, namedStates } from '../../status.ts';

/**
 * The order status workflow as data (document 3 §4; issue 24 §3). The server refuses any change the
 * table does not list (409, nothing written); the status form offers exactly `orderStatusChoices`.
 *
 * | Current               | Next selectable       |
 * |-----------------------|-----------------------|
 * | PENDING               | CONFIRMED             |
 * | CONFIRMED             | INPROCESS             |
 * | INPROCESS             | ON HOLD or COMPLETED  |
 * | ON HOLD or COMPLETED  | SHIPPING              |
 * | CANCELLED             | REFUNDED              |
 *
 * CANCELLED is selectable from any status but REFUNDED (and CANCELLED itself, where it is the current
 * one); the current status always stays selectable (a comment, a further partial refund); nothing
 * else is offered.
 */

/** The statuses as the API spells them, with the words the screens show (the spec's). */
export const ORDER_STATUS_LABELS = {
  PENDING: 'PENDING',
  CONFIRMED: 'CONFIRMED',
  INPROCESS: 'INPROCESS',
  ON_HOLD: 'ON HOLD',
  COMPLETED: 'COMPLETED',
  SHIPPING: 'SHIPPING',
  CANCELLED: 'CANCELLED',
  REFUNDED: 'REFUNDED',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]];

/** A new order's status. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'PENDING';

/**
 * From each status, the other statuses it may move to: the table above, with CANCELLED added to every
 * status but REFUNDED (and CANCELLED, where it is the current one).
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['INPROCESS', 'CANCELLED'],
  INPROCESS: ['ON_HOLD', 'COMPLETED', 'CANCELLED'],
  ON_HOLD: ['SHIPPING', 'CANCELLED'],
  COMPLETED: ['SHIPPING', 'CANCELLED'],
  SHIPPING: ['CANCELLED'],
  CANCELLED: ['REFUNDED'],
  REFUNDED: [],
};

/** The order's `status` declaration (status.ts): named states with the transitions above. */
export const ORDER_STATUS = namedStates(ORDER_STATUS_LABELS, { transitions: ORDER_STATUS_TRANSITIONS });

/** Whether an order may move from `from` to `to` (staying where it is always may). */
export function isAllowedOrderTransition(from: OrderStatus, to: OrderStatus): boolean {
  return isAllowedTransition(ORDER_STATUS, from, to);
}

/** What the status select offers for an order in `current`: the current status, then the allowed ones, in the workflow's order. */
export function orderStatusChoices(current: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => isAllowedOrderTransition(current, status));
}

/** The status the order goes to that releases what it reserved (its diamonds back to stock). */
export const RELEASING_STATUS: OrderStatus = 'CANCELLED';
