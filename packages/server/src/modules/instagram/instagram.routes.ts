import { instagramPaths } from '@facet/contract/modules/instagram/instagram.paths';
import { instagramAuthorizationSchema, instagramCodeInputSchema, INSTAGRAM_MESSAGES, instagramTokenStateSchema } from '@facet/contract/modules/instagram/instagram.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { createInstagramClient } from '../../integrations/instagram/instagram-client.ts';
import { secretKeyOf } from '../../secret-key.ts';
import { createInstagramService } from './instagram.service.ts';

/** How often the server looks whether the token is due for its refresh (days before it expires). */
const REFRESH_CHECK_MS = 3_600_000;

/**
 * Instagram's return address, as Instagram must be given it in both calls: this admin's own origin
 * (the one the browser is on: the same the origin check compares against) and the spec's route.
 */
const redirectUriOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${instagramPaths.authReturn}/`;

export function instagramRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'instagram' | 'secretKey' | 'dataDir'>) {
  const service = createInstagramService(db, createInstagramClient(config.instagram), () => secretKeyOf(config));
  const route = app.withTypeProvider<ZodTypeProvider>();
  const guard = { permission: 'system' as const };
  const tags = ['instagram'];
  const answer = z.object({ message: z.string(), token: instagramTokenStateSchema });

  route.get('/api/instagram/token', { config: guard, schema: { tags, response: { 200: instagramTokenStateSchema } } }, () => service.state());
  route.post(
    '/api/instagram/authorization',
    { config: guard, schema: { tags, description: "Instagram's authorisation address for Login & Generate, with a state bound to this session.", response: { 200: instagramAuthorizationSchema } } },
    async (request) => ({ url: await service.authorizationUrl(request.sessionIdHash ?? '', redirectUriOf(request)) }),
  );
  route.post(
    '/api/instagram/token',
    { config: guard, schema: { tags, description: "Instagram's return: the code and state it sent back.", body: instagramCodeInputSchema, response: { 200: answer } } },
    async (request) => ({ message: INSTAGRAM_MESSAGES.generated, token: await service.generate(request.body, request.sessionIdHash ?? '', redirectUriOf(request), contextOf(request)) }),
  );
  route.delete('/api/instagram/token', { config: guard, schema: { tags, response: { 200: answer } } }, async (request) => ({
    message: INSTAGRAM_MESSAGES.removed,
    token: await service.remove(contextOf(request)),
  }));

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', () => {
    timer = setInterval(() => void service.refreshIfDue().catch((error: unknown) => app.log.error({ err: error }, 'Instagram token refresh failed')), REFRESH_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    if (timer) clearInterval(timer);
  });
}
