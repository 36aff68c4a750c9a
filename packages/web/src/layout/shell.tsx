import './shell.css';
import { MESSAGES } from '@facet/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { App, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { isApiError } from '../api/client.ts';
import { onQueryError } from '../api/query-client.ts';
import type { PageHandle } from '../app-route.ts';
import { fetchSession, isUsableSession, NO_PERMISSIONS_MESSAGE, SESSION_QUERY_KEY } from '../session/session.api.ts';
import { canAccess, SessionContext, useSession } from '../session/session-context.ts';
import { useSignOut } from '../session/use-sign-out.ts';
import { visibleMenuLinks } from './menu.tsx';
import type { ShellContext } from './menu-links.ts';
import { PageLoading } from './page-loading.tsx';
import { RootError } from './root-layout.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** Spec §8: a failed load shows 'Something went wrong.' (a 401 is not shown: it already leads to /login). */
function useLoadFailureToast() {
  const { message } = App.useApp();
  useEffect(
    () =>
      onQueryError((error) => {
        if (!isApiError(error, 401)) void message.error(MESSAGES.somethingWentWrong);
      }),
    [message],
  );
}

/** The page itself, or a redirect to / when the user lacks the page's permission. */
function PermittedPage() {
  const session = useSession();
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  if (!canAccess(session, handle?.permission)) return <Navigate to="/" replace />;
  return <Outlet context={{ menuLinks: visibleMenuLinks(session) } satisfies ShellContext} />;
}

function ShellLayout() {
  useLoadFailureToast();
  const [isSidebarOpen, setSidebarOpen] = useState(true);
  return (
    <Layout className="shell">
      <Sidebar isOpen={isSidebarOpen} onBreakpoint={(isNarrow) => setSidebarOpen(!isNarrow)} />
      <Layout>
        <TopBar isSidebarOpen={isSidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
        <Layout.Content className="shell__content">
          <PermittedPage />
        </Layout.Content>
        <Layout.Footer className="shell__footer">Copyright © {new Date().getFullYear()} Facet. All rights reserved.</Layout.Footer>
      </Layout>
    </Layout>
  );
}

/** Spec: an empty permission list or catalogue ends the session and goes to /login. */
function EndUnusableSession() {
  const signOut = useSignOut();
  useEffect(() => void signOut({ endOnServer: true, notice: NO_PERMISSIONS_MESSAGE }), [signOut]);
  return <PageLoading />;
}

/** Everything but /login: needs a session (from the login, or /api/auth/me after a reload). */
export default function Shell() {
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: Infinity });
  // A 401 is already on its way to /login (api/client.ts); keep the spinner until then.
  if (session.isPending || isApiError(session.error, 401)) return <PageLoading />;
  if (session.isError) return <RootError />;
  if (!isUsableSession(session.data)) return <EndUnusableSession />;
  return (
    <SessionContext.Provider value={session.data}>
      <App>
        <ShellLayout />
      </App>
    </SessionContext.Provider>
  );
}
