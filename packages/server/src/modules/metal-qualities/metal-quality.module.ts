import { defineServerModule } from '../server-module.ts';
import { seedDemoMetalQualities } from './metal-quality.demo.ts';
import { metalQualityRoutes } from './metal-quality.routes.ts';
import { metalQualities } from './metal-quality.table.ts';

export const metalQualitiesModule = defineServerModule({
  name: 'metal-qualities',
  routes: (app, { db }) => metalQualityRoutes(app, db),
  tables: [metalQualities],
  demo: seedDemoMetalQualities,
  // Named by options of the attribute Metal_quality, for each metal.
  after: ['metals', 'product-attributes'],
  permissions: ['system'],
});
