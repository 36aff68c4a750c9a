import { productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import type { CacheInvalidation } from '../cache/index.ts';
import { createProductAttributeService } from './product-attribute.service.ts';

/**
 * The top-level products that carry an attribute (a variant's value shows on its parent's
 * document): their storefront documents name the attribute and its options.
 */
async function productsCarrying(db: Db, attributeId: number): Promise<number[]> {
  const result = (await db.execute(sql`select distinct coalesce(p.parent_product_id, p.id) as id
    from product_attribute_values v join products p on p.id = v.product_id
    where v.attribute_id = ${attributeId} and p.deleted_at is null`));
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * An attribute renamed, its options renamed, switched off or deleted stales the documents of the
 * products that carry it: those are invalidated once the write committed. A new attribute is on no
 * product yet.
 */
export function productAttributeRoutes(app: FastifyInstance, db: Db, cache: CacheInvalidation) {
  const service = createProductAttributeService(db);
  const afterWrite = async <T>(attributeId: number, write: Promise<T>) => {
    const result = await write;
    await cache.invalidate('products', await productsCarrying(db, attributeId));
    return result;
  };
  crudRoutes(app, productAttributeResource, {
    ...service,
    update: (id, ...rest) => afterWrite(id, service.update(id, ...rest)),
    setStatus: (id, ...rest) => afterWrite(id, service.setStatus(id, ...rest)),
    remove: (id, ...rest) => afterWrite(id, service.remove(id, ...rest)),
  });
}
