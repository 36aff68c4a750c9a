import { defineServerModule } from '../server-module.ts';
import { seedDemoProductAttributes } from './product-attribute.demo.ts';
import { seedReferenceAttributes } from './product-attribute.reference.ts';
import { productAttributeRoutes } from './product-attribute.routes.ts';
import { ATTRIBUTE_USAGES } from './product-attribute.service.ts';
import { productAttributes, attributeOptions } from './product-attribute.table.ts';

export const productAttributesModule = defineServerModule({
  name: 'product-attributes',
  routes: (app, { db }) => productAttributeRoutes(app, db),
  tables: [productAttributes, attributeOptions],
  reference: seedReferenceAttributes,
  demo: seedDemoProductAttributes,
  // Of its attributes, then of their options.
  usageChecks: [...ATTRIBUTE_USAGES.attributes, ...ATTRIBUTE_USAGES.options],
  permissions: ['attribute'],
});
