import { idParamSchema } from '@facet/contract/api';
import { appointmentRecordSchema, storefrontAppointmentSchema, storefrontServiceSchema } from '@facet/contract/modules/appointments/appointment.schema';
import { cartRecordSchema, storefrontCartSchema } from '@facet/contract/modules/carts/cart.schema';
import { inquiryRecordSchema, storefrontInquirySchema } from '@facet/contract/modules/inquiries/inquiry.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { storefrontContextOf } from '../../http/context.ts';
import { createAppointmentService, createServiceService } from '../appointments/index.ts';
import { createCartService } from '../carts/index.ts';
import { createInquiryService } from '../inquiries/index.ts';
import type { createIdempotency } from './idempotency.ts';
import { idempotencyHeaders } from './idempotency.ts';

/**
 * What shoppers send the sales screens (issue 24): inquiries (scope inquiries:write) and carts (scope
 * carts:write). Lines name products and stones by id; the server prices them from the catalogue.
 */
export function storefrontSalesRoutes(app: FastifyInstance, db: Db, idempotent: ReturnType<typeof createIdempotency>) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const inquiries = createInquiryService(db);
  const carts = createCartService(db);
  const tags = ['storefront'];
  const security = [{ storefrontApiKey: [] }];
  const inquiriesWrite = { storefront: { scope: 'inquiries:write' as const } };
  const cartsWrite = { storefront: { scope: 'carts:write' as const } };
  const appointmentsWrite = { storefront: { scope: 'appointments:write' as const } };
  const appointments = createAppointmentService(db);
  const services = createServiceService(db);

  route.get(
    '/api/storefront/v1/services',
    {
      config: appointmentsWrite,
      schema: { tags, security, summary: 'The active services shoppers can book (scope appointments:write), by title.', response: { 200: z.object({ items: z.array(storefrontServiceSchema) }) } },
    },
    async () => ({ items: await services.activeServices() }),
  );

  route.post(
    '/api/storefront/v1/appointments',
    {
      config: appointmentsWrite,
      schema: {
        tags,
        security,
        summary:
          'A shopper books an active service at a date-time in the future (scope appointments:write); the slot (to the minute) is one booking per service: a slot already booked is 409.',
        headers: idempotencyHeaders,
        body: storefrontAppointmentSchema,
        response: { 201: appointmentRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await appointments.createFromStorefront(request.body, storefrontContextOf(request)) })),
  );

  route.post(
    '/api/storefront/v1/inquiries',
    {
      config: inquiriesWrite,
      schema: {
        tags,
        security,
        summary:
          'A shopper’s inquiry about pieces and stones (scope inquiries:write): lines of products (variants, or products without variants) or diamonds, priced by the server from the catalogue; a product not for sale is 400, a stone no longer for sale 409.',
        headers: idempotencyHeaders,
        body: storefrontInquirySchema,
        response: { 201: inquiryRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await inquiries.createFromStorefront(request.body, storefrontContextOf(request)) })),
  );

  route.post(
    '/api/storefront/v1/carts',
    {
      config: cartsWrite,
      schema: {
        tags,
        security,
        summary:
          'A shopper’s cart, once the storefront knows who they are (scope carts:write): a customer’s id, or a guest’s email; lines priced by the server. Left unchanged for the abandoned-cart setting’s minutes without becoming an order, it is an abandoned cart.',
        headers: idempotencyHeaders,
        body: storefrontCartSchema,
        response: { 201: cartRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await carts.createFromStorefront(request.body, storefrontContextOf(request)) })),
  );

  route.put(
    '/api/storefront/v1/carts/:id',
    {
      config: cartsWrite,
      schema: {
        tags,
        security,
        summary: 'Replaces a cart with its shopper’s latest (sent whole); 409 once the cart has become an order.',
        params: idParamSchema,
        body: storefrontCartSchema,
        response: { 200: cartRecordSchema },
      },
    },
    (request) => carts.updateFromStorefront(request.params.id, request.body, storefrontContextOf(request)),
  );
}
