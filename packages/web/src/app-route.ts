import type { PermissionRequirement } from '@facet/contract/permissions';
import type { ComponentType } from 'react';
import type { MenuSectionKey } from './layout/menu-sections.tsx';

// Part of the first load (/login included, 250 kB budget), with every module's `*.module.ts`: import
// only `*.paths.ts` files, types and plain constants here and there. Pages, zod schemas and antd stay
// behind the lazy `page` imports; a resource's permission is written as its key rather than read from
// its contract schema.

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

/**
 * What one web module brings, declared in its own folder (`modules/<name>/<name>.module.ts`) and
 * collected, one line each, by `routes.tsx`: its pages, each with its sidebar entry (`menu`) or the
 * entry it highlights (`menuParent`). The sidebar is drawn from these in the spec's order.
 */
export interface WebModule {
  /** The module's folder name. */
  name: string;
  routes: readonly AppRoute[];
}

export const defineWebModule = (module: WebModule): WebModule => module;

/** A resource's list, add and edit screens in one line: the list has the menu entry, the forms highlight it. */
export function listAddEdit(
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
