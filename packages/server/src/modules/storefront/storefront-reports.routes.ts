import {
  acceptedSchema,
  REPORT_STOREFRONT_API,
  ringRequestRecordSchema,
  storefrontLinkClickSchema,
  storefrontProductViewSchema,
  storefrontRingRequestSchema,
  storefrontSearchSchema,
} from '@facet/contract/modules/reports/report.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { storefrontContextOf } from '../../http/context.ts';
import { createReportIntake } from '../reports/index.ts';
import type { createIdempotency } from './idempotency.ts';
import { idempotencyHeaders } from './idempotency.ts';

/**
 * What shoppers send the reports (issue 27): searches, link clicks and product views (scope
 * statistics:write; counted once their event is delivered, so answered 202), and virtual ring builder
 * requests (scope ring-requests:write).
 */
export function storefrontReportRoutes(app: FastifyInstance, db: Db, idempotent: ReturnType<typeof createIdempotency>) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const intake = createReportIntake(db);
  const tags = ['storefront'];
  const security = [{ storefrontApiKey: [] }];
  const statisticsWrite = { storefront: { scope: 'statistics:write' as const } };
  const accepted = { 202: acceptedSchema };

  route.post(
    REPORT_STOREFRONT_API.searches,
    { config: statisticsWrite, schema: { tags, security, summary: 'A shopper’s search: the keyword and how many results it found (Report > Search Terms).', body: storefrontSearchSchema, response: accepted } },
    async (request, reply) => {
      await intake.searched(request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  route.post(
    REPORT_STOREFRONT_API.linkClicks,
    {
      config: statisticsWrite,
      schema: { tags, security, summary: 'A link a shopper followed: its table (products, category, pages), headline and address (Report > Link Statistics).', body: storefrontLinkClickSchema, response: accepted },
    },
    async (request, reply) => {
      await intake.linkClicked(request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  route.post(
    REPORT_STOREFRONT_API.productViews,
    { config: statisticsWrite, schema: { tags, security, summary: 'A shopper opened a product’s page (Most Viewed Products); an unknown product is 400.', body: storefrontProductViewSchema, response: accepted } },
    async (request, reply) => {
      await intake.productViewed(request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  route.post(
    REPORT_STOREFRONT_API.ringRequests,
    {
      config: { storefront: { scope: 'ring-requests:write' as const } },
      schema: { tags, security, summary: 'A virtual ring builder request: the ring, the shopper and their message.', headers: idempotencyHeaders, body: storefrontRingRequestSchema, response: { 201: ringRequestRecordSchema } },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await intake.ringRequested(request.body, storefrontContextOf(request)) })),
  );
}
