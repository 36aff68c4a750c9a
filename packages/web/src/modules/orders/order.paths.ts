/**
 * The order screens (document 3 §2.1): the list under Sales, and an order's view by its number. The
 * contract's ORDER_SCREENS spells the same routes (order.paths.test.ts); this file keeps the module's
 * manifest out of the contract's schemas, which the first load must not carry.
 */
export const orderPaths = { list: '/sales/orders', view: '/order/view/order_id/:orderNumber' } as const;
