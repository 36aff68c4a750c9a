import { storefrontSubscribeSchema, subscriberRecordSchema } from '@facet/contract/modules/newsletters/subscriber.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { storefrontContextOf } from '../../http/context.ts';
import { createSubscriberService } from '../newsletters/index.ts';

/**
 * The storefront's newsletter sign-up (scope newsletter:write): the e-mail is stored as an active
 * subscriber and, after the commit, subscribed in Klaviyo by the outbox (retried while Klaviyo is
 * down). An e-mail already subscribed is answered as it is (200); an inactive one is active again.
 */
export function storefrontNewsletterRoutes(app: FastifyInstance, db: Db) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const subscribers = createSubscriberService(db);
  route.post(
    '/api/storefront/v1/newsletter/subscribers',
    {
      config: { storefront: { scope: 'newsletter:write' as const } },
      schema: {
        tags: ['storefront'],
        security: [{ storefrontApiKey: [] }],
        summary: 'Subscribes a shopper’s e-mail to the newsletter (scope newsletter:write): 201 for a new subscriber, 200 for one already subscribed or subscribed again.',
        body: storefrontSubscribeSchema,
        response: { 200: subscriberRecordSchema, 201: subscriberRecordSchema },
      },
    },
    async (request, reply) => {
      const { isNew, record } = await subscribers.subscribe(request.body, storefrontContextOf(request));
      return reply.status(isNew ? 201 : 200).send(record);
    },
  );
}
