import { defineServerModule } from '../server-module.ts';
import { seedDemoCatalogPriceRules } from './catalog-price-rule.demo.ts';
import { catalogPriceRuleRoutes } from './catalog-price-rule.routes.ts';
import { catalogPriceRules } from './catalog-price-rule.table.ts';

export const catalogPriceRulesModule = defineServerModule({
  name: 'catalog-price-rules',
  routes: (app, { db }) => catalogPriceRuleRoutes(app, db),
  tables: [catalogPriceRules],
  demo: seedDemoCatalogPriceRules,
  after: ['products', 'categories'],
  permissions: ['marketing'],
});
