import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './order-status.ts';
import { isAllowedOrderTransition, ORDER_STATUS_LABELS, ORDER_STATUSES, orderStatusChoices } from './order-status.ts';

/** The spec's table (document 3 §4) written out pair by pair: what each status may move to, itself included. */
const EXPECTED: Record<OrderStatus, OrderStatus[]> = {
  PENDING: ['PENDING', 'CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['CONFIRMED', 'INPROCESS', 'CANCELLED'],
  INPROCESS: ['INPROCESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'],
  ON_HOLD: ['ON_HOLD', 'SHIPPING', 'CANCELLED'],
  COMPLETED: ['COMPLETED', 'SHIPPING', 'CANCELLED'],
  SHIPPING: ['SHIPPING', 'CANCELLED'],
  CANCELLED: ['CANCELLED', 'REFUNDED'],
  REFUNDED: ['REFUNDED'],
};

describe('order status workflow (document 3 §4)', () => {
  it('spells the statuses as the API does and shows the spec’s words', () => {
    expect(ORDER_STATUSES).toEqual(['PENDING', 'CONFIRMED', 'INPROCESS', 'ON_HOLD', 'COMPLETED', 'SHIPPING', 'CANCELLED', 'REFUNDED']);
    expect(ORDER_STATUS_LABELS.ON_HOLD).toBe('ON HOLD');
  });

  it('allows exactly the table’s pairs: the current status stays selectable, CANCELLED from all but REFUNDED', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) expect([from, to, isAllowedOrderTransition(from, to)]).toEqual([from, to, EXPECTED[from].includes(to)]);
    }
  });

  it('offers the current status first, then the allowed ones in the workflow’s order, and nothing else', () => {
    for (const status of ORDER_STATUSES) expect(orderStatusChoices(status)).toEqual(EXPECTED[status]);
  });
});
