-- Trigram operators for the list search indexes (drizzle-kit does not write extensions). pg_trgm is a
-- trusted extension from PostgreSQL 13; PGlite loads it when the database is opened (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "categories_name_search" ON "categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_slug_search" ON "categories" USING gin (lower("slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_name_search" ON "permissions" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_key_search" ON "permissions" USING gin (lower("key") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissions_description_search" ON "permissions" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_name_search" ON "roles" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_search" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_pages_title_search" ON "content_pages" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_pages_page_code_search" ON "content_pages" USING gin (lower("page_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_pages_slug_search" ON "content_pages" USING gin (lower("slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "navigation_menu_items_title_search" ON "navigation_menu_items" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shape_categories_name_search" ON "shape_categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diamond_shapes_name_search" ON "diamond_shapes" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diamond_qualities_stone_quality_search" ON "diamond_qualities" USING gin (lower("stone_quality") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diamond_qualities_clarity_search" ON "diamond_qualities" USING gin (lower("clarity") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diamond_qualities_color_search" ON "diamond_qualities" USING gin (lower("color") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipping_rates_name_search" ON "shipping_rates" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "metals_metal_type_search" ON "metals" USING gin (lower("metal_type") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_attributes_attribute_name_search" ON "product_attributes" USING gin (lower("attribute_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_attributes_attribute_code_search" ON "product_attributes" USING gin (lower("attribute_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_sizes_type_search" ON "product_sizes" USING gin (lower("type") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_groups_name_search" ON "customer_groups" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "settings_title_search" ON "settings" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "settings_key_search" ON "settings" USING gin (lower("key") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "settings_value_search" ON "settings" USING gin (lower("value") gin_trgm_ops);