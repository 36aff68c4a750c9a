import { defineServerModule } from '../server-module.ts';
import { seedDemoContactForms } from './contact-form.demo.ts';
import { contactFormRoutes } from './contact-form.routes.ts';
import { contactForms } from './contact-form.table.ts';

export const contactFormsModule = defineServerModule({
  name: 'contact-forms',
  routes: (app, { db }) => contactFormRoutes(app, db),
  tables: [contactForms],
  demo: seedDemoContactForms,
  permissions: ['contact_form'],
});
