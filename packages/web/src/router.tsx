import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { PageLoading } from './layout/page-loading.tsx';
import { RootError, RootLayout } from './layout/root-layout.tsx';
import type { AppRoute, PageHandle } from './app-route.ts';
import { APP_ROUTES } from './routes.tsx';
import { CUSTOMER_FORM_PATH } from '@facet/contract/modules/customer-form/customer-form.paths';

const loadErrorPage = async () => (await import('./layout/error.page.tsx')).default;

/** A table entry as a lazy route: the page's chunk loads on first visit; a crash inside it shows the error page within the shell. */
function toRouteObject(route: AppRoute): RouteObject {
  const handle: PageHandle = { permission: route.permission, menuKey: route.menu ? route.path : route.menuParent };
  return {
    path: route.path,
    handle,
    lazy: { Component: async () => (await route.page()).default, ErrorBoundary: loadErrorPage },
  };
}

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageLoading,
    children: [
      { path: '/login', lazy: { Component: async () => (await import('./layout/login.page.tsx')).default } },
      // Outside the shell too (spec): the in-store customer form checks the session itself.
      { path: CUSTOMER_FORM_PATH, lazy: { Component: async () => (await import('./modules/customer-form/customer-form.page.tsx')).default } },
      {
        // The shell checks the session, then draws the layout around the page.
        lazy: { Component: async () => (await import('./layout/shell.tsx')).default },
        children: [
          // A menu entry with a query (Gemstones) shares its page's route.
          ...APP_ROUTES.filter((route) => !route.menu?.search).map(toRouteObject),
          { path: '*', lazy: { Component: async () => (await import('./layout/not-found.page.tsx')).default } },
        ],
      },
    ],
  },
]);
