import { shippingRateResource } from '@facet/contract/modules/shipping-rates/shipping-rate.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { emit } from '../../events/emit.ts';
import { shippingRates } from './shipping-rate.table.ts';

export function shippingRateRoutes(app: FastifyInstance, db: Db) {
  // Nothing beyond the generic rules: the service is the toolkit's own. The storefront's checkout
  // reads the rates from the cache, so a saved rate makes that document stale.
  crudRoutes(app, shippingRateResource, createCrudService(db, shippingRateResource, shippingRates, { afterWrite: (tx) => emit(tx, 'shipping-rates.changed', {}) }));
}
