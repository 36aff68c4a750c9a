import type { ProductFormLookup, ProductSaveInput } from '@facet/contract/modules/products/product.schema';
import type { Db } from '../../db/client.ts';
import { tableSizeEstimate } from '../../db/list-totals.ts';
import type { RequestContext } from '../../http/context.ts';
import { removeProduct } from './product.delete.ts';
import { loadProduct } from './product.load.ts';
import { attributeSetsWithProducts, formAttributes, formLookup, vendors } from './product.lookups.ts';
import type { ProductListQuery } from './product.queries.ts';
import { listProducts, listRowOf, searchProducts, skuExists } from './product.queries.ts';
import { saveProduct, setProductStatus } from './product.save.ts';
import { products } from './product.table.ts';

/**
 * Products' one service, as the routes call it: the reads (product.queries, product.load,
 * product.lookups) and the writes (product.save, product.delete, each checked by product.checks).
 * Each write emits `products.changed` in its transaction (the storefront cache subscribes).
 */
export function createProductService(db: Db) {
  // The products table's planned size, read at most once a minute: the list's count skips what the planner puts far past its cap.
  const tableSize = tableSizeEstimate(products);
  return {
    list: (query: ProductListQuery) => listProducts(db, query, tableSize),

    get: (id: number) => loadProduct(db, id),

    create: (input: ProductSaveInput, context: RequestContext) => saveProduct(db, input, context),

    update: (id: number, input: ProductSaveInput, version: number, context: RequestContext) => saveProduct(db, input, context, { id, version }),

    /** The list's status switch, on a product or a variant row: answers the row as the list shows it. */
    async setStatus(id: number, status: boolean, version: number, context: RequestContext) {
      await setProductStatus(db, id, status, version, context);
      return listRowOf(db, id);
    },

    /** Deletes one row: a product with its variants, or one variant. */
    async remove(id: number, context: RequestContext) {
      await removeProduct(db, id, context);
    },

    skuExists: (sku: string, id: number | undefined) => skuExists(db, sku, id),
    search: (term: string) => searchProducts(db, term),
    formAttributes: (attributeSetId: number | undefined) => formAttributes(db, attributeSetId),
    attributeSetsWithProducts: () => attributeSetsWithProducts(db),
    formLookup: (lookup: ProductFormLookup) => formLookup(db, lookup),
    vendors: () => vendors(db),
  };
}
