import type { ListResponse } from '@facet/contract/api';
import type { OrderRecord, OrderStatusChange, OrderStatusChangeResponse } from '@facet/contract/modules/orders/order.schema';
import { ORDER_API, orderApiPath, orderLineApiPath, orderResource, SHIPPING_RATE_LOOKUP_PAGE_SIZE } from '@facet/contract/modules/orders/order.schema';
import type { ShippingRateRecord } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import { apiRequest } from '../../api/client.ts';
import { resourceKeys } from '../../ui/resource-api.ts';

/** The order's view and its changes: the status, a diamond line's supplier order reference (the list is the toolkit's: resourceApi(orderResource)). */
export const orderApi = {
  get: (orderNumber: string) => apiRequest<OrderRecord>(orderApiPath(ORDER_API.detail, orderNumber)),
  /** With the submission's Idempotency-Key: the same key again (a double click) changes the order once. */
  changeStatus: (orderNumber: string, change: OrderStatusChange, idempotencyKey: string) =>
    apiRequest<OrderStatusChangeResponse>(orderApiPath(ORDER_API.status, orderNumber), { method: 'POST', body: change, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** A diamond line's supplier order reference; empty removes it. */
  setSupplierOrderReference: (orderNumber: string, lineId: number, supplierOrderReference: string) =>
    apiRequest<OrderStatusChangeResponse>(orderLineApiPath(ORDER_API.supplierOrderReference, orderNumber, lineId), { method: 'PUT', body: { supplierOrderReference } }),
  /** A page of the active shipping rates by name, 50 at a time (document 3 §7 GetShippingRate): the shipping type choices. */
  shippingTypes: (page: number) =>
    apiRequest<ListResponse<ShippingRateRecord>>(`/api/${shippingRateResource.name}`, {
      query: { page, pageSize: SHIPPING_RATE_LOOKUP_PAGE_SIZE, status: 'active', sort: 'name', order: 'asc' },
    }),
};

export const orderKeys = {
  /** Under the resource's own key, so a change refreshes the list and the customer's Orders tab too. */
  detail: (orderNumber: string) => [...resourceKeys.all(orderResource), 'view', orderNumber] as const,
  shippingTypes: [...resourceKeys.all(shippingRateResource), 'shipping-types'] as const,
};

/**
 * A fresh Idempotency-Key: 128 random bits in hex. crypto.randomUUID is offered only on secure
 * origins, and a shop may serve its back office over plain HTTP inside its network.
 */
export function newIdempotencyKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
