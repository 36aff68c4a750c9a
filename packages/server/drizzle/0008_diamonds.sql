CREATE TABLE "diamond_feed_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamond_feed_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_name" text NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"download" text DEFAULT 'pending' NOT NULL,
	"insert_in_database" text DEFAULT 'pending' NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"error_message" text,
	"total_count" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"repriced" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"job_run_id" integer,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "diamond_feed_services" (
	"name" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"watermark" timestamp with time zone,
	"next_incremental_at" timestamp with time zone,
	"next_full_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "diamond_feed_staging" (
	"stage_key" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"source_id" text NOT NULL,
	"stock_id" text NOT NULL,
	"certificate" text,
	"lab" text,
	"shape_raw" text NOT NULL,
	"name" text NOT NULL,
	"carat" numeric(6, 3) NOT NULL,
	"color" text,
	"clarity" text,
	"cut" text,
	"polish" text,
	"symmetry" text,
	"fluorescence" text,
	"fluorescence_color" text,
	"length_mm" numeric(7, 2),
	"width_mm" numeric(7, 2),
	"depth_mm" numeric(7, 2),
	"depth_percent" numeric(5, 2),
	"table_percent" numeric(5, 2),
	"girdle" text,
	"image" text,
	"video" text,
	"availability" text NOT NULL,
	"is_lab" boolean NOT NULL,
	"is_gemstone" boolean NOT NULL,
	"gem_type" text,
	"vendor" text,
	"supplier_price" numeric(14, 2) NOT NULL,
	"supplier_currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diamonds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamonds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"stock_id" text NOT NULL,
	"certificate" text,
	"lab" text,
	"shape_raw" text NOT NULL,
	"name" text NOT NULL,
	"carat" numeric(6, 3) NOT NULL,
	"color" text,
	"clarity" text,
	"cut" text,
	"polish" text,
	"symmetry" text,
	"fluorescence" text,
	"fluorescence_color" text,
	"length_mm" numeric(7, 2),
	"width_mm" numeric(7, 2),
	"depth_mm" numeric(7, 2),
	"depth_percent" numeric(5, 2),
	"table_percent" numeric(5, 2),
	"girdle" text,
	"image" text,
	"video" text,
	"availability" text NOT NULL,
	"is_lab" boolean NOT NULL,
	"is_gemstone" boolean NOT NULL,
	"gem_type" text,
	"vendor" text,
	"supplier_price" numeric(14, 2) NOT NULL,
	"supplier_currency" text NOT NULL,
	"shape_id" integer,
	"price" numeric(12, 0),
	"unpriced_reason" text,
	"is_sold" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone,
	"sold_by" integer,
	"is_unavailable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"stock_id_lower" text GENERATED ALWAYS AS (lower("diamonds"."stock_id")) STORED NOT NULL,
	"certificate_lower" text GENERATED ALWAYS AS (lower("diamonds"."certificate")) STORED,
	"facets" text[] GENERATED ALWAYS AS (array[case when "diamonds"."is_gemstone" then 'gemstone' else 'diamond' end, case when "diamonds"."is_lab" then 'lab' else 'earth' end, 'shape:' || coalesce("diamonds"."shape_id"::text, '-'), 'color:' || coalesce("diamonds"."color", '-'), 'clarity:' || coalesce("diamonds"."clarity", '-'), 'cut:' || coalesce("diamonds"."cut", '-')]) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diamond_feed_runs" ADD CONSTRAINT "diamond_feed_runs_job_run_id_job_runs_id_fk" FOREIGN KEY ("job_run_id") REFERENCES "public"."job_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamonds" ADD CONSTRAINT "diamonds_shape_id_diamond_shapes_id_fk" FOREIGN KEY ("shape_id") REFERENCES "public"."diamond_shapes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diamond_feed_runs_start" ON "diamond_feed_runs" USING btree ("start_time","id");--> statement-breakpoint
CREATE INDEX "diamond_feed_runs_kind" ON "diamond_feed_runs" USING btree ("kind","start_time");--> statement-breakpoint
CREATE INDEX "diamond_feed_staging_key" ON "diamond_feed_staging" USING btree ("stage_key","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diamonds_source_id" ON "diamonds" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "diamonds_facets" ON "diamonds" USING gin ("facets");--> statement-breakpoint
CREATE INDEX "diamonds_created_at" ON "diamonds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "diamonds_price" ON "diamonds" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "diamonds_carat" ON "diamonds" USING btree ("carat","id");--> statement-breakpoint
CREATE INDEX "diamonds_sku_search" ON "diamonds" USING gin ("stock_id_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diamonds_certificate_search" ON "diamonds" USING gin ("certificate_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diamonds_sold" ON "diamonds" USING btree ("sold_at") WHERE is_sold;--> statement-breakpoint
CREATE INDEX "diamonds_shape" ON "diamonds" USING btree ("shape_id") WHERE shape_id is not null;--> statement-breakpoint
-- Not modelled by drizzle: staging is rebuilt by every read and worthless after a crash, so it writes no WAL (a crash empties it, which is what a killed read needs).
ALTER TABLE "diamond_feed_staging" SET UNLOGGED;--> statement-breakpoint
-- A 1,000-row sample, so an SKU or certificate fragment held by a few hundred of a million stones is estimated near its count.
ALTER TABLE "diamonds" ALTER COLUMN "stock_id_lower" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "diamonds" ALTER COLUMN "certificate_lower" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "diamonds" ALTER COLUMN "facets" SET STATISTICS 1000;
