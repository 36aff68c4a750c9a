import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** Every other product is configured with this many variants: 500,000 for 100,000 products. */
const VARIANTS_PER_CONFIGURED = 10;

/**
 * Seeds `products` products set-based, as a shop's catalogue is spread: 60 categories, 12 attribute
 * sets, 20 vendors, three years of products (9 in 10 active, prices skewed to the low hundreds),
 * every other one configured with 2 metals x 5 ring sizes. Shared by the products and cache benches.
 */
export async function seedProducts(db: Db, products: number) {
  const started = performance.now();
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  await db.execute(sql`
    insert into categories (name, title, slug, parent_id)
    select c.name || ' ' || g, c.name || ' ' || g, 'bench-' || g, 1
    from generate_series(1, 60) g, lateral (select (array['Engagement Rings','Wedding Rings','Eternity Rings','Studs','Hoops','Pendants','Bracelets','Chains','Necklaces','Dress Rings'])[1 + g % 10] as name) c`);
  await db.execute(sql`insert into attribute_sets (name) select 'Set ' || g from generate_series(1, 12) g`);
  await db.execute(sql`
    insert into attribute_options (attribute_id, value, sort_order)
    select (select id from product_attributes where attribute_code = 'vendor'), 'Supplier ' || g, 10 + g from generate_series(1, 19) g`);
  const [ids] = await rows(sql`
    select (select min(id) from categories where slug like 'bench-%') as first_category,
           (select min(id) from attribute_sets) as first_set,
           (select id from product_attributes where attribute_code = 'metal') as metal,
           (select id from product_attributes where attribute_code = 'ringSize') as ring_size,
           (select min(id) from attribute_options where attribute_id = (select id from product_attributes where attribute_code = 'metal')) as first_metal,
           (select min(id) from attribute_options where attribute_id = (select id from product_attributes where attribute_code = 'ringSize')) as first_size`);
  const { first_category: firstCategory, first_set: firstSet, metal, ring_size: ringSize, first_metal: firstMetal, first_size: firstSize } = ids as {
    first_category: number;
    first_set: number;
    metal: number;
    ring_size: number;
    first_metal: number;
    first_size: number;
  };

  // Parents: three years of products, newest last; 9 in 10 active; a price skewed to the low
  // hundreds with a long tail to £25,000; sets and vendors skewed towards a few (the shop's own first).
  await db.execute(sql`
    insert into products (created_at, updated_at, status, attribute_set_id, name, sku, model_number, price, weight, vendor, is_configured)
    select now() - ((${products} - g) * interval '15 minutes'), now(), g % 10 <> 0,
      ${firstSet} + (floor(12 * power(((g * 7919) % 1000) / 1000.0, 2)))::int,
      (array['Aurora','Belgravia','Celeste','Duchess','Elara','Florence','Grace','Hatton','Iris','Juliet','Kensington','Luna','Mayfair','Nova','Ophelia','Primrose','Regent','Savoy','Tiffany','Windsor'])[1 + (g / 7) % 20]
        || ' ' || (array['Solitaire','Halo','Three Stone','Pavé','Vintage','Twist','Cluster','Bezel'])[1 + (g / 3) % 8]
        || ' ' || (array['Engagement Ring','Wedding Band','Eternity Ring','Stud Earrings','Hoop Earrings','Pendant','Tennis Bracelet','Chain'])[1 + g % 8]
        || ' in ' || (array['9ct Yellow Gold','9ct White Gold','18ct Yellow Gold','18ct White Gold','18ct Rose Gold','Platinum','Sterling Silver'])[1 + (g / 11) % 7],
      'FJ' || lpad(g::text, 6, '0'), 'FJ' || lpad(g::text, 6, '0'),
      round((40 + 25000 * power(((g::bigint * 104729) % 10007) / 10007.0, 4))::numeric, 2),
      round((1 + (g % 90) / 10.0)::numeric, 2),
      case when g % 5 < 3 then 'Facet Jewellers' else 'Supplier ' || (1 + (g * 31) % 19) end,
      g % 2 = 0
    from generate_series(1, ${products}) g`);
  // Variants: every configured product has 2 metals x 5 ring sizes, priced from its parent.
  await db.execute(sql`
    insert into products (created_at, updated_at, status, parent_product_id, attribute_set_id, name, sku, model_number, option_key, price, vendor)
    select p.created_at, p.updated_at, p.status, p.id, p.attribute_set_id, p.name,
      -- Three random characters and the variant's number: unique within the parent.
      p.sku || '-' || upper(substr(md5(p.id::text || '-' || v), 1, 3)) || (v - 1)::text, '',
      (${firstMetal} + (v - 1) / 5)::text || '_' || (${firstSize} + (v - 1) % 5)::text,
      p.price + (v - 1) * 25, p.vendor
    from products p, generate_series(1, ${VARIANTS_PER_CONFIGURED}) v
    where p.is_configured and p.parent_product_id is null`);
  await db.execute(sql`
    insert into product_attribute_values (product_id, attribute_id, option_id)
    select v.id, a.attribute_id, a.option_id
    from products v, lateral (values (${metal}::int, split_part(v.option_key, '_', 1)::int), (${ringSize}::int, split_part(v.option_key, '_', 2)::int)) a(attribute_id, option_id)
    where v.parent_product_id is not null`);
  // One to three categories each, the popular ones more often.
  await db.execute(sql`
    insert into product_categories (product_id, category_id)
    select distinct p.id, ${firstCategory} + (floor(60 * power(((p.id * k * 2654435761::bigint) % 1000) / 1000.0, 1.5)))::int
    from products p, generate_series(1, 3) k
    where p.parent_product_id is null and k <= 1 + p.id % 3`);
  // The product row repeats its categories for the list's filter, as the service's save writes them.
  await db.execute(sql`
    update products p set category_ids = c.ids
    from (select product_id, array_agg(category_id order by category_id) as ids from product_categories group by product_id) c
    where c.product_id = p.id`);
  // What autovacuum does to a live table: statistics, and the visibility map that lets the capped
  // count of a list read an index only (a table loaded a moment ago has none).
  await db.execute(sql`vacuum analyze`);
  const [counted] = await rows(sql`
    select count(*) filter (where parent_product_id is null) as parents, count(*) filter (where parent_product_id is not null) as variants,
      (select count(*) from product_categories) as links from products`);
  console.log(
    `seeded ${Number(counted!.parents).toLocaleString('en-GB')} products, ${Number(counted!.variants).toLocaleString('en-GB')} variants, ${Number(counted!.links).toLocaleString('en-GB')} category links in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { firstCategory, firstSet, metal, ringSize };
}
