import { contactFormRecordSchema, storefrontContactFormSchema } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { reviewRecordSchema, storefrontReviewSchema } from '@facet/contract/modules/reviews/review.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { storefrontContextOf } from '../../http/context.ts';
import { createContactFormService } from '../contact-forms/index.ts';
import { createReviewService } from '../reviews/index.ts';
import type { createIdempotency } from './idempotency.ts';
import { idempotencyHeaders } from './idempotency.ts';

/**
 * What shoppers send the marketing screens (issue 25): reviews (scope reviews:write), moderated under
 * Marketing > Reviews, and Contact Us messages (scope contact:write), answered under Contact Us.
 */
export function storefrontMarketingRoutes(app: FastifyInstance, db: Db, idempotent: ReturnType<typeof createIdempotency>) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const reviews = createReviewService(db);
  const contactForms = createContactFormService(db);
  const tags = ['storefront'];
  const security = [{ storefrontApiKey: [] }];

  route.post(
    '/api/storefront/v1/reviews',
    {
      config: { storefront: { scope: 'reviews:write' as const } },
      schema: {
        tags,
        security,
        summary:
          'A shopper’s review (scope reviews:write) of a product (type product, the top-level product’s id) or a diamond (type diamond, the stone’s id): rating 0 to 5 in half steps. It waits as Pending; once staff approve it, it counts towards the product’s rating in its storefront document.',
        headers: idempotencyHeaders,
        body: storefrontReviewSchema,
        response: { 201: reviewRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await reviews.createFromStorefront(request.body, storefrontContextOf(request)) })),
  );

  route.post(
    '/api/storefront/v1/contact-forms',
    {
      config: { storefront: { scope: 'contact:write' as const } },
      schema: {
        tags,
        security,
        summary: 'A message from the storefront’s Contact Us form (scope contact:write): name, e-mail, message, and a phone when given. Staff answer it by e-mail (Send Response).',
        headers: idempotencyHeaders,
        body: storefrontContactFormSchema,
        response: { 201: contactFormRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await contactForms.createFromStorefront(request.body, storefrontContextOf(request)) })),
  );
}
