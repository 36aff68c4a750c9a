import { KlaviyoError } from '../../integrations/klaviyo/klaviyo-client.ts';
import { defineServerModule } from '../server-module.ts';
import { seedDemoNewsletters } from './newsletter.demo.ts';
import { newsletterRoutes } from './newsletter.routes.ts';
import { klaviyoSyncJob } from './newsletter.sync.ts';
import { newsletters, subscribers } from './newsletter.table.ts';
import { pushSubscriberToKlaviyo } from './subscriber.service.ts';

export const newslettersModule = defineServerModule({
  name: 'newsletters',
  routes: (app, { db, config, jobs }) => newsletterRoutes(app, { db, config }, jobs),
  jobKinds: (_app, { db, config }) => [klaviyoSyncJob({ db, config })],
  tables: [newsletters, subscribers],
  demo: seedDemoNewsletters,
  // A subscription or a deactivation reaches Klaviyo after its commit, retried while Klaviyo is down.
  subscribers: ({ config }) => [
    {
      name: 'newsletters.klaviyo-subscription',
      event: 'subscribers.status-changed',
      handle: async ({ id }, { db, log }) => {
        try {
          await pushSubscriberToKlaviyo({ db, config }, id);
        } catch (error) {
          // Klaviyo down: thrown, so the outbox retries. A key or request Klaviyo refuses would be refused on
          // every retry: the row stays unsynced for the sync job, which pushes it once the settings are fixed.
          if (!(error instanceof KlaviyoError) || error.failure === 'unavailable') throw error;
          log.warn({ err: error, subscriberId: id }, 'Klaviyo refused a subscriber change; the Klaviyo sync pushes it once the settings are fixed');
        }
      },
    },
  ],
  permissions: ['newsletter'],
});
