import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/**
 * The storefront API (`/api/storefront/v1/...`, issue 13): how a shop's storefront sends what shoppers
 * do. Each route declares `config.storefront` with the scope its API key needs (http/guard.ts); every
 * POST takes an Idempotency-Key (idempotency.ts). Later issues add their endpoints here.
 */
export function storefrontRoutes(app: FastifyInstance, db: Db) {
  void db;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['storefront'];
  const security = [{ storefrontApiKey: [] }];

  route.get(
    '/api/storefront/v1/ping',
    {
      config: { storefront: { scope: null } },
      schema: { tags, security, summary: 'Checks an API key: any valid key, no scope needed.', response: { 200: z.object({ ok: z.literal(true), key: z.string(), scopes: z.array(z.string()) }) } },
    },
    (request) => ({ ok: true as const, key: request.apiKey!.name, scopes: request.apiKey!.scopes }),
  );
}
