import { instagramPaths } from '@facet/contract/modules/instagram/instagram.paths';
import { defineWebModule } from '../../app-route.ts';

export const instagramWebModule = defineWebModule({
  name: 'instagram',
  routes: [
    { path: instagramPaths.page, page: () => import('./instagram.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Instagram', order: 4.5 } },
    // Instagram's return (the spec writes it with a trailing slash; the router matches both).
    { path: instagramPaths.authReturn, page: () => import('./instagram-auth.page.tsx'), permission: 'system' },
  ],
});
