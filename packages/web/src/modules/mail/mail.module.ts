import { defineWebModule } from '../../app-route.ts';
import { mailPaths } from './mail.paths.ts';

export const mailWebModule = defineWebModule({
  name: 'mail',
  routes: [
    { path: mailPaths.list, page: () => import('./mail-outbox.page.tsx'), permission: 'sales', menu: { section: 'sales', label: 'Customer E-mails', order: 9 } },
    { path: mailPaths.templates, page: () => import('./mail-template-editor.page.tsx'), permission: 'system', menu: { section: 'system', label: 'E-mail Templates', order: 4.7 } },
  ],
});
