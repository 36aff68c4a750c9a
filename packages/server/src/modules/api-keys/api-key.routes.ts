import { idParamSchema } from '@facet/contract/api';
import { apiKeyCreateSchema, apiKeyCreatedSchema, apiKeyListSchema, apiKeySchema } from '@facet/contract/modules/api-keys/api-key.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { createApiKeyService } from './api-key.service.ts';

/** System > API Keys (permission system): list, create (the key answered once) and revoke. */
export function apiKeyRoutes(app: FastifyInstance, db: Db) {
  const service = createApiKeyService(db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'system' as const };
  const tags = ['api-keys'];
  route.get('/api/api-keys', { config, schema: { tags, response: { 200: apiKeyListSchema } } }, () => service.list());
  route.post('/api/api-keys', { config, schema: { tags, body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.create(contextOf(request), request.body)),
  );
  route.post('/api/api-keys/:id/revoke', { config, schema: { tags, params: idParamSchema, response: { 200: apiKeySchema } } }, (request) =>
    service.revoke(contextOf(request), request.params.id),
  );
}
