import { contentPageResource } from './modules/content-pages/content-page.schema.ts';
import { diamondMarkupResource } from './modules/diamond-markups/diamond-markup.schema.ts';
import { diamondQualityResource } from './modules/diamond-qualities/diamond-quality.schema.ts';
import { diamondShapeResource } from './modules/diamond-shapes/diamond-shape.schema.ts';
import { shapeCategoryResource } from './modules/diamond-shapes/shape-category.schema.ts';
import { permissionResource } from './modules/permissions/permission.schema.ts';
import { roleResource } from './modules/roles/role.schema.ts';
import { shippingRateResource } from './modules/shipping-rates/shipping-rate.schema.ts';
import { userResource } from './modules/users/user.schema.ts';
import { customerGroupResource } from './modules/customer-groups/customer-group.schema.ts';
import { metalQualityResource } from './modules/metal-qualities/metal-quality.schema.ts';
import { metalResource } from './modules/metals/metal.schema.ts';
import { productAttributeResource } from './modules/product-attributes/product-attribute.schema.ts';
import { attributeSetResource } from './modules/attribute-sets/attribute-set.schema.ts';
import { productSizeResource } from './modules/product-sizes/product-size.schema.ts';
import { settingResource } from './modules/settings/setting.schema.ts';

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
  metalResource,
  metalQualityResource,
  productSizeResource,
  productAttributeResource,
  attributeSetResource,
  customerGroupResource,
  settingResource,
] as const;
