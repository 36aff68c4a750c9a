import { and, arrayOverlaps, eq, inArray, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { Usage } from '../../db/usage.ts';
import { columnUsage } from '../../db/usage.ts';
import { productAttributeValues, products } from './product.table.ts';

/**
 * How products use records of other modules, for those modules' in-use rules (no delete, the list's
 * disabled Delete). Each owning module lists the entry in its usages; this file imports only tables,
 * so the services that list them import no product service.
 */

/** Size types chosen by live products. */
export const productSizeTypeUsage: Usage = columnUsage('products', products, products.sizeTypeId);

/** Attribute sets of live products. */
export const productAttributeSetUsage: Usage = columnUsage('products', products, products.attributeSetId);

/** A column of the attribute values of live products (or variants): the attribute, or the option. */
function attributeValueUsage(column: PgColumn): Usage {
  return {
    usedBy: 'products',
    async findUsedIds(db, ids) {
      const rows = await db
        .selectDistinct({ id: column })
        .from(productAttributeValues)
        .innerJoin(products, and(eq(products.id, productAttributeValues.productId), isLive(products)))
        .where(inArray(column, ids));
      return rows.map((row) => row.id as number);
    },
  };
}

/** Attributes valued by live products: a variant's option, a standalone or a set attribute. */
export const productAttributeUsage: Usage = attributeValueUsage(productAttributeValues.attributeId);

/** Attribute options chosen by live products or variants. */
export const productOptionUsage: Usage = attributeValueUsage(productAttributeValues.optionId);

/**
 * Which of the library file `urls` live products or variants hold (base image, other images, videos):
 * the product-media module wraps it in its `urlUsage`, so a file a product shows cannot be deleted.
 */
export async function findProductMediaUrls(db: Db, urls: string[]): Promise<string[]> {
  const rows = await db
    .select({ baseImage: products.baseImage, otherImages: products.otherImages, videos: products.videos })
    .from(products)
    .where(and(isLive(products), or(inArray(products.baseImage, urls), arrayOverlaps(products.otherImages, urls), arrayOverlaps(products.videos, urls))));
  const held = new Set(rows.flatMap((row) => [row.baseImage, ...row.otherImages, ...row.videos]));
  return urls.filter((url) => held.has(url));
}
