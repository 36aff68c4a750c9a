CREATE TABLE "catalog_price_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_price_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"discount_type" text NOT NULL,
	"percentage" numeric(5, 2),
	"amount" numeric(12, 2),
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"published_phase" text DEFAULT 'scheduled' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_price_rules_name_search" ON "catalog_price_rules" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_price_rules_created" ON "catalog_price_rules" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "catalog_price_rules_name" ON "catalog_price_rules" USING btree (lower("name"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "catalog_price_rules_start" ON "catalog_price_rules" USING btree ("start_date","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "catalog_price_rules_end" ON "catalog_price_rules" USING btree ("end_date","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "catalog_price_rules_window" ON "catalog_price_rules" USING btree ("start_date","end_date") WHERE deleted_at is null and status;