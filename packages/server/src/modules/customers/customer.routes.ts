import { idParamSchema, versionSchema } from '@facet/contract/api';
import { addressInputSchema, addressListSchema, addressParamSchema, addressRecordSchema } from '@facet/contract/modules/customers/address.schema';
import { customerResource } from '@facet/contract/modules/customers/customer.schema';
import {
  LOOKUP_PERMISSION,
  cityLookupQuerySchema,
  countryLookupQuerySchema,
  lookupResponseSchema,
  stateLookupQuerySchema,
} from '@facet/contract/modules/customers/lookup.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createAddressService } from './address.service.ts';
import { createCustomerService } from './customer.service.ts';
import { lookupCities, lookupCountries, lookupStates } from './lookups.ts';

export function customerRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, customerResource, createCustomerService(db));

  const addresses = createAddressService(db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: customerResource.permission };
  const tags = ['customers'];
  const base = '/api/customers/:id/addresses';

  route.get(base, { config, schema: { tags, params: idParamSchema, response: { 200: addressListSchema } } }, async (request) => ({
    items: await addresses.list(request.params.id),
  }));
  route.get(`${base}/:addressId`, { config, schema: { tags, params: addressParamSchema, response: { 200: addressRecordSchema } } }, (request) =>
    addresses.get(request.params.id, request.params.addressId),
  );
  route.post(base, { config, schema: { tags, params: idParamSchema, body: addressInputSchema, response: { 201: addressRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await addresses.add(request.params.id, request.body, contextOf(request))),
  );
  route.put(
    `${base}/:addressId`,
    { config, schema: { tags, params: addressParamSchema, body: z.intersection(addressInputSchema, versionSchema), response: { 200: addressRecordSchema } } },
    (request) => {
      const { version, ...input } = request.body;
      return addresses.update(request.params.id, request.params.addressId, input, version, contextOf(request));
    },
  );
  route.delete(`${base}/:addressId`, { config, schema: { tags, params: addressParamSchema } }, async (request, reply) => {
    await addresses.remove(request.params.id, request.params.addressId, contextOf(request));
    return reply.status(204).send();
  });

  // Countries, states and cities (document 2 §3 Lookups), from the lookup package, searched here.
  const lookupConfig = { permission: LOOKUP_PERMISSION };
  const lookupTags = ['lookups'];
  route.get('/api/lookups/countries', { config: lookupConfig, schema: { tags: lookupTags, querystring: countryLookupQuerySchema, response: { 200: lookupResponseSchema } } }, async (request) => ({
    items: await lookupCountries(request.query.search, request.query.limit),
  }));
  route.get('/api/lookups/states', { config: lookupConfig, schema: { tags: lookupTags, querystring: stateLookupQuerySchema, response: { 200: lookupResponseSchema } } }, async (request) => ({
    items: await lookupStates(request.query.countryId, request.query.search, request.query.limit),
  }));
  route.get('/api/lookups/cities', { config: lookupConfig, schema: { tags: lookupTags, querystring: cityLookupQuerySchema, response: { 200: lookupResponseSchema } } }, async (request) => ({
    items: await lookupCities(request.query.countryId, request.query.stateId, request.query.search, request.query.limit),
  }));
}
