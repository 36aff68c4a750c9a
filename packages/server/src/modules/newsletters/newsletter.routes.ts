import { idParamSchema } from '@facet/contract/api';
import {
  klaviyoSettingsInputSchema,
  klaviyoSettingsSchema,
  newsletterCancelSchema,
  newsletterOptionsSchema,
  newsletterRecordSchema,
  newsletterResource,
} from '@facet/contract/modules/newsletters/newsletter.schema';
import { subscriberDeactivateSchema, subscriberRecordSchema, subscriberResource } from '@facet/contract/modules/newsletters/subscriber.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { Jobs } from '../../jobs/job.routes.ts';
import type { KlaviyoDeps } from './klaviyo-settings.ts';
import { readKlaviyoSettings, writeKlaviyoSettings } from './klaviyo-settings.ts';
import { createNewsletterService } from './newsletter.service.ts';
import { queueKlaviyoSyncIfDue, scheduleKlaviyoSync } from './newsletter.sync.ts';
import { createSubscriberService } from './subscriber.service.ts';

/**
 * Newsletter (permission `newsletter`): `/api/newsletters` (list, export, detail, schedule through
 * Klaviyo), `/:id/cancel`, `/options` (Klaviyo's templates and members for the Add form),
 * `/klaviyo-settings`, `/sync` (Refresh from Klaviyo); `/api/subscribers` (list, export, detail) and
 * `/:id/deactivate`.
 */
export function newsletterRoutes(app: FastifyInstance, deps: KlaviyoDeps, jobs: Jobs) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: newsletterResource.permission };
  const newsletters = createNewsletterService(deps);
  const subscribers = createSubscriberService(deps.db);

  // Before crudRoutes: its `/:id` would otherwise be asked to read "options".
  route.get('/api/newsletters/options', { config, schema: { tags: ['newsletters'], summary: 'Klaviyo’s templates and its subscribers list’s members, for the Add form; isConfigured false without Klaviyo.', response: { 200: newsletterOptionsSchema } } }, () =>
    newsletters.options(),
  );
  route.get('/api/newsletters/klaviyo-settings', { config, schema: { tags: ['newsletters'], response: { 200: klaviyoSettingsSchema } } }, () => readKlaviyoSettings(deps.db));
  route.put('/api/newsletters/klaviyo-settings', { config, schema: { tags: ['newsletters'], summary: 'The private key (blank keeps it; stored encrypted, never answered) and the subscribers’ list id.', body: klaviyoSettingsInputSchema, response: { 200: klaviyoSettingsSchema } } }, (request) =>
    writeKlaviyoSettings(deps, request.body, contextOf(request)),
  );
  route.post('/api/newsletters/sync', { config, schema: { tags: ['newsletters'], summary: 'Queues the Klaviyo sync now (null when Klaviyo is not configured or one is already queued).', response: { 202: z.object({ jobId: z.number().int().nullable() }) } } }, async (_request, reply) =>
    reply.status(202).send({ jobId: await queueKlaviyoSyncIfDue(deps, jobs.engine, { force: true }) }),
  );
  crudRoutes(app, newsletterResource, newsletters);
  route.post(
    '/api/newsletters/:id/cancel',
    { config, schema: { tags: ['newsletters'], summary: 'Cancels a Pending newsletter, in Klaviyo first (409 for Sent or Cancelled ones).', params: idParamSchema, body: newsletterCancelSchema, response: { 200: newsletterRecordSchema } } },
    (request) => newsletters.cancel(request.params.id, request.body.version, contextOf(request)),
  );

  crudRoutes(app, subscriberResource, subscribers);
  route.post(
    '/api/subscribers/:id/deactivate',
    { config, schema: { tags: ['subscribers'], summary: 'Active to inactive; Klaviyo unsubscribes it after the commit (the outbox).', params: idParamSchema, body: subscriberDeactivateSchema, response: { 200: subscriberRecordSchema } } },
    (request) => subscribers.deactivate(request.params.id, request.body.version, contextOf(request)),
  );

  const sync = scheduleKlaviyoSync(deps, jobs.engine, app.log);
  app.addHook('onReady', async () => sync.start());
  app.addHook('onClose', async () => sync.stop());
}
