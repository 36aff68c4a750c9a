import { CUSTOMER_GROUP_PERMISSION } from '@facet/contract/modules/customer-groups/customer-group.permission';
import type { PermissionRequirement } from '@facet/contract/permissions';
import type { ComponentType } from 'react';
import type { MenuSectionKey } from './layout/menu-sections.tsx';
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
import { metalQualityPaths } from './modules/metal-qualities/metal-quality.paths.ts';
import { metalPaths } from './modules/metals/metal.paths.ts';
import { productAttributePaths } from './modules/product-attributes/product-attribute.paths.ts';
import { attributeSetPaths } from './modules/attribute-sets/attribute-set.paths.ts';
import { productSizePaths } from './modules/product-sizes/product-size.paths.ts';
import { settingPaths } from './modules/settings/setting.paths.ts';

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
  /** The page's sidebar entry: its section, plus label and position when the section is a group. */
  menu?: { section: MenuSectionKey; label?: string; order?: number };
  /** For a page without its own entry (a form), the menu path to highlight (its list). */
  menuParent?: string;
}

/** What a shell route passes to the shell through `useMatches()`. */
export interface PageHandle {
  permission?: PermissionRequirement;
  menuKey?: string;
}

export const IMAGE_SYNC_PATH = '/dropboximagesync';

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
  { path: permissionPaths.list, page: () => import('./modules/permissions/permission-list.page.tsx'), permission: 'role_permission', menu: { section: 'userManagement', label: 'Permissions', order: 1 } },
  { path: permissionPaths.add, page: () => import('./modules/permissions/permission-form.page.tsx'), permission: 'role_permission', menuParent: permissionPaths.list },
  { path: permissionPaths.edit, page: () => import('./modules/permissions/permission-form.page.tsx'), permission: 'role_permission', menuParent: permissionPaths.list },
  { path: rolePaths.list, page: () => import('./modules/roles/role-list.page.tsx'), permission: 'user_management', menu: { section: 'userManagement', label: 'Roles', order: 2 } },
  { path: rolePaths.add, page: () => import('./modules/roles/role-form.page.tsx'), permission: 'user_management', menuParent: rolePaths.list },
  { path: rolePaths.edit, page: () => import('./modules/roles/role-form.page.tsx'), permission: 'user_management', menuParent: rolePaths.list },
  { path: userPaths.list, page: () => import('./modules/users/user-list.page.tsx'), permission: 'user_management', menu: { section: 'userManagement', label: 'Users', order: 3 } },
  { path: userPaths.add, page: () => import('./modules/users/user-form.page.tsx'), permission: 'user_management', menuParent: userPaths.list },
  { path: userPaths.edit, page: () => import('./modules/users/user-form.page.tsx'), permission: 'user_management', menuParent: userPaths.list },

  // Content Management
  { path: contentPagePaths.list, page: () => import('./modules/content-pages/content-page-list.page.tsx'), permission: 'content_management', menu: { section: 'contentManagement' } },
  { path: contentPagePaths.add, page: () => import('./modules/content-pages/content-page-form.page.tsx'), permission: 'content_management', menuParent: contentPagePaths.list },
  { path: contentPagePaths.edit, page: () => import('./modules/content-pages/content-page-form.page.tsx'), permission: 'content_management', menuParent: contentPagePaths.list },

  // Categories: the tree of the catalogue.
  { path: categoryPaths.list, page: () => import('./modules/categories/category-list.page.tsx'), permission: 'categories', menu: { section: 'categories' } },
  { path: categoryPaths.add, page: () => import('./modules/categories/category-form.page.tsx'), permission: 'categories', menuParent: categoryPaths.list },
  { path: categoryPaths.edit, page: () => import('./modules/categories/category-form.page.tsx'), permission: 'categories', menuParent: categoryPaths.list },

  // System > Navigation Menu: one screen, with or without an item open for editing.
  { path: navigationMenuPaths.page, page: () => import('./modules/navigation-menu/navigation-menu.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Navigation Menu', order: 3 } },
  { path: navigationMenuPaths.edit, page: () => import('./modules/navigation-menu/navigation-menu.page.tsx'), permission: 'system', menuParent: navigationMenuPaths.page },

  // System > Shipping Rates (the spec's menu); Diamond Shapes, Markups and Qualities have routes but no menu
  // entry in the spec: they sit in the System group after the spec's entries, so staff can reach them.
  { path: shippingRatePaths.list, page: () => import('./modules/shipping-rates/shipping-rate-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Shipping Rates', order: 1 } },
  { path: shippingRatePaths.add, page: () => import('./modules/shipping-rates/shipping-rate-form.page.tsx'), permission: 'system', menuParent: shippingRatePaths.list },
  { path: shippingRatePaths.edit, page: () => import('./modules/shipping-rates/shipping-rate-form.page.tsx'), permission: 'system', menuParent: shippingRatePaths.list },
  { path: diamondShapePaths.list, page: () => import('./modules/diamond-shapes/diamond-shape-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Diamond Shapes', order: 20 } },
  { path: diamondShapePaths.add, page: () => import('./modules/diamond-shapes/diamond-shape-form.page.tsx'), permission: 'system', menuParent: diamondShapePaths.list },
  { path: diamondShapePaths.edit, page: () => import('./modules/diamond-shapes/diamond-shape-form.page.tsx'), permission: 'system', menuParent: diamondShapePaths.list },
  { path: diamondMarkupPaths.list, page: () => import('./modules/diamond-markups/diamond-markup-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Diamond Markups', order: 21 } },
  { path: diamondMarkupPaths.add, page: () => import('./modules/diamond-markups/diamond-markup-form.page.tsx'), permission: 'system', menuParent: diamondMarkupPaths.list },
  { path: diamondMarkupPaths.edit, page: () => import('./modules/diamond-markups/diamond-markup-form.page.tsx'), permission: 'system', menuParent: diamondMarkupPaths.list },
  { path: diamondQualityPaths.list, page: () => import('./modules/diamond-qualities/diamond-quality-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Diamond Qualities', order: 22 } },
  { path: diamondQualityPaths.add, page: () => import('./modules/diamond-qualities/diamond-quality-form.page.tsx'), permission: 'system', menuParent: diamondQualityPaths.list },
  { path: diamondQualityPaths.edit, page: () => import('./modules/diamond-qualities/diamond-quality-form.page.tsx'), permission: 'system', menuParent: diamondQualityPaths.list },

  // Attribute > Single Attribute.
  { path: productAttributePaths.list, page: () => import('./modules/product-attributes/product-attribute-list.page.tsx'), permission: 'attribute', menu: { section: 'attribute', label: 'Single Attribute', order: 1 } },
  { path: productAttributePaths.add, page: () => import('./modules/product-attributes/product-attribute-form.page.tsx'), permission: 'attribute', menuParent: productAttributePaths.list },
  { path: productAttributePaths.edit, page: () => import('./modules/product-attributes/product-attribute-form.page.tsx'), permission: 'attribute', menuParent: productAttributePaths.list },
  // Attribute > Attribute Set.
  { path: attributeSetPaths.list, page: () => import('./modules/attribute-sets/attribute-set-list.page.tsx'), permission: 'attribute', menu: { section: 'attribute', label: 'Attribute Set', order: 2 } },
  { path: attributeSetPaths.add, page: () => import('./modules/attribute-sets/attribute-set-form.page.tsx'), permission: 'attribute', menuParent: attributeSetPaths.list },
  { path: attributeSetPaths.edit, page: () => import('./modules/attribute-sets/attribute-set-form.page.tsx'), permission: 'attribute', menuParent: attributeSetPaths.list },

  // System > Product Size and Settings (the spec's menu). Metals, Metal Quality and Customer Groups have routes but
  // no menu entry in the spec; staff would look for them under System, so they follow the spec's entries there.
  { path: productSizePaths.list, page: () => import('./modules/product-sizes/product-size-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Product Size', order: 2 } },
  { path: productSizePaths.add, page: () => import('./modules/product-sizes/product-size-form.page.tsx'), permission: 'system', menuParent: productSizePaths.list },
  { path: productSizePaths.edit, page: () => import('./modules/product-sizes/product-size-form.page.tsx'), permission: 'system', menuParent: productSizePaths.list },
  { path: settingPaths.list, page: () => import('./modules/settings/setting-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Settings', order: 4 } },
  { path: settingPaths.add, page: () => import('./modules/settings/setting-form.page.tsx'), permission: 'system', menuParent: settingPaths.list },
  { path: settingPaths.edit, page: () => import('./modules/settings/setting-form.page.tsx'), permission: 'system', menuParent: settingPaths.list },
  { path: metalPaths.list, page: () => import('./modules/metals/metal-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Metals', order: 23 } },
  { path: metalPaths.edit, page: () => import('./modules/metals/metal-form.page.tsx'), permission: 'system', menuParent: metalPaths.list },
  { path: metalQualityPaths.list, page: () => import('./modules/metal-qualities/metal-quality-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Metal Quality', order: 24 } },
  { path: metalQualityPaths.add, page: () => import('./modules/metal-qualities/metal-quality-form.page.tsx'), permission: 'system', menuParent: metalQualityPaths.list },
  { path: metalQualityPaths.edit, page: () => import('./modules/metal-qualities/metal-quality-form.page.tsx'), permission: 'system', menuParent: metalQualityPaths.list },
  { path: customerGroupPaths.list, page: () => import('./modules/customer-groups/customer-group-list.page.tsx'), permission: CUSTOMER_GROUP_PERMISSION, menu: { section: 'system', label: 'Customer Groups', order: 25 } },
  { path: customerGroupPaths.add, page: () => import('./modules/customer-groups/customer-group-form.page.tsx'), permission: CUSTOMER_GROUP_PERMISSION, menuParent: customerGroupPaths.list },
  { path: customerGroupPaths.edit, page: () => import('./modules/customer-groups/customer-group-form.page.tsx'), permission: CUSTOMER_GROUP_PERMISSION, menuParent: customerGroupPaths.list },
];
