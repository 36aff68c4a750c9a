CREATE TABLE "dashboard_best_sellers" (
	"parent_sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_counted_orders" (
	"order_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_last_order_lines" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"customer_name" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applied_statistic_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_statistics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_statistics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"parent_sku" text DEFAULT '' NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ring_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ring_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"image" text DEFAULT '' NOT NULL,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"metal" text DEFAULT '' NOT NULL,
	"style" text DEFAULT '' NOT NULL,
	"shape" text DEFAULT '' NOT NULL,
	"carat" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text GENERATED ALWAYS AS (trim("ring_requests"."first_name" || ' ' || "ring_requests"."last_name")) STORED NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"keyword" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_best_sellers_quantity" ON "dashboard_best_sellers" USING btree ("quantity","parent_sku");--> statement-breakpoint
CREATE INDEX "dashboard_last_order_lines_created" ON "dashboard_last_order_lines" USING btree ("created_at","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_statistics_link" ON "link_statistics" USING btree ("type","url") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "link_statistics_clicks" ON "link_statistics" USING btree ("type","clicks","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "link_statistics_clicks_all" ON "link_statistics" USING btree ("clicks","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_views_views" ON "product_views" USING btree ("views","product_id");--> statement-breakpoint
CREATE INDEX "product_views_updated" ON "product_views" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "ring_requests_product_name_search" ON "ring_requests" USING gin (lower("product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ring_requests_sku_search" ON "ring_requests" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ring_requests_name_search" ON "ring_requests" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ring_requests_email_search" ON "ring_requests" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ring_requests_created" ON "ring_requests" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_keyword" ON "search_terms" USING btree ("keyword") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "search_terms_keyword_search" ON "search_terms" USING gin (lower("keyword") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_last_searched" ON "search_terms" USING btree ("last_searched_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "search_terms_uses" ON "search_terms" USING btree ("uses","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "search_terms_results" ON "search_terms" USING btree ("results","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "search_terms_keyword_sort" ON "search_terms" USING btree (lower("keyword"),"id") WHERE deleted_at is null;