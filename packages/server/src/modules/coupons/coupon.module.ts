import { defineServerModule } from '../server-module.ts';
import { seedDemoCoupons } from './coupon.demo.ts';
import { couponRoutes } from './coupon.routes.ts';
import { coupons, couponUsages } from './coupon.table.ts';

export const couponsModule = defineServerModule({
  name: 'coupons',
  routes: (app, { db }) => couponRoutes(app, db),
  tables: [coupons, couponUsages],
  demo: seedDemoCoupons,
  after: ['products', 'categories', 'customers'],
  // Either key opens coupons (the resource's permission).
  permissions: ['marketing', 'coupons'],
});
