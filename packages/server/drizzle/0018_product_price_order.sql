CREATE TABLE "product_price_order" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"price" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_price";--> statement-breakpoint
ALTER TABLE "product_price_order" ADD CONSTRAINT "product_price_order_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_order_price" ON "product_price_order" USING btree ("price","product_id");--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers nor storage parameters). product_price_order holds the
-- price of exactly the live rows of products, for the list's price order and range; products.price
-- stays the source of truth and in no index of products. Every statement that inserts or updates
-- products brings it up to date, once per statement (transition tables, no per-row trigger call):
-- the live rows whose price it lacks or holds differently are written (a new row, a changed price,
-- a restore), the rows no longer live are removed. A hard delete of a product cascades.
INSERT INTO "product_price_order" ("product_id", "price") SELECT "id", "price" FROM "products" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE FUNCTION "product_price_order_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO product_price_order (product_id, price) SELECT id, price FROM changed_products WHERE deleted_at IS NULL
	ON CONFLICT (product_id) DO UPDATE SET price = excluded.price;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_price_order_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO product_price_order (product_id, price)
	SELECT n.id, n.price FROM changed_products n LEFT JOIN product_price_order o ON o.product_id = n.id
	WHERE n.deleted_at IS NULL AND o.price IS DISTINCT FROM n.price
	ON CONFLICT (product_id) DO UPDATE SET price = excluded.price;
	DELETE FROM product_price_order o USING changed_products n WHERE o.product_id = n.id AND n.deleted_at IS NOT NULL;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_price_order_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION "product_price_order_insert"();
--> statement-breakpoint
CREATE TRIGGER "products_price_order_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION "product_price_order_update"();
--> statement-breakpoint
-- Room in each page for a row's new version (a price update moves price, version, updated_at,
-- updated_by, in no index): the update then stays on the page as a heap-only tuple and writes no
-- index entry. Applies to pages written from now on (VACUUM FULL or a reload rewrites the rest).
ALTER TABLE "products" SET (fillfactor = 70);
--> statement-breakpoint
-- The list walks product_price_order's index and stops after a page; in parallel each worker reads
-- ahead of the page (category sorted by price on the products bench: 15,000 rows read, 340 ms,
-- instead of 423 rows, 11 ms). The count's index-only scan of a price range stops at the cap.
ALTER TABLE "product_price_order" SET (parallel_workers = 0);
