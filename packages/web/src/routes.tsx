import type { AppRoute } from './app-route.ts';
import { apiKeysWebModule } from './modules/api-keys/api-key.module.ts';
import { bannersWebModule } from './modules/banners/banner.module.ts';
import { appointmentsWebModule } from './modules/appointments/appointment.module.ts';
import { attributeSetsWebModule } from './modules/attribute-sets/attribute-set.module.ts';
import { blogsWebModule } from './modules/blogs/blog.module.ts';
import { cacheWebModule } from './modules/cache/cache.module.ts';
import { cartsWebModule } from './modules/carts/cart.module.ts';
import { reportsWebModule } from './modules/reports/report.module.ts';
import { categoriesWebModule } from './modules/categories/category.module.ts';
import { couponsWebModule } from './modules/coupons/coupon.module.ts';
import { catalogPriceRulesWebModule } from './modules/catalog-price-rules/catalog-price-rule.module.ts';
import { contactFormsWebModule } from './modules/contact-forms/contact-form.module.ts';
import { contentPagesWebModule } from './modules/content-pages/content-page.module.ts';
import { customerGroupsWebModule } from './modules/customer-groups/customer-group.module.ts';
import { customersWebModule } from './modules/customers/customer.module.ts';
import { dashboardWebModule } from './modules/dashboard/dashboard.module.ts';
import { diamondMarkupsWebModule } from './modules/diamond-markups/diamond-markup.module.ts';
import { diamondQualitiesWebModule } from './modules/diamond-qualities/diamond-quality.module.ts';
import { diamondShapesWebModule } from './modules/diamond-shapes/diamond-shape.module.ts';
import { diamondsWebModule } from './modules/diamonds/diamond.module.ts';
import { imageSyncWebModule } from './modules/image-sync/image-sync.module.ts';
import { inquiriesWebModule } from './modules/inquiries/inquiry.module.ts';
import { instagramWebModule } from './modules/instagram/instagram.module.ts';
import { mailWebModule } from './modules/mail/mail.module.ts';
import { jobsWebModule } from './modules/jobs/job.module.ts';
import { metalQualitiesWebModule } from './modules/metal-qualities/metal-quality.module.ts';
import { metalsWebModule } from './modules/metals/metal.module.ts';
import { navigationMenuWebModule } from './modules/navigation-menu/navigation-menu.module.ts';
import { ordersWebModule } from './modules/orders/order.module.ts';
import { permissionsWebModule } from './modules/permissions/permission.module.ts';
import { productAttributesWebModule } from './modules/product-attributes/product-attribute.module.ts';
import { productImportWebModule } from './modules/product-import/product-import.module.ts';
import { productPricesWebModule } from './modules/product-prices/product-price.module.ts';
import { productSizesWebModule } from './modules/product-sizes/product-size.module.ts';
import { productsWebModule } from './modules/products/product.module.ts';
import { reviewsWebModule } from './modules/reviews/review.module.ts';
import { rolesWebModule } from './modules/roles/role.module.ts';
import { settingsWebModule } from './modules/settings/setting.module.ts';
import { newslettersWebModule } from './modules/newsletters/newsletter.module.ts';
import { shippingRatesWebModule } from './modules/shipping-rates/shipping-rate.module.ts';
import { usersWebModule } from './modules/users/user.module.ts';
import { widgetSectionsWebModule } from './modules/widget-sections/widget-section.module.ts';

// Part of the first load (/login included, 250 kB budget): the modules' `*.module.ts` import only
// `*.paths.ts` files, types and plain constants (app-route.ts); every page stays behind a lazy import.

/** The web modules, one line each: each declares its pages and their sidebar entries in its own folder. */
const WEB_MODULES = [
  dashboardWebModule,
  ordersWebModule,
  imageSyncWebModule,
  cartsWebModule,
  reportsWebModule,
  inquiriesWebModule,
  appointmentsWebModule,
  permissionsWebModule,
  rolesWebModule,
  usersWebModule,
  productsWebModule,
  productImportWebModule,
  productPricesWebModule,
  diamondsWebModule,
  customersWebModule,
  contentPagesWebModule,
  blogsWebModule,
  cacheWebModule,
  categoriesWebModule,
  navigationMenuWebModule,
  shippingRatesWebModule,
  couponsWebModule,
  catalogPriceRulesWebModule,
  diamondShapesWebModule,
  diamondMarkupsWebModule,
  diamondQualitiesWebModule,
  productAttributesWebModule,
  attributeSetsWebModule,
  productSizesWebModule,
  settingsWebModule,
  instagramWebModule,
  jobsWebModule,
  apiKeysWebModule,
  metalsWebModule,
  metalQualitiesWebModule,
  customerGroupsWebModule,
  mailWebModule,
  reviewsWebModule,
  contactFormsWebModule,
  bannersWebModule,
  widgetSectionsWebModule,
  newslettersWebModule,
];

/**
 * THE route table of the signed-in shell (/login sits outside the shell, in router.tsx): the shell's
 * own pages, then every module's. The sidebar is drawn from these entries in the spec's order.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/analytics', page: () => import('./layout/analytics.page.tsx') },
  { path: '/error', page: () => import('./layout/error.page.tsx') },
  ...WEB_MODULES.flatMap((module) => module.routes),
];
