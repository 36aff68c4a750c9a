import { couponChoicesSchema, couponResource, couponSearchQuerySchema } from '@facet/contract/modules/coupons/coupon.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { categoryChoices } from '../categories/index.ts';
import { customerChoices, customerGroupChoices } from '../customers/index.ts';
import { productChoices } from '../products/index.ts';
import { createCouponService } from './coupon.service.ts';

/**
 * The coupon resource's routes, and the form's pickers under /api/coupons/choices: staff holding
 * only Marketing or Coupons choose products, categories and customers without the catalogue's or
 * the customers' permissions (labels and ids only).
 */
export function couponRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, couponResource, createCouponService(db));
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: couponResource.permission };
  const tags = [couponResource.name];
  const response = { 200: couponChoicesSchema };
  route.get('/api/coupons/choices/products', { config, schema: { tags, querystring: couponSearchQuerySchema, response } }, (request) =>
    productChoices(db, request.query.term),
  );
  route.get('/api/coupons/choices/customers', { config, schema: { tags, querystring: couponSearchQuerySchema, response } }, (request) =>
    customerChoices(db, request.query.term, request.query.customerGroupId),
  );
  route.get('/api/coupons/choices/categories', { config, schema: { tags, response } }, () => categoryChoices(db));
  route.get('/api/coupons/choices/customer-groups', { config, schema: { tags, response } }, () => customerGroupChoices(db));
}
