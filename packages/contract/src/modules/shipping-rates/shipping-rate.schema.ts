import { z } from 'zod';
import { recordOf } from '../../api.ts';
import { rangeFilter, statusFilter } from '../../list-query.ts';
import { defineResource } from '../../resource.ts';
import { money, PRICE_MAX, requiredText } from '../../rules.ts';

export const shippingRateInputSchema = z.object({
  name: requiredText(255),
  rate: money({ label: 'Rate' }),
  // Labelled Min Order Amount on screen; the spec words its errors as 'Min Free Shipping Amount'.
  minFreeShippingAmount: money({ label: 'Min Free Shipping Amount' }),
  status: z.boolean().default(true),
});
export type ShippingRateInput = z.input<typeof shippingRateInputSchema>;

export const shippingRateRecordSchema = recordOf(shippingRateInputSchema);
export type ShippingRateRecord = z.infer<typeof shippingRateRecordSchema>;

export const shippingRateResource = defineResource({
  name: 'shipping-rates',
  entity: 'shipping_rate',
  label: 'Shipping Rate',
  permission: 'system',
  // The order status form's Shipping Type (document 3 §7 GetShippingRate) lists the rates to Sales.
  alsoReadBy: 'sales',
  createInput: shippingRateInputSchema,
  record: shippingRateRecordSchema,
  searchable: ['name'],
  sortable: ['name', 'createdAt'],
  filters: {
    rate: rangeFilter('Rate', { max: PRICE_MAX, decimals: 2 }),
    minFreeShippingAmount: rangeFilter('Min Order Amount', { max: PRICE_MAX, decimals: 2 }),
    status: statusFilter(),
  },
  unique: [{ field: 'name', label: 'Shipping rate' }],
  // Closing shipping for a holiday (every rate Inactive) and opening it again.
  bulkActions: ['status', 'delete'],
});
