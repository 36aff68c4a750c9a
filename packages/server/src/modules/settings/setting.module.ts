import { defineServerModule } from '../server-module.ts';
import { settingCacheSource } from './setting.cache.ts';
import { seedDemoSettings } from './setting.demo.ts';
import { settingRoutes } from './setting.routes.ts';
import { settings } from './setting.table.ts';

export const settingsModule = defineServerModule({
  name: 'settings',
  routes: (app, { db, config }) => settingRoutes(app, db, config),
  tables: [settings],
  demo: seedDemoSettings,
  cacheSources: [settingCacheSource],
  permissions: ['system'],
});
