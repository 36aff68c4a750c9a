import {
  IMAGE_SYNC_MESSAGES,
  imageSyncAuthorizationSchema,
  imageSyncCodeInputSchema,
  imageSyncStartedSchema,
  imageSyncStateSchema,
} from '@facet/contract/modules/image-sync/image-sync.schema';
import { IMAGE_SYNC_PATH } from '@facet/contract/modules/image-sync/image-sync.paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import type { Jobs } from '../../jobs/job.routes.ts';
import type { ImageSyncService } from './image-sync.service.ts';
import { IMAGE_SYNC_JOB_KIND } from './image-sync.service.ts';

/**
 * Dropbox's return address, as Dropbox must be given it in both calls: this admin's own origin (the
 * one the browser is on) and the spec's route. It must be listed among the app's redirect URIs in
 * Dropbox's App Console.
 */
const redirectUriOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${IMAGE_SYNC_PATH}`;

/**
 * Dropbox image sync (document 3 §2.18): permission products, since what it changes is the products'
 * media libraries (the same permission their uploads need).
 */
export function imageSyncRoutes(app: FastifyInstance, service: ImageSyncService, jobs: Jobs) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'products' as const };
  const tags = ['image-sync'];
  const answer = z.object({ message: z.string(), state: imageSyncStateSchema });

  route.get('/api/image-sync', { config, schema: { tags, response: { 200: imageSyncStateSchema } } }, () => service.state());
  route.post(
    '/api/image-sync/authorization',
    { config, schema: { tags, description: "Dropbox's authorisation address (offline access), with a state bound to this session.", response: { 200: imageSyncAuthorizationSchema } } },
    async (request) => ({ url: await service.authorizationUrl(request.sessionIdHash ?? '', redirectUriOf(request)) }),
  );
  route.post(
    '/api/image-sync/connection',
    { config, schema: { tags, description: "Dropbox's return: the code and state it sent back.", body: imageSyncCodeInputSchema, response: { 200: answer } } },
    async (request) => ({
      message: IMAGE_SYNC_MESSAGES.connected,
      state: await service.connect(request.body, request.sessionIdHash ?? '', redirectUriOf(request), contextOf(request)),
    }),
  );
  route.delete('/api/image-sync/connection', { config, schema: { tags, response: { 200: answer } } }, async (request) => ({
    message: IMAGE_SYNC_MESSAGES.disconnected,
    state: await service.disconnect(contextOf(request)),
  }));
  route.post('/api/image-sync/sync', { config, schema: { tags, description: 'Sync now: starts the sync job (or answers the one queued or running).', response: { 202: imageSyncStartedSchema } } }, async (request, reply) => {
    const { actor } = contextOf(request);
    await service.assertConnected();
    // The engine started before the transaction that queues in it (PGlite's one connection could not wait for it there).
    await jobs.engine.ready();
    const jobId = await service.startSync(actor.id, (tx) => jobs.engine.submit(IMAGE_SYNC_JOB_KIND, {}, actor, tx));
    return reply.status(202).send({ jobId });
  });
}
