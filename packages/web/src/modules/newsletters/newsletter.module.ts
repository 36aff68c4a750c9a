import { defineWebModule } from '../../app-route.ts';
import { klaviyoSettingsPath, newsletterPaths, subscriberPaths } from './newsletter.paths.ts';

export const newslettersWebModule = defineWebModule({
  name: 'newsletters',
  routes: [
    // Newsletter (Subscribers List), document 3 §2.3: the newsletters' list and Add form are reached from it.
    { path: subscriberPaths.list, page: () => import('./subscriber-list.page.tsx'), permission: 'newsletter', menu: { section: 'newsletter', label: 'Subscribers List', order: 1 } },
    { path: newsletterPaths.list, page: () => import('./newsletter-list.page.tsx'), permission: 'newsletter', menuParent: subscriberPaths.list },
    { path: newsletterPaths.add, page: () => import('./newsletter-add.page.tsx'), permission: 'newsletter', menuParent: subscriberPaths.list },
    { path: klaviyoSettingsPath, page: () => import('./klaviyo-settings.page.tsx'), permission: 'newsletter', menuParent: subscriberPaths.list },
  ],
});
