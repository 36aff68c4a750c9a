import { defineServerModule } from '../server-module.ts';
import { seedDemoDiamondMarkups } from './diamond-markup.demo.ts';
import { diamondMarkupRoutes } from './diamond-markup.routes.ts';
import { diamondMarkups } from './diamond-markup.table.ts';

export const diamondMarkupsModule = defineServerModule({
  name: 'diamond-markups',
  routes: (app, { db }) => diamondMarkupRoutes(app, db),
  tables: [diamondMarkups],
  demo: seedDemoDiamondMarkups,
  after: ['diamond-shapes'],
  permissions: ['system'],
});
