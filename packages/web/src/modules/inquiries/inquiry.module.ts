import { defineWebModule } from '../../app-route.ts';
import { inquiryPaths } from './inquiry.paths.ts';

export const inquiriesWebModule = defineWebModule({
  name: 'inquiries',
  routes: [
    // Sales > Orders Inquiry (document 3 §2.3). The older build opened the detail with the products
    // permission; both screens need sales here, as their API does.
    { path: inquiryPaths.list, page: () => import('./inquiry-list.page.tsx'), permission: 'sales', menu: { section: 'sales', label: 'Orders Inquiry', order: 3 } },
    { path: inquiryPaths.view, page: () => import('./inquiry-view.page.tsx'), permission: 'sales', menuParent: inquiryPaths.list },
  ],
});
