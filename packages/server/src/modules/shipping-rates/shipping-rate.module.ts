import { defineServerModule } from '../server-module.ts';
import { shippingRateCacheSource } from './shipping-rate.cache.ts';
import { seedDemoShippingRates } from './shipping-rate.demo.ts';
import { shippingRateRoutes } from './shipping-rate.routes.ts';
import { shippingRates } from './shipping-rate.table.ts';

export const shippingRatesModule = defineServerModule({
  name: 'shipping-rates',
  routes: (app, { db }) => shippingRateRoutes(app, db),
  tables: [shippingRates],
  demo: seedDemoShippingRates,
  cacheSources: [shippingRateCacheSource],
  // Sales reads the rates: the order status form's Shipping Type (the resource's alsoReadBy).
  permissions: ['system', 'sales'],
});
