import type { SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import type { MenuProps } from 'antd';
import { Link } from 'react-router';
import type { AppRoute } from '../app-route.ts';
import { APP_ROUTES } from '../routes.tsx';
import { canAccess } from '../session/session-context.ts';
import type { MenuLink } from './menu-links.ts';
import { MENU_SECTIONS } from './menu-sections.tsx';

type MenuItem = Required<MenuProps>['items'][number];

type RouteWithMenu = AppRoute & { menu: NonNullable<AppRoute['menu']> };

const hasMenu = (route: AppRoute): route is RouteWithMenu => route.menu !== undefined;
/** Where an entry links, and its menu key: the page's path, with the entry's query when it has one. */
const linkOf = (route: RouteWithMenu) => `${route.path}${route.menu.search ?? ''}`;

/** The menu sections the user may see, in the spec's order, each with its permitted pages in order. */
function visibleSections(session: SessionInfo) {
  const routes = APP_ROUTES.filter(hasMenu).filter((route) => canAccess(session, route.permission));
  return MENU_SECTIONS.map((section) => ({
    section,
    routes: routes.filter((route) => route.menu.section === section.key).sort((a, b) => (a.menu.order ?? 0) - (b.menu.order ?? 0)),
  })).filter(({ routes: inSection }) => inSection.length > 0);
}

/** Every link the user may follow, flattened (the shell hands them to the page: the dashboard's shortcuts). */
export function visibleMenuLinks(session: SessionInfo): MenuLink[] {
  return visibleSections(session).flatMap(({ section, routes }) =>
    routes.map((route) => ({
      path: linkOf(route),
      label: route.menu.label ?? section.label,
      icon: section.icon,
      sectionKey: section.key,
      sectionLabel: section.label,
    })),
  );
}

/** The antd Menu items of the sidebar: a single link per plain section, a submenu per group. */
export function buildMenuItems(session: SessionInfo): MenuItem[] {
  return visibleSections(session).map(({ section, routes }): MenuItem => {
    const first = routes[0]!;
    if (!('isGroup' in section)) {
      return { key: linkOf(first), icon: section.icon, label: <Link to={linkOf(first)}>{section.label}</Link> };
    }
    return {
      key: section.key,
      icon: section.icon,
      label: section.label,
      children: routes.map((route) => ({ key: linkOf(route), label: <Link to={linkOf(route)}>{route.menu.label ?? route.path}</Link> })),
    };
  });
}

/**
 * The menu entry to highlight: the page's own (`menuKey`), or the entry of the same page whose query
 * the address holds (/diamonds?type=gemstone is Gemstones, /diamonds?page=2 still Diamonds).
 */
export function activeMenuKeyOf(menuKey: string | undefined, search: string): string | undefined {
  const params = new URLSearchParams(search);
  const entry = APP_ROUTES.filter(hasMenu).find(
    (route) => route.path === menuKey && route.menu.search !== undefined && [...new URLSearchParams(route.menu.search)].every(([name, value]) => params.get(name) === value),
  );
  return entry ? linkOf(entry) : menuKey;
}

/** The group a menu path belongs to, so the sidebar can open it. */
export function sectionKeyOf(menuPath: string | undefined): string | undefined {
  return APP_ROUTES.find((route) => route.path === menuPath)?.menu?.section;
}
