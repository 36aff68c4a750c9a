import { idParamSchema } from '@facet/contract/api';
import { addressInputSchema, addressParamSchema, addressRecordSchema } from '@facet/contract/modules/customers/address.schema';
import {
  customerRecordSchema,
  storefrontCustomerPatchSchema,
  storefrontCustomerUpdateSchema,
  storefrontGuestSchema,
  storefrontRegisterSchema,
} from '@facet/contract/modules/customers/customer.schema';
import {
  checkoutOptionsQuerySchema,
  checkoutOptionsSchema,
  markOrderPaidSchema,
  orderNumberParamSchema,
  orderRecordSchema,
  placeOrderSchema,
  STOREFRONT_ORDER_API,
} from '@facet/contract/modules/orders/order.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { secretKeyOf } from '../../secret-key.ts';
import { storefrontContextOf } from '../../http/context.ts';
import { createAddressService } from '../customers/index.ts';
import { createCustomerService } from '../customers/index.ts';
import { createOrderPlacement } from '../orders/index.ts';
import { createIdempotency, idempotencyHeaders } from './idempotency.ts';
import { storefrontMarketingRoutes } from './storefront-marketing.routes.ts';
import { storefrontReportRoutes } from './storefront-reports.routes.ts';
import { storefrontNewsletterRoutes } from './storefront-newsletter.routes.ts';
import { storefrontSalesRoutes } from './storefront-sales.routes.ts';

/**
 * The storefront API (`/api/storefront/v1/...`, issue 13): how a shop's storefront sends what shoppers
 * do. Each route declares `config.storefront` with the scope its API key needs (http/guard.ts); every
 * POST takes an Idempotency-Key (idempotency.ts). Validation and its messages are the customer
 * services' own, as for staff. Writes are audited with no staff actor and the key's id in the request id.
 * Later issues add their endpoints here.
 */
