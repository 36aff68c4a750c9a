import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { shopDay } from '../../format.ts';
import { MESSAGES } from '../../messages.ts';
import { ORDER_MESSAGES, orderResource, orderStatusChangeSchema, placeOrderSchema, refundProblem } from './order.schema.ts';

const issuesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
const dayAfter = (days: number) => shopDay(new Date(Date.now() + days * 86_400_000));

describe('order status form (document 3 §5)', () => {
  it('takes a status with a comment and the notify flag', () => {
    expect(orderStatusChangeSchema.parse({ status: 'CONFIRMED', comment: '  Called the customer ', notifyCustomer: true })).toEqual({
      status: 'CONFIRMED',
      comment: 'Called the customer',
      notifyCustomer: true,
    });
  });

  it('SHIPPING needs a shipping type, a tracking number and a delivery date not before today', () => {
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'SHIPPING' }))).toEqual({
      shippingRateId: MESSAGES.required,
      trackingNumber: MESSAGES.required,
      deliveryDate: MESSAGES.required,
    });
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'SHIPPING', shippingRateId: 1, trackingNumber: 'RM123', deliveryDate: dayAfter(-1) }))).toEqual({
      deliveryDate: ORDER_MESSAGES.deliveryDateBeforeToday,
    });
    expect(orderStatusChangeSchema.safeParse({ status: 'SHIPPING', shippingRateId: 1, trackingNumber: 'RM123', deliveryDate: shopDay() }).success).toBe(true);
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'SHIPPING', shippingRateId: 1, trackingNumber: 'RM1', deliveryDate: '2026-02-30' }))).toEqual({
      deliveryDate: MESSAGES.invalidDate,
    });
  });

  it('refuses shipping and refund fields with another status', () => {
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'CONFIRMED', trackingNumber: 'RM1', refundType: 'full' }))).toEqual({
      trackingNumber: ORDER_MESSAGES.onlyWhenShipping,
      refundType: ORDER_MESSAGES.onlyWhenRefunding,
    });
  });

  it('a refund amount is whole pounds, at least 1; a partial refund needs one, a full refund takes none', () => {
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'REFUNDED', refundType: 'partial', refundAmount: 10.5 }))).toEqual({ refundAmount: ORDER_MESSAGES.refundAmountWhole });
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'REFUNDED', refundType: 'partial', refundAmount: 0 }))).toEqual({ refundAmount: ORDER_MESSAGES.refundAmountMin });
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'REFUNDED', refundType: 'partial' }))).toEqual({ refundAmount: MESSAGES.required });
    expect(issuesOf(orderStatusChangeSchema.safeParse({ status: 'REFUNDED', refundType: 'full', refundAmount: 5 }))).toEqual({ refundAmount: ORDER_MESSAGES.fullRefundNoAmount });
    expect(orderStatusChangeSchema.safeParse({ status: 'REFUNDED', refundType: 'partial', refundAmount: 25 }).success).toBe(true);
  });

  it('checks a refund against the remaining amount: type required, partial at most the remaining', () => {
    expect(refundProblem({}, 100)).toEqual({ field: 'refundType', message: MESSAGES.required });
    expect(refundProblem({ refundType: 'partial', refundAmount: 101 }, 100.5)).toEqual({ field: 'refundAmount', message: ORDER_MESSAGES.refundOverRemaining });
    expect(refundProblem({ refundType: 'partial', refundAmount: 100 }, 100.5)).toBeNull();
    expect(refundProblem({ refundType: 'full' }, 100.5)).toBeNull();
    // Fully refunded: the fields are hidden, and sending a refund is refused.
    expect(refundProblem({}, 0)).toBeNull();
    expect(refundProblem({ refundType: 'full' }, 0)).toEqual({ field: 'refundType', message: ORDER_MESSAGES.alreadyFullyRefunded });
  });
});

describe('orders list query', () => {
  it('reads the spec’s filters, with status repeated for several, 10 a page', () => {
    const query = orderResource.listQuery.schema.parse({ orderNumber: '1000', email: 'a@b', dateFrom: '2026-01-01', dateTo: '2026-01-31', status: ['PENDING', 'ON_HOLD'], country: 'GB', paymentMethod: 'paypal', customerId: '7' });
    expect(query).toMatchObject({ page: 1, pageSize: 10, orderNumber: '1000', dateFrom: '2026-01-01', dateTo: '2026-01-31', status: ['PENDING', 'ON_HOLD'], country: 'GB', paymentMethod: ['paypal'], customerId: [7] });
    expect(orderResource.listQuery.schema.safeParse({ status: 'SHIPPED' }).success).toBe(false);
  });
});

describe('placing an order (storefront)', () => {
  const address = { firstName: 'Ava', lastName: 'Smith', street: '1 Baker Street', countryId: 'GB', stateId: 'ENG', city: 'London', postcode: 'NW1 6XE', contactNumber: '07700 900123' };
  const order = { email: 'ava@example.co.uk', firstName: 'Ava', lastName: 'Smith', phone: '07700 900123', billingAddress: address, shippingAddress: address, paymentMethod: 'credit_card', shippingRateId: 1 };

  it('takes variant lines with a size, and diamond lines one at a time', () => {
    const parsed = placeOrderSchema.parse({ ...order, lines: [{ productId: 4, qty: 2, size: 'N' }, { diamondId: 9 }] });
    expect(parsed.lines).toEqual([{ productId: 4, qty: 2, size: 'N' }, { diamondId: 9, qty: 1 }]);
  });

  it('refuses an order without lines, a line that is neither, and a diamond by the two', () => {
    expect(issuesOf(placeOrderSchema.safeParse({ ...order, lines: [] }))).toEqual({ lines: ORDER_MESSAGES.noLines });
    expect(placeOrderSchema.safeParse({ ...order, lines: [{ productId: 1, diamondId: 2 }] }).success).toBe(false);
    expect(placeOrderSchema.safeParse({ ...order, lines: [{ diamondId: 2, qty: 2 }] }).success).toBe(false);
  });

  it('checks the addresses by the address book’s rules', () => {
    expect(issuesOf(placeOrderSchema.safeParse({ ...order, lines: [{ productId: 1 }], shippingAddress: { ...address, postcode: 'NOPE' } }))).toEqual({
      'shippingAddress.postcode': MESSAGES.invalidUkPostcode,
    });
  });
});
