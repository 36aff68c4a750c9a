import { MESSAGES } from '@facet/contract/messages';
import { Navigate, Outlet, useLocation } from 'react-router';
import { instagramPaths } from '@facet/contract/modules/instagram/instagram.paths';
import { IMAGE_SYNC_PATH } from '@facet/contract/modules/image-sync/image-sync.paths';

/**
 * Pages that read a `code` query parameter themselves: the image sync's and Instagram's returns (the
 * latter with or without its trailing slash). Spec: any other page opened with `code` goes to the
 * image-sync page (an OAuth return), keeping the query string.
 */
const PAGES_OWNING_CODE_PARAM = [IMAGE_SYNC_PATH, instagramPaths.authReturn];

export function RootLayout() {
  const { pathname, search } = useLocation();
  const hasCode = new URLSearchParams(search).has('code');
  if (hasCode && !PAGES_OWNING_CODE_PARAM.includes(pathname.replace(/(.)\/$/, '$1'))) {
    return <Navigate to={{ pathname: IMAGE_SYNC_PATH, search }} replace />;
  }
  return <Outlet />;
}

/** Last resort when even the shell cannot load (e.g. a chunk from an older build is gone): no antd here. */
export function RootError() {
  return (
    <div className="root-error" role="alert">
      <h1>{MESSAGES.errorPage}</h1>
      <a href="/">Reload Facet</a>
    </div>
  );
}
