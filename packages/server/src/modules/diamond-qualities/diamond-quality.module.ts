import { defineServerModule } from '../server-module.ts';
import { seedDemoDiamondQualities } from './diamond-quality.demo.ts';
import { diamondQualityRoutes } from './diamond-quality.routes.ts';
import { diamondQualities } from './diamond-quality.table.ts';

export const diamondQualitiesModule = defineServerModule({
  name: 'diamond-qualities',
  routes: (app, { db }) => diamondQualityRoutes(app, db),
  tables: [diamondQualities],
  demo: seedDemoDiamondQualities,
  permissions: ['system'],
});
