import { CUSTOMER_GROUP_PERMISSION } from '@facet/contract/modules/customer-groups/customer-group.permission';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { ComponentType } from 'react';
import type { MenuSectionKey } from './layout/menu-sections.tsx';
import { apiKeyPaths } from './modules/api-keys/api-key.paths.ts';
import { cachePaths } from './modules/cache/cache.paths.ts';
import { categoryPaths } from './modules/categories/category.paths.ts';
import { contentPagePaths } from './modules/content-pages/content-page.paths.ts';
import { diamondMarkupPaths } from './modules/diamond-markups/diamond-markup.paths.ts';
import { diamondQualityPaths } from './modules/diamond-qualities/diamond-quality.paths.ts';
import { diamondShapePaths } from './modules/diamond-shapes/diamond-shape.paths.ts';
import { navigationMenuPaths } from './modules/navigation-menu/navigation-menu.paths.ts';
import { permissionPaths } from './modules/permissions/permission.paths.ts';
import { rolePaths } from './modules/roles/role.paths.ts';
import { shippingRatePaths } from './modules/shipping-rates/shipping-rate.paths.ts';
import { userPaths } from './modules/users/user.paths.ts';
import { customerGroupPaths } from './modules/customer-groups/customer-group.paths.ts';
import { customerPaths } from './modules/customers/customer.paths.ts';
import { metalQualityPaths } from './modules/metal-qualities/metal-quality.paths.ts';
import { metalPaths } from './modules/metals/metal.paths.ts';
import { productAttributePaths } from './modules/product-attributes/product-attribute.paths.ts';
import { attributeSetPaths } from './modules/attribute-sets/attribute-set.paths.ts';
import { productSizePaths } from './modules/product-sizes/product-size.paths.ts';
import { productImportPaths } from './modules/product-import/product-import.paths.ts';
import { productPricePaths } from './modules/product-prices/product-price.paths.ts';
import { productPaths } from './modules/products/product.paths.ts';
import { settingPaths } from './modules/settings/setting.paths.ts';
import { jobPaths } from './modules/jobs/job.paths.ts';
import { diamondPaths, nivodaPaths } from './modules/diamonds/diamond.paths.ts';

// This file is part of the first load (/login included, 250 kB budget): import only `*.paths.ts`
// files, types and plain constants here. Pages, zod schemas and antd stay behind the lazy `page`
// imports; a resource's permission is written as its key rather than read from its contract schema.

/** One page of the signed-in shell. */
export interface AppRoute {
  path: string;
  /** Loaded the first time the route opens, so every page is its own chunk. */
  page: () => Promise<{ default: ComponentType }>;
  /** Needed to open the page and to see its menu entry; without it the page redirects to /. None: any signed-in user. */
  permission?: PermissionRequirement;
  /**
   * The page's sidebar entry: its section, plus label and position when the section is a group.
   * `search` makes a second entry for a page already in the table, opened with that query (Gemstones:
   * /diamonds?type=gemstone): it repeats the page's path and adds no route of its own.
   */
  menu?: { section: MenuSectionKey; label?: string; order?: number; search?: `?${string}` };
  /** For a page without its own entry (a form), the menu path to highlight (its list). */
  menuParent?: string;
}

/** What a shell route passes to the shell through `useMatches()`. */
export interface PageHandle {
  permission?: PermissionRequirement;
  menuKey?: string;
}

export const IMAGE_SYNC_PATH = '/dropboximagesync';

/** A resource's list, add and edit screens in one line: the list has the menu entry, the forms highlight it. */
function listAddEdit(
  paths: { list: string; add: string; edit: string },
  listPage: AppRoute['page'],
  formPage: AppRoute['page'],
  permission: PermissionRequirement,
  menu: NonNullable<AppRoute['menu']>,
): AppRoute[] {
  return [
    { path: paths.list, page: listPage, permission, menu },
    { path: paths.add, page: formPage, permission, menuParent: paths.list },
    { path: paths.edit, page: formPage, permission, menuParent: paths.list },
  ];
}

