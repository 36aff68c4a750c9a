/** The spec's routes: the token page, and where Instagram sends staff back with `?code=` (with or without the trailing slash). */
export const instagramPaths = {
  page: '/system/settings/instagram',
  authReturn: '/system/settings/instagram/auth',
} as const;
