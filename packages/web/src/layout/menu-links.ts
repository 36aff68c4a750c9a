import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';

/** One link of the sidebar, with the section it belongs to. */
export interface MenuLink {
  path: string;
  label: string;
  icon: ReactNode;
  sectionKey: string;
  sectionLabel: string;
}

/**
 * What the shell hands the page it shows. The links come down from the shell rather than from
 * `menu.tsx`: the route table imports the pages, so a page that imported the menu (and through it
 * `routes.tsx`) would close an import cycle.
 */
export interface ShellContext {
  menuLinks: MenuLink[];
}

/** Every link the signed-in user may follow, in menu order (the dashboard's shortcuts). */
export const useMenuLinks = () => useOutletContext<ShellContext>().menuLinks;
