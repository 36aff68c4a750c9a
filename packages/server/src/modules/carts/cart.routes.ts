import { idParamSchema } from '@facet/contract/api';
import { abandonedCartResource, cartRecordSchema } from '@facet/contract/modules/carts/cart.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createCartService } from './cart.service.ts';

/**
 * GET /api/abandoned-carts (the abandoned ones, with their filters), GET /api/abandoned-carts/:id, and
 * the reminder e-mail POST /api/abandoned-carts/:id/reminder; permission sales.
 */
export function cartRoutes(app: FastifyInstance, db: Db) {
  const service = createCartService(db);
  crudRoutes(app, abandonedCartResource, service);
  app.withTypeProvider<ZodTypeProvider>().post(
    `/api/${abandonedCartResource.name}/:id/reminder`,
    {
      config: { permission: abandonedCartResource.permission },
      schema: {
        tags: [abandonedCartResource.name],
        summary: 'Asks for the reminder e-mail to the shopper of an abandoned cart (once per cart): Is Email Sent? becomes Sent.',
        params: idParamSchema,
        response: { 200: cartRecordSchema },
      },
    },
    (request) => service.sendReminder(request.params.id, contextOf(request)),
  );
}
