import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { couponPaths } from './coupon.paths.ts';

export const couponsWebModule = defineWebModule({
  name: 'coupons',
  routes: [
    // Marketing > Coupons (the spec's menu); either the Marketing or the Coupons permission opens it.
    ...listAddEdit(couponPaths, () => import('./coupon-list.page.tsx'), () => import('./coupon-form.page.tsx'), ['marketing', 'coupons'], {
      section: 'marketing',
      label: 'Coupons',
      order: 1,
    }),
  ],
});
