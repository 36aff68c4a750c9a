import { contentPageResource } from './modules/content-pages/content-page.schema.ts';
import { diamondMarkupResource } from './modules/diamond-markups/diamond-markup.schema.ts';
import { diamondQualityResource } from './modules/diamond-qualities/diamond-quality.schema.ts';
import { diamondShapeResource } from './modules/diamond-shapes/diamond-shape.schema.ts';
import { shapeCategoryResource } from './modules/diamond-shapes/shape-category.schema.ts';
import { permissionResource } from './modules/permissions/permission.schema.ts';
import { roleResource } from './modules/roles/role.schema.ts';
import { shippingRateResource } from './modules/shipping-rates/shipping-rate.schema.ts';
import { userResource } from './modules/users/user.schema.ts';

/** Every flat resource of Facet. The server mounts them, the UI lists them, the CRUD suite tests them. */
export const RESOURCES = [
  permissionResource,
  roleResource,
  userResource,
  contentPageResource,
  shapeCategoryResource,
  diamondShapeResource,
  diamondMarkupResource,
  diamondQualityResource,
  shippingRateResource,
] as const;
