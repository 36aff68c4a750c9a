import { defineServerModule } from '../server-module.ts';
import { seedDemoReports } from './report.demo.ts';
import { reportRoutes } from './report.routes.ts';
import { reportSubscribers } from './report.subscribers.ts';
import { appliedStatisticEvents, linkStatistics, productViews, ringRequests, searchTerms } from './report.table.ts';

export const reportsModule = defineServerModule({
  name: 'reports',
  routes: (app, { db }) => reportRoutes(app, db),
  tables: [searchTerms, linkStatistics, productViews, appliedStatisticEvents, ringRequests],
  demo: seedDemoReports,
  // Its demo views are of the demo catalogue's products.
  after: ['products'],
  subscribers: () => reportSubscribers(),
  permissions: ['report'],
});
