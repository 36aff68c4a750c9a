CREATE TABLE "contact_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"response_subject" text,
	"response" text,
	"responded_at" timestamp with time zone,
	"responded_by" text,
	"search_text" text GENERATED ALWAYS AS (lower("contact_forms"."name" || ' ' || "contact_forms"."email" || ' ' || "contact_forms"."phone" || ' ' || "contact_forms"."message")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"type" text NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"rating" numeric(2, 1) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_forms_search" ON "contact_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_forms_created" ON "contact_forms" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_name" ON "contact_forms" USING btree (lower("name"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_email" ON "contact_forms" USING btree (lower("email"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_phone" ON "contact_forms" USING btree (lower("phone"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_message" ON "contact_forms" USING btree (lower("message"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_replied" ON "contact_forms" USING btree ("created_at","id") WHERE responded_at is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_not_replied" ON "contact_forms" USING btree ("created_at","id") WHERE responded_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_reviews_product_name_search" ON "product_reviews" USING gin (lower("product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_reviews_sku_search" ON "product_reviews" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_reviews_name_search" ON "product_reviews" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_reviews_title_search" ON "product_reviews" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_reviews_created" ON "product_reviews" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_reviews_approved" ON "product_reviews" USING btree ("product_id","rating") WHERE status = 'approved' and type = 'product' and deleted_at is null;