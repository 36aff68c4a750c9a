import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createDropboxClient } from '../../integrations/dropbox/dropbox-client.ts';
import { secretKeyOf } from '../../secret-key.ts';
import { defineServerModule } from '../server-module.ts';
import { seedDemoImageSync } from './image-sync.demo.ts';
import { imageSyncJob } from './image-sync.job.ts';
import { imageSyncRoutes } from './image-sync.routes.ts';
import { createImageSyncService } from './image-sync.service.ts';
import { imageSyncFiles } from './image-sync.table.ts';

const serviceOf = (db: Db, config: Config) => {
  const client = createDropboxClient(config.dropbox);
  return { client, service: createImageSyncService(db, client, () => secretKeyOf(config)) };
};

/** Dropbox image sync (/dropboximagesync): the connection's rows are setting options, written through the settings module. */
export const imageSyncModule = defineServerModule({
  name: 'image-sync',
  routes: (app, { db, config, jobs }) => imageSyncRoutes(app, serviceOf(db, config).service, jobs),
  jobKinds: (_app, { db, config, mediaStorage }) => {
    const { client, service } = serviceOf(db, config);
    return [imageSyncJob(service, client, mediaStorage)];
  },
  tables: [imageSyncFiles],
  demo: seedDemoImageSync,
  // Its demo syncs attach photographs to demo products and variants.
  after: ['products'],
  permissions: ['products'],
});
