import { sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import type { Db } from '../../db/client.ts';
import { attributeValuesOf } from './product.load.ts';

/** An option of a product as an order line keeps it: the attribute's name, the value, and whether the storefront shows it. */
export interface OrderableOption {
  title: string;
  value: string;
  showInStorefront: boolean;
}

/**
 * A product (a variant, or a product without variants) as an order takes it: what its line keeps, its
 * price, and what decides whether it may be ordered. Variants carry their parent's name, vendor and
 * size type; `parentSku` is the parent's SKU (its model number), empty for a product without variants.
 */
export interface OrderableProduct {
  id: number;
  name: string;
  sku: string;
  parentSku: string;
  modelNumber: string;
  vendor: string;
  image: string;
  /** Pounds with pence, as the catalogue holds it (numeric text: the order adds it up in SQL). */
  price: string;
  /** Live and active, and so is its parent. */
  isForSale: boolean;
  /** A product whose variants are what is sold: it cannot be ordered itself. */
  hasVariants: boolean;
  /** The sizes of its size type (every gender's), none when it has no size type. */
  sizes: string[];
  /** The variant's options (metal, ring size...). */
  productOptions: OrderableOption[];
  /** The product's standalone attributes. */
  standaloneOptions: OrderableOption[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The products an order names, by id; an id that is no product is absent. Read in three queries however many lines. */
export async function orderableProducts(db: Db, ids: readonly number[]): Promise<Map<number, OrderableProduct>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<Omit<OrderableProduct, 'productOptions' | 'standaloneOptions'> & { parentId: number | null }>(
    await db.execute(sql`
      select p.id, p.name, p.sku, coalesce(parent.sku, '') as "parentSku", p.model_number as "modelNumber", p.vendor,
        coalesce(nullif(p.base_image, ''), parent.base_image, '') as image, p.price::text as price, p.parent_product_id as "parentId",
        (p.deleted_at is null and p.status and (parent.id is null or (parent.deleted_at is null and parent.status))) as "isForSale",
        exists (select 1 from products v where v.parent_product_id = p.id and v.deleted_at is null) as "hasVariants",
        coalesce((select s.male_sizes || s.female_sizes || s.unisex_sizes from product_sizes s where s.id = coalesce(parent.size_type_id, p.size_type_id)), '{}') as sizes
      from products p left join products parent on parent.id = p.parent_product_id
      where p.id = any(${arrayParam(ids, 'int4')})`),
  );
  const owners = [...new Set(rows.flatMap((row) => [row.id, ...(row.parentId === null ? [] : [row.parentId])]))];
  const values = await attributeValuesOf(db, owners);
  const attributeIds = [...new Set([...values.values()].flat().map((value) => value.attributeId))];
  const shown = new Set(
    attributeIds.length
      ? rowsOf<{ id: number }>(await db.execute(sql`select id from product_attributes where show_in_storefront and id = any(${arrayParam(attributeIds, 'int4')})`)).map((row) => row.id)
      : [],
  );
  const optionsOf = (productId: number | null, isStandalone: boolean) =>
    (productId === null ? [] : (values.get(productId) ?? []))
      .filter((value) => value.isStandalone === isStandalone && value.value !== '')
      .map((value) => ({ title: value.attributeName, value: value.value, showInStorefront: shown.has(value.attributeId) }));
  return new Map(
    rows.map(({ parentId, ...row }) => [
      row.id,
      {
        ...row,
        // A variant's own options; a product without variants has none of its own (its set's attributes describe it).
        productOptions: parentId === null ? [] : optionsOf(row.id, false),
        standaloneOptions: optionsOf(parentId ?? row.id, true),
      },
    ]),
  );
}

/**
 * The ids of what can be ordered (live, active variants, and products without variants), oldest
 * first, up to `limit`: what demo orders and a checkout's options pick from.
 */
export async function orderableProductIds(db: Db, limit: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.id from products p left join products parent on parent.id = p.parent_product_id
      where p.deleted_at is null and p.status and (parent.id is null or (parent.deleted_at is null and parent.status))
        and not exists (select 1 from products v where v.parent_product_id = p.id and v.deleted_at is null)
      order by p.id limit ${limit}`),
  ).map((row) => row.id);
}
