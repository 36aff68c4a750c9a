import { apiKeysModule } from './api-keys/api-key.module.ts';
import { bannersModule } from './banners/banner.module.ts';
import { appointmentsModule } from './appointments/appointment.module.ts';
import { attributeSetsModule } from './attribute-sets/attribute-set.module.ts';
import { authModule } from './auth/auth.module.ts';
import { cacheModule } from './cache/cache.module.ts';
import { cartsModule } from './carts/cart.module.ts';
import { blogsModule } from './blogs/blog.module.ts';
import { categoriesModule } from './categories/category.module.ts';
import { couponsModule } from './coupons/coupon.module.ts';
import { catalogPriceRulesModule } from './catalog-price-rules/catalog-price-rule.module.ts';
import { contactFormsModule } from './contact-forms/contact-form.module.ts';
import { contentPagesModule } from './content-pages/content-page.module.ts';
import { customerGroupsModule } from './customer-groups/customer-group.module.ts';
import { customerFormModule } from './customer-form/customer-form.module.ts';
import { customersModule } from './customers/customer.module.ts';
import { dashboardModule } from './dashboard/dashboard.module.ts';
import { diamondMarkupsModule } from './diamond-markups/diamond-markup.module.ts';
import { diamondQualitiesModule } from './diamond-qualities/diamond-quality.module.ts';
import { diamondShapesModule } from './diamond-shapes/diamond-shape.module.ts';
import { diamondsModule } from './diamonds/diamond.module.ts';
import { inquiriesModule } from './inquiries/inquiry.module.ts';
import { imageSyncModule } from './image-sync/image-sync.module.ts';
import { instagramModule } from './instagram/instagram.module.ts';
import { invoicesModule } from './invoices/invoice.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { mediaModule } from './media/media.module.ts';
import { metalQualitiesModule } from './metal-qualities/metal-quality.module.ts';
import { metalsModule } from './metals/metal.module.ts';
import { newslettersModule } from './newsletters/newsletter.module.ts';
import { navigationMenuModule } from './navigation-menu/navigation-menu.module.ts';
import { ordersModule } from './orders/order.module.ts';
import { permissionsModule } from './permissions/permission.module.ts';
import { productAttributesModule } from './product-attributes/product-attribute.module.ts';
import { productImportModule } from './product-import/product-import.module.ts';
import { productMediaModule } from './product-media/product-media.module.ts';
import { productPricesModule } from './product-prices/product-price.module.ts';
import { productSizesModule } from './product-sizes/product-size.module.ts';
import { productsModule } from './products/product.module.ts';
import { reviewsModule } from './reviews/review.module.ts';
import { reportsModule } from './reports/report.module.ts';
import { rolesModule } from './roles/role.module.ts';
import { settingsModule } from './settings/setting.module.ts';
import { shippingRatesModule } from './shipping-rates/shipping-rate.module.ts';
import { storefrontModule } from './storefront/storefront.module.ts';
import { usersModule } from './users/user.module.ts';
import { widgetSectionsModule } from './widget-sections/widget-section.module.ts';
import type { ServerModule } from './server-module.ts';

/**
 * Every business module of the server, one line each: its manifest (`<module>/<name>.module.ts`)
 * declares what it brings. The seeders' order, the cache keys' sources and the permission keys in use
 * are derived from these (server-module.ts); a new module adds its manifest here and nothing else.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  permissionsModule,
  rolesModule,
  usersModule,
  mediaModule,
  categoriesModule,
  contentPagesModule,
  blogsModule,
  navigationMenuModule,
  diamondShapesModule,
  diamondMarkupsModule,
  diamondsModule,
  diamondQualitiesModule,
  shippingRatesModule,
  metalsModule,
  metalQualitiesModule,
  productSizesModule,
  productAttributesModule,
  attributeSetsModule,
  productsModule,
  productImportModule,
  productMediaModule,
  productPricesModule,
  customerGroupsModule,
  customersModule,
  ordersModule,
  settingsModule,
  instagramModule,
  imageSyncModule,
  cacheModule,
  apiKeysModule,
  storefrontModule,
  inquiriesModule,
  cartsModule,
  appointmentsModule,
  mailModule,
  customerFormModule,
  invoicesModule,
  couponsModule,
  catalogPriceRulesModule,
  reviewsModule,
  contactFormsModule,
  bannersModule,
  widgetSectionsModule,
  reportsModule,
  dashboardModule,
  newslettersModule,
];
