CREATE TABLE "coupon_usages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_usages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"discount_type" text NOT NULL,
	"value_type" text NOT NULL,
	"amount" numeric(12, 2),
	"percentage" numeric(5, 2),
	"expiry_date" date NOT NULL,
	"minimum_spend" numeric(12, 2),
	"maximum_spend" numeric(12, 2),
	"usage_per_coupon" integer DEFAULT 0 NOT NULL,
	"limit_cart_products" integer DEFAULT 0 NOT NULL,
	"usage_per_user" integer DEFAULT 1 NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"customer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_usages_coupon_email" ON "coupon_usages" USING btree ("coupon_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_usages_order" ON "coupon_usages" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_live" ON "coupons" USING btree (lower("code")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "coupons_code_search" ON "coupons" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_created" ON "coupons" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "coupons_code" ON "coupons" USING btree (lower("code"),"id") WHERE deleted_at is null;