export function storefrontRoutes(app: FastifyInstance, db: Db, config: Config) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const idempotent = createIdempotency(db, secretKeyOf(config));
  const customers = createCustomerService(db);
  const addresses = createAddressService(db);
  const tags = ['storefront'];
  const security = [{ storefrontApiKey: [] }];
  const customersWrite = { storefront: { scope: 'customers:write' as const } };
  const ordersWrite = { storefront: { scope: 'orders:write' as const } };
  const placement = createOrderPlacement(db);

  route.get(
    '/api/storefront/v1/ping',
    {
      config: { storefront: { scope: null } },
      schema: { tags, security, summary: 'Checks an API key: any valid key, no scope needed.', response: { 200: z.object({ ok: z.literal(true), key: z.string(), scopes: z.array(z.string()) }) } },
    },
    (request) => ({ ok: true as const, key: request.apiKey!.name, scopes: request.apiKey!.scopes }),
  );

  /** 201 with a customer added; 200 with an existing (guest) customer now registered or updated. */
  const added = ({ customer, created }: { customer: unknown; created: boolean }) => ({ status: created ? 201 : 200, body: customer });
  route.post(
    '/api/storefront/v1/customers',
    {
      config: customersWrite,
      schema: {
        tags,
        security,
        summary:
          'Registers a customer with a password or a social sign-in id (scope customers:write). A guest’s email registers that guest (200, same id) only with emailVerified: true, set once the storefront has confirmed the shopper owns the address; otherwise any existing customer’s email is 409.',
        headers: idempotencyHeaders,
        body: storefrontRegisterSchema,
        response: { 200: customerRecordSchema, 201: customerRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => added(await customers.register(request.body, storefrontContextOf(request)))),
  );
  route.post(
    '/api/storefront/v1/guests',
    {
      config: customersWrite,
      schema: {
        tags,
        security,
        summary: 'A guest at checkout (scope customers:write): added as a guest customer (201), or that guest updated (200); a registered customer’s email is 409.',
        headers: idempotencyHeaders,
        body: storefrontGuestSchema,
        response: { 200: customerRecordSchema, 201: customerRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => added(await customers.checkoutGuest(request.body, storefrontContextOf(request)))),
  );
  route.put(
    '/api/storefront/v1/customers/:id',
    {
      config: customersWrite,
      schema: {
        tags,
        security,
        summary: 'Replaces a customer’s account fields; a blank password keeps the current one; the group and status stay as staff set them.',
        params: idParamSchema,
        body: storefrontCustomerUpdateSchema,
        response: { 200: customerRecordSchema },
      },
    },
    (request) => customers.updateFromStorefront(request.params.id, request.body, 'replace', storefrontContextOf(request)),
  );
  route.patch(
    '/api/storefront/v1/customers/:id',
    {
      config: customersWrite,
      schema: {
        tags,
        security,
        summary: 'Changes some of a customer’s account fields; the others keep their values (merged under a row lock).',
        params: idParamSchema,
        body: storefrontCustomerPatchSchema,
        response: { 200: customerRecordSchema },
      },
    },
    (request) => customers.updateFromStorefront(request.params.id, request.body, 'merge', storefrontContextOf(request)),
  );

  const base = '/api/storefront/v1/customers/:id/addresses';
  route.post(
    base,
    {
      config: customersWrite,
      schema: { tags, security, summary: 'Adds an address to a customer.', headers: idempotencyHeaders, params: idParamSchema, body: addressInputSchema, response: { 201: addressRecordSchema } },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await addresses.add(request.params.id, request.body, storefrontContextOf(request)) })),
  );
  route.put(
    `${base}/:addressId`,
    { config: customersWrite, schema: { tags, security, summary: 'Replaces an address of a customer.', params: addressParamSchema, body: addressInputSchema, response: { 200: addressRecordSchema } } },
    (request) => addresses.update(request.params.id, request.params.addressId, request.body, undefined, storefrontContextOf(request)),
  );
  route.delete(`${base}/:addressId`, { config: customersWrite, schema: { tags, security, summary: 'Deletes an address of a customer.', params: addressParamSchema } }, async (request, reply) => {
    await addresses.remove(request.params.id, request.params.addressId, storefrontContextOf(request));
    return reply.status(204).send();
  });

  route.get(
    STOREFRONT_ORDER_API.options,
    {
      config: ordersWrite,
      schema: {
        tags,
        security,
        summary: 'What a checkout may offer (scope orders:write): products that can be ordered with their sizes, stones for sale, the active shipping rates.',
        querystring: checkoutOptionsQuerySchema,
        response: { 200: checkoutOptionsSchema },
      },
    },
    (request) => placement.checkoutOptions(request.query.limit),
  );
  route.post(
    STOREFRONT_ORDER_API.place,
    {
      config: ordersWrite,
      schema: {
        tags,
        security,
        summary:
          'Places an order (scope orders:write): a customer’s (customerId, their email) or a guest’s. Lines are variants or stones; the server prices them from the catalogue, charges the shipping rate unless the goods reach its min order amount, and refuses a stone already sold (409).',
        headers: idempotencyHeaders,
        body: placeOrderSchema,
        response: { 201: orderRecordSchema },
      },
    },
    (request, reply) => idempotent(request, reply, async () => ({ status: 201, body: await placement.place(request.body, storefrontContextOf(request)) })),
  );
  route.post(
    STOREFRONT_ORDER_API.paid,
    {
      config: ordersWrite,
      schema: {
        tags,
        security,
        summary: 'Marks an order paid with the payment’s reference; the same reference again answers the order as it is.',
        headers: idempotencyHeaders,
        params: orderNumberParamSchema,
        body: markOrderPaidSchema,
        response: { 200: orderRecordSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, async () => ({ status: 200, body: await placement.markPaid(request.params.orderNumber, request.body.paymentReference, storefrontContextOf(request)) })),
  );
  storefrontSalesRoutes(app, db, idempotent);
  storefrontMarketingRoutes(app, db, idempotent);
  storefrontReportRoutes(app, db, idempotent);
  storefrontNewsletterRoutes(app, db);
}
