import { defineServerModule } from '../server-module.ts';
import { seedDemoWidgetSections } from './widget-section.demo.ts';
import { widgetSectionRoutes } from './widget-section.routes.ts';
import { widgetSectionOptions, widgetSections } from './widget-section.table.ts';

export const widgetSectionsModule = defineServerModule({
  name: 'widget-sections',
  routes: (app, { db, config }) => widgetSectionRoutes(app, db, config),
  tables: [widgetSections, widgetSectionOptions],
  demo: seedDemoWidgetSections,
  after: ['categories', 'content-pages', 'products', 'media'],
  permissions: ['section'],
});
