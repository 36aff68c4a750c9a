import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * The storefront's rating of products (document 3 §3 Review: only approved reviews count): for the
 * products of `productIds` (SQL naming their ids, a CTE's column), the average of their approved
 * reviews to one decimal and how many there are, one row per product that has any. The products'
 * storefront document joins it (products/product.cache.ts), so a review's approval shows there.
 */
export const approvedRatings = (productIds: SQL) => sql`
  select r.product_id, round(avg(r.rating), 1)::float8 as rating, count(*)::int as review_count
  from product_reviews r
  where r.status = 'approved' and r.type = 'product' and r.deleted_at is null and r.product_id in (${productIds})
  group by r.product_id`;
