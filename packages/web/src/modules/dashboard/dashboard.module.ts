import { defineWebModule } from '../../app-route.ts';

export const dashboardWebModule = defineWebModule({
  name: 'dashboard',
  routes: [
    { path: '/', page: () => import('./dashboard.page.tsx'), menu: { section: 'dashboard' } },
    { path: '/dashboard', page: () => import('./dashboard.page.tsx'), menuParent: '/' },
  ],
});
