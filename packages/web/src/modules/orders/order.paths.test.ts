import { ORDER_SCREENS, orderViewPath } from '@facet/contract/modules/orders/order.schema';
import { generatePath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orderPaths } from './order.paths.ts';

describe('the order screens', () => {
  it('are the routes the contract names (document 3 §2.1)', () => {
    expect(orderPaths).toEqual(ORDER_SCREENS);
    expect(generatePath(orderPaths.view, { orderNumber: '100042' })).toBe(orderViewPath('100042'));
  });
});
