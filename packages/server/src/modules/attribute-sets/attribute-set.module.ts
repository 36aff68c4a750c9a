import { defineServerModule } from '../server-module.ts';
import { seedDemoAttributeSets } from './attribute-set.demo.ts';
import { attributeSetRoutes } from './attribute-set.routes.ts';
import { ATTRIBUTE_SET_USAGES } from './attribute-set.service.ts';
import { attributeSets, attributeSetGroups, attributeSetGroupAttributes } from './attribute-set.table.ts';

export const attributeSetsModule = defineServerModule({
  name: 'attribute-sets',
  routes: (app, { db }) => attributeSetRoutes(app, db),
  tables: [attributeSets, attributeSetGroups, attributeSetGroupAttributes],
  demo: seedDemoAttributeSets,
  usageChecks: ATTRIBUTE_SET_USAGES,
  // Its groups place product attributes.
  after: ['product-attributes'],
  permissions: ['attribute'],
});
