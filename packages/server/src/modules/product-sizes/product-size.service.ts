import { productSizeResource } from '@facet/contract/modules/product-sizes/product-size.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { Usage } from '../../db/usage.ts';
import { assertNotInUse, loadInUseFlags } from '../../db/usage.ts';
import { productSizes } from './product-size.table.ts';

/**
 * What uses size types. Products add their entry when they land, e.g.
 * `columnUsage('products', products, products.sizeTypeId)`; until then no size type is in use.
 */
const PRODUCT_SIZE_USAGES: Usage[] = [];

export function createProductSizeService(db: Db, usages: readonly Usage[] = PRODUCT_SIZE_USAGES) {
  return createCrudService(db, productSizeResource, productSizes, {
    loadRelations: (source, ids) => loadInUseFlags(source, usages, ids),
    async beforeWrite(tx, { action, existing }) {
      if (action === 'delete') await assertNotInUse(tx, usages, existing!.id as number, 'This size type');
    },
  });
}
