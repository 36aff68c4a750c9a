import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { shippingRates } from './shipping-rate.table.ts';

export function shippingRateRoutes(app: FastifyInstance, db: Db) {
  // Nothing beyond the generic rules: the service is the toolkit's own.
  crudRoutes(app, shippingRateResource, createCrudService(db, shippingRateResource, shippingRates));
}
