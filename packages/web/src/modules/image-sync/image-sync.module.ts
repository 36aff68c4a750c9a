import { IMAGE_SYNC_PATH } from '@facet/contract/modules/image-sync/image-sync.paths';
import { defineWebModule } from '../../app-route.ts';

/**
 * Dropbox Image Sync: permission products (it fills the products' media libraries). In the System
 * menu beside Instagram, the shop's other connected service; a products-only user sees only it there.
 */
export const imageSyncWebModule = defineWebModule({
  name: 'image-sync',
  routes: [{ path: IMAGE_SYNC_PATH, page: () => import('./image-sync.page.tsx'), permission: 'products', menu: { section: 'system', label: 'Dropbox Image Sync', order: 4.6 } }],
});
