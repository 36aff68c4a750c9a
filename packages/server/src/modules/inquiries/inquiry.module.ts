import { defineServerModule } from '../server-module.ts';
import { seedDemoInquiries } from './inquiry.demo.ts';
import { inquiryRoutes } from './inquiry.routes.ts';
import { inquiries, inquiryLines } from './inquiry.table.ts';

export const inquiriesModule = defineServerModule({
  name: 'inquiries',
  routes: (app, { db }) => inquiryRoutes(app, db),
  tables: [inquiries, inquiryLines],
  demo: seedDemoInquiries,
  // Its demo inquiries are the demo customers' and guests' questions about demo pieces and stones.
  after: ['products', 'diamonds', 'customers'],
  permissions: ['sales'],
});
