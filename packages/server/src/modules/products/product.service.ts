import type { ProductDeleteManyInput, ProductFormLookup, ProductSaveInput } from '@facet/contract/modules/products/product.schema';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CacheInvalidation } from '../cache/cache-invalidation.ts';
import { removeProduct, removeProducts } from './product.delete.ts';
import { loadProduct } from './product.load.ts';
import { attributeSetsWithProducts, formAttributes, formLookup, vendors } from './product.lookups.ts';
import type { ProductListQuery } from './product.queries.ts';
import { listProducts, listRowOf, searchProducts, skuExists } from './product.queries.ts';
import { saveProduct, setProductStatus } from './product.save.ts';

/** The top-level products of rows written: a variant's parent, or the row itself. */
const productIdsOf = (rows: readonly { id: number; parentProductId: number | null }[]) => [...new Set(rows.map((row) => row.parentProductId ?? row.id))];

/**
 * Products' one service, as the routes call it: the reads (product.queries, product.load,
 * product.lookups) and the writes (product.save, product.delete, each checked by product.checks).
 * `cache`: told, after each write commits, which top-level products' storefront documents are stale
 * (a variant's write stales its parent's document). Seeders pass none.
 */
export function createProductService(db: Db, cache?: CacheInvalidation) {
  return {
    list: (query: ProductListQuery) => listProducts(db, query),

    get: (id: number) => loadProduct(db, id),

    async create(input: ProductSaveInput, context: RequestContext) {
      const saved = await saveProduct(db, input, context);
      await cache?.invalidate('products', [saved.product.id]);
      return saved;
    },

    async update(id: number, input: ProductSaveInput, version: number, context: RequestContext) {
      const saved = await saveProduct(db, input, context, { id, version });
      await cache?.invalidate('products', [saved.product.id]);
      return saved;
    },

    /** The list's status switch, on a product or a variant row: answers the row as the list shows it. */
    async setStatus(id: number, status: boolean, version: number, context: RequestContext) {
      const written = await setProductStatus(db, id, status, version, context);
      await cache?.invalidate('products', productIdsOf([written]));
      return listRowOf(db, id);
    },

    /** Deletes one row: a product with its variants, or one variant. */
    async remove(id: number, context: RequestContext) {
      const deleted = await removeProduct(db, id, context);
      await cache?.invalidate('products', productIdsOf(deleted));
    },

    /** Delete Selected or Delete All; answers how many rows (products and their variants) were deleted. */
    async removeMany(input: ProductDeleteManyInput, context: RequestContext) {
      const deleted = await removeProducts(db, input, context);
      await cache?.invalidate('products', 'all' in input ? 'all' : productIdsOf(deleted));
      return { deleted: deleted.length };
    },

    skuExists: (sku: string, id: number | undefined) => skuExists(db, sku, id),
    search: (term: string) => searchProducts(db, term),
    formAttributes: (attributeSetId: number | undefined) => formAttributes(db, attributeSetId),
    attributeSetsWithProducts: () => attributeSetsWithProducts(db),
    formLookup: (lookup: ProductFormLookup) => formLookup(db, lookup),
    vendors: () => vendors(db),
  };
}
