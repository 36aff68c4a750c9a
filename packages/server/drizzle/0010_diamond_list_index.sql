CREATE TABLE "diamond_list_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "diamonds_facets";--> statement-breakpoint
DROP INDEX "diamonds_created_at";--> statement-breakpoint
DROP INDEX "diamonds_price";--> statement-breakpoint
DROP INDEX "diamonds_carat";--> statement-breakpoint
ALTER TABLE "diamonds" DROP COLUMN "facets";--> statement-breakpoint
-- Hand-written (drizzle-kit has no storage parameters): half of each page is left free, so a
-- repricing or a feed update writes the new row version on its own page (HOT, no index entry).
ALTER TABLE "diamonds" SET (fillfactor = 50);
