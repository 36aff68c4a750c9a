import { bannerResource } from '@facet/contract/modules/banners/banner.schema';
import { crudRoutes } from '../../http/crud-routes.ts';
import { defineServerModule } from '../server-module.ts';
import { seedDemoBanners } from './banner.demo.ts';
import { createBannerService } from './banner.service.ts';
import { banners } from './banner.table.ts';

export const bannersModule = defineServerModule({
  name: 'banners',
  routes: (app, { db }) => crudRoutes(app, bannerResource, createBannerService(db)),
  tables: [banners],
  demo: seedDemoBanners,
  after: ['media'],
  permissions: ['widgets'],
});
