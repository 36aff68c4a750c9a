DROP INDEX "products_name_search";--> statement-breakpoint
DROP INDEX "products_sku_search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower("products"."name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_lower" text GENERATED ALWAYS AS (lower("products"."sku")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_search" ON "products" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_search" ON "products" USING gin ("sku_lower" gin_trgm_ops);--> statement-breakpoint
-- Not modelled by drizzle: a 1,000-row sample, so a model number held by a few hundred of 600,000 rows is estimated near its count (a 100-row sample said 1 in 100) and its search reads the trigram index instead of walking the list order.
ALTER TABLE "products" ALTER COLUMN "name_lower" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku_lower" SET STATISTICS 1000;