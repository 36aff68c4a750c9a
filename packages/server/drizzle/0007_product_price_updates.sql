CREATE TABLE "product_price_update_items" (
	"update_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_before" numeric(12, 2),
	"price_after" numeric(12, 2) NOT NULL,
	CONSTRAINT "product_price_update_items_update_id_product_id_pk" PRIMARY KEY("update_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_price_updates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_price_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"job_run_id" integer,
	"file_name" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"item_count" integer NOT NULL,
	"applied_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"rolled_back_by" integer
);
--> statement-breakpoint
ALTER TABLE "product_price_update_items" ADD CONSTRAINT "product_price_update_items_update_id_product_price_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."product_price_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_update_items" ADD CONSTRAINT "product_price_update_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_updates" ADD CONSTRAINT "product_price_updates_job_run_id_job_runs_id_fk" FOREIGN KEY ("job_run_id") REFERENCES "public"."job_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_update_items_product" ON "product_price_update_items" USING btree ("product_id","update_id");--> statement-breakpoint
CREATE INDEX "product_price_updates_created" ON "product_price_updates" USING btree ("created_at","id");