import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { jobRoutes } from '../jobs/job.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { categoryRoutes } from './categories/category.routes.ts';
import { contentPageRoutes } from './content-pages/content-page.routes.ts';
import { diamondMarkupRoutes } from './diamond-markups/diamond-markup.routes.ts';
import { diamondQualityRoutes } from './diamond-qualities/diamond-quality.routes.ts';
import { diamondShapeRoutes } from './diamond-shapes/diamond-shape.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { createS3Storage } from '../integrations/s3/s3-storage.ts';
import { createLocalStorage } from './media/media.storage.ts';
import { navigationMenuRoutes } from './navigation-menu/navigation-menu.routes.ts';
import { permissionRoutes } from './permissions/permission.routes.ts';
import { roleRoutes } from './roles/role.routes.ts';
import { shippingRateRoutes } from './shipping-rates/shipping-rate.routes.ts';
import { userRoutes } from './users/user.routes.ts';
import { customerGroupRoutes } from './customer-groups/customer-group.routes.ts';
import { metalQualityRoutes } from './metal-qualities/metal-quality.routes.ts';
import { metalRoutes } from './metals/metal.routes.ts';
import { productAttributeRoutes } from './product-attributes/product-attribute.routes.ts';
import { attributeSetRoutes } from './attribute-sets/attribute-set.routes.ts';
import { productSizeRoutes } from './product-sizes/product-size.routes.ts';
import { settingRoutes } from './settings/setting.routes.ts';

export interface ModuleDeps {
  db: Db;
  config: Config;
}

/** Every business module of the server, in one list. A new module adds one line here. */
export function registerModules(app: FastifyInstance, { db, config }: ModuleDeps) {
  authRoutes(app, db);
  permissionRoutes(app, db);
  roleRoutes(app, db);
  userRoutes(app, db);
  mediaRoutes(app, db, config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir));
  categoryRoutes(app, db);
  contentPageRoutes(app, db);
  navigationMenuRoutes(app, db, config);
  diamondShapeRoutes(app, db);
  diamondMarkupRoutes(app, db);
  diamondQualityRoutes(app, db);
  shippingRateRoutes(app, db);
  metalRoutes(app, db);
  metalQualityRoutes(app, db);
  productSizeRoutes(app, db);
  productAttributeRoutes(app, db);
  attributeSetRoutes(app, db);
  customerGroupRoutes(app, db);
  settingRoutes(app, db);
  jobRoutes(app, db);
}