/**
 * THE route table of the signed-in shell (/login sits outside the shell, in router.tsx). A new screen
 * is one line here; the sidebar is drawn from these entries in the spec's order.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', page: () => import('./modules/dashboard/dashboard.page.tsx'), menu: { section: 'dashboard' } },
  { path: '/dashboard', page: () => import('./modules/dashboard/dashboard.page.tsx'), menuParent: '/' },
  { path: '/analytics', page: () => import('./layout/analytics.page.tsx') },
  { path: '/error', page: () => import('./layout/error.page.tsx') },
  { path: IMAGE_SYNC_PATH, page: () => import('./modules/image-sync/image-sync.page.tsx') },

  // User Management
  ...listAddEdit(permissionPaths, () => import('./modules/permissions/permission-list.page.tsx'), () => import('./modules/permissions/permission-form.page.tsx'), 'role_permission', { section: 'userManagement', label: 'Permissions', order: 1 }),
  ...listAddEdit(rolePaths, () => import('./modules/roles/role-list.page.tsx'), () => import('./modules/roles/role-form.page.tsx'), 'user_management', { section: 'userManagement', label: 'Roles', order: 2 }),
  ...listAddEdit(userPaths, () => import('./modules/users/user-list.page.tsx'), () => import('./modules/users/user-form.page.tsx'), 'user_management', { section: 'userManagement', label: 'Users', order: 3 }),

  // Products: the list; its add and edit routes follow Attribute Set below.
  ...listAddEdit(productPaths, () => import('./modules/products/product-list.page.tsx'), () => import('./modules/products/product-form.page.tsx'), 'products', { section: 'products' }),
  // Products > Import Excel: both readings of the spec's route.
  { path: productImportPaths.page, page: () => import('./modules/product-import/product-import.page.tsx'), permission: 'products', menuParent: productPaths.list },
  { path: productImportPaths.alias, page: () => import('./modules/product-import/product-import.page.tsx'), permission: 'products', menuParent: productPaths.list },
  { path: productPricePaths.page, page: () => import('./modules/product-prices/update-price.page.tsx'), permission: 'products', menuParent: productPaths.list },

  // Diamonds: the diamonds and the gemstones list (one screen, ?type=gemstone), Pull Diamond and Sold Diamond.
  { path: diamondPaths.list, page: () => import('./modules/diamonds/diamond-list.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Diamonds', order: 1 } },
  { path: diamondPaths.list, page: () => import('./modules/diamonds/diamond-list.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Gemstones', order: 2, search: diamondPaths.gemstonesSearch } },
  { path: diamondPaths.alias, page: () => import('./modules/diamonds/diamond-list.page.tsx'), permission: 'diamonds', menuParent: diamondPaths.list },
  { path: diamondPaths.pull, page: () => import('./modules/diamonds/diamond-pull.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Pull Diamond', order: 3 } },
  { path: diamondPaths.sold, page: () => import('./modules/diamonds/sold-diamond-list.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Sold Diamond', order: 4 } },

  // Customers (document 1 §1 menu): the list, add and edit with the Addresses and Orders tabs.
  ...listAddEdit(customerPaths, () => import('./modules/customers/customer-list.page.tsx'), () => import('./modules/customers/customer-form.page.tsx'), 'customers', { section: 'customers' }),
  // Content Management
  ...listAddEdit(contentPagePaths, () => import('./modules/content-pages/content-page-list.page.tsx'), () => import('./modules/content-pages/content-page-form.page.tsx'), 'content_management', { section: 'contentManagement' }),

  // Cache Management: the storefront cache.
  { path: cachePaths.page, page: () => import('./modules/cache/cache-management.page.tsx'), permission: 'cache_management', menu: { section: 'cacheManagement' } },

  // Categories: the tree of the catalogue.
  ...listAddEdit(categoryPaths, () => import('./modules/categories/category-list.page.tsx'), () => import('./modules/categories/category-form.page.tsx'), 'categories', { section: 'categories' }),

  // System > Navigation Menu: one screen, with or without an item open for editing.
  { path: navigationMenuPaths.page, page: () => import('./modules/navigation-menu/navigation-menu.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Navigation Menu', order: 3 } },
  { path: navigationMenuPaths.edit, page: () => import('./modules/navigation-menu/navigation-menu.page.tsx'), permission: 'system', menuParent: navigationMenuPaths.page },

  // System > Shipping Rates (the spec's menu); Diamond Shapes, Markups and Qualities have routes but no menu
  // entry in the spec: they sit in the System group after the spec's entries, so staff can reach them.
  ...listAddEdit(shippingRatePaths, () => import('./modules/shipping-rates/shipping-rate-list.page.tsx'), () => import('./modules/shipping-rates/shipping-rate-form.page.tsx'), 'system', { section: 'system', label: 'Shipping Rates', order: 1 }),
  ...listAddEdit(diamondShapePaths, () => import('./modules/diamond-shapes/diamond-shape-list.page.tsx'), () => import('./modules/diamond-shapes/diamond-shape-form.page.tsx'), 'system', { section: 'system', label: 'Diamond Shapes', order: 20 }),
  ...listAddEdit(diamondMarkupPaths, () => import('./modules/diamond-markups/diamond-markup-list.page.tsx'), () => import('./modules/diamond-markups/diamond-markup-form.page.tsx'), 'system', { section: 'system', label: 'Diamond Markups', order: 21 }),
  ...listAddEdit(diamondQualityPaths, () => import('./modules/diamond-qualities/diamond-quality-list.page.tsx'), () => import('./modules/diamond-qualities/diamond-quality-form.page.tsx'), 'system', { section: 'system', label: 'Diamond Qualities', order: 22 }),

  // Attribute > Single Attribute.
  ...listAddEdit(productAttributePaths, () => import('./modules/product-attributes/product-attribute-list.page.tsx'), () => import('./modules/product-attributes/product-attribute-form.page.tsx'), 'attribute', { section: 'attribute', label: 'Single Attribute', order: 1 }),
  // Attribute > Attribute Set.
  ...listAddEdit(attributeSetPaths, () => import('./modules/attribute-sets/attribute-set-list.page.tsx'), () => import('./modules/attribute-sets/attribute-set-form.page.tsx'), 'attribute', { section: 'attribute', label: 'Attribute Set', order: 2 }),

  // Products: the form (the list and its menu entry come with the list screen).

  // System > Product Size and Settings (the spec's menu). Metals, Metal Quality and Customer Groups have routes but
  // no menu entry in the spec; staff would look for them under System, so they follow the spec's entries there.
  ...listAddEdit(productSizePaths, () => import('./modules/product-sizes/product-size-list.page.tsx'), () => import('./modules/product-sizes/product-size-form.page.tsx'), 'system', { section: 'system', label: 'Product Size', order: 2 }),
  ...listAddEdit(settingPaths, () => import('./modules/settings/setting-list.page.tsx'), () => import('./modules/settings/setting-form.page.tsx'), 'system', { section: 'system', label: 'Settings', order: 4 }),
  { path: jobPaths.list, page: () => import('./modules/jobs/job-centre.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Job Centre', order: 5 } },
  // The storefront API's keys (issue 13).
  { path: apiKeyPaths.list, page: () => import('./modules/api-keys/api-key-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'API Keys', order: 6 } },
  // System > Nivoda Logs (the spec's menu) and the import services it logs (/system/service, no menu entry in the spec).
  { path: nivodaPaths.logs, page: () => import('./modules/diamonds/nivoda-logs.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Nivoda Logs', order: 7 } },
  { path: nivodaPaths.service, page: () => import('./modules/diamonds/import-services.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Import Services', order: 8 } },
  // The feed's settings (Nivoda connection, schedule, USD to GBP rate) beside the services that use them.
  { path: nivodaPaths.settings, page: () => import('./modules/diamonds/feed-settings.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Feed Settings', order: 9 } },
  { path: metalPaths.list, page: () => import('./modules/metals/metal-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Metals', order: 23 } },
  { path: metalPaths.edit, page: () => import('./modules/metals/metal-form.page.tsx'), permission: 'system', menuParent: metalPaths.list },
  ...listAddEdit(metalQualityPaths, () => import('./modules/metal-qualities/metal-quality-list.page.tsx'), () => import('./modules/metal-qualities/metal-quality-form.page.tsx'), 'system', { section: 'system', label: 'Metal Quality', order: 24 }),
  ...listAddEdit(customerGroupPaths, () => import('./modules/customer-groups/customer-group-list.page.tsx'), () => import('./modules/customer-groups/customer-group-form.page.tsx'), CUSTOMER_GROUP_PERMISSION, { section: 'system', label: 'Customer Groups', order: 25 }),
];
