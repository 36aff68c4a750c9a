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
];
