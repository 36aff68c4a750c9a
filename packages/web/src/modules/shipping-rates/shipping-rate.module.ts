import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { shippingRatePaths } from './shipping-rate.paths.ts';

export const shippingRatesWebModule = defineWebModule({
  name: 'shipping-rates',
  routes: [
    // System > Shipping Rates (the spec's menu).
    ...listAddEdit(shippingRatePaths, () => import('./shipping-rate-list.page.tsx'), () => import('./shipping-rate-form.page.tsx'), 'system', { section: 'system', label: 'Shipping Rates', order: 1 }),
  ],
});
