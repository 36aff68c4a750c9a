import { defineWebModule } from '../../app-route.ts';
import { IMAGE_SYNC_PATH } from './image-sync.paths.ts';

export const imageSyncWebModule = defineWebModule({
  name: 'image-sync',
  routes: [
    { path: IMAGE_SYNC_PATH, page: () => import('./image-sync.page.tsx') },
  ],
});
