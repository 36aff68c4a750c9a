import { catalogPriceRuleResource, priceRuleChoicesSchema, priceRuleSearchQuerySchema } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { categoryChoices } from '../categories/index.ts';
import { productChoices } from '../products/index.ts';
import { createCatalogPriceRuleService } from './catalog-price-rule.service.ts';
import { schedulePriceRuleBoundaries } from './price-rule.boundaries.ts';

/**
 * The rule resource's routes, the form's pickers under /api/catalog-price-rules/choices (staff holding
 * only Marketing choose products and categories without the catalogue's permissions: labels and ids
 * only), and the timer that republishes products at the rules' starts and ends.
 */
export function catalogPriceRuleRoutes(app: FastifyInstance, db: Db) {
  crudRoutes(app, catalogPriceRuleResource, createCatalogPriceRuleService(db));
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: catalogPriceRuleResource.permission };
  const tags = [catalogPriceRuleResource.name];
  const response = { 200: priceRuleChoicesSchema };
  route.get('/api/catalog-price-rules/choices/products', { config, schema: { tags, querystring: priceRuleSearchQuerySchema, response } }, (request) =>
    productChoices(db, request.query.term),
  );
  route.get('/api/catalog-price-rules/choices/categories', { config, schema: { tags, response } }, () => categoryChoices(db));

  const boundaries = schedulePriceRuleBoundaries(db, app.log);
  app.addHook('onReady', async () => boundaries.start());
  app.addHook('onClose', async () => boundaries.stop());
}
