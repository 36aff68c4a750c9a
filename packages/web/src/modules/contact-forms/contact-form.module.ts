import { defineWebModule } from '../../app-route.ts';
import { contactFormPaths } from './contact-form.paths.ts';

export const contactFormsWebModule = defineWebModule({
  name: 'contact-forms',
  // Contact Us (document 3 §2.3): a single link, no group.
  routes: [{ path: contactFormPaths.list, page: () => import('./contact-form-list.page.tsx'), permission: 'contact_form', menu: { section: 'contactUs' } }],
});
