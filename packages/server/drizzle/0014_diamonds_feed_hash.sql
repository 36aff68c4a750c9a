ALTER TABLE "diamonds" DROP CONSTRAINT "diamonds_shape_id_diamond_shapes_id_fk";
--> statement-breakpoint
ALTER TABLE "diamond_feed_staging" ADD COLUMN "feed_hash" uuid;--> statement-breakpoint
ALTER TABLE "diamonds" ADD COLUMN "feed_hash" uuid;