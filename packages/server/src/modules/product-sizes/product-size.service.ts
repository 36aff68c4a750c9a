import { productSizeResource } from '@facet/contract/modules/product-sizes/product-size.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { Usage } from '../../db/usage.ts';
import { assertNotInUse, loadInUseFlags } from '../../db/usage.ts';
import { productSizeTypeUsage } from '../products/index.ts';
import { productSizes } from './product-size.table.ts';

/** What uses size types: products (a product's Product Size). */
export const PRODUCT_SIZE_USAGES: Usage[] = [productSizeTypeUsage];

export function createProductSizeService(db: Db, usages: readonly Usage[] = PRODUCT_SIZE_USAGES) {
  return createCrudService(db, productSizeResource, productSizes, {
    loadRelations: (source, ids) => loadInUseFlags(source, usages, ids),
    beforeDelete: (tx, { existing }) => assertNotInUse(tx, usages, existing.id, 'This size type'),
  });
}
