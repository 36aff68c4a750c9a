CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" integer,
	"abbreviation" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order_no" integer DEFAULT 0 NOT NULL,
	"size_attribute_id" integer DEFAULT 0 NOT NULL,
	"is_diamond_category" boolean DEFAULT false NOT NULL,
	"is_gemstone_category" boolean DEFAULT false NOT NULL,
	"is_mto_category" boolean DEFAULT false NOT NULL,
	"is_gift_card" boolean DEFAULT false NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"desktop_banner_image" text DEFAULT '' NOT NULL,
	"mobile_banner_image" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_keyword" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"offer_image_1" text DEFAULT '' NOT NULL,
	"offer_banner_slug_1" text DEFAULT '' NOT NULL,
	"after_products_1" integer,
	"offer_image_2" text DEFAULT '' NOT NULL,
	"offer_banner_slug_2" text DEFAULT '' NOT NULL,
	"after_products_2" integer,
	"faqs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explore_more" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"footer_title" text DEFAULT '' NOT NULL,
	"footer_description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_filter_options" (
	"category_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_filter_options_category_id_attribute_id_pk" PRIMARY KEY("category_id","attribute_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_filter_options" ADD CONSTRAINT "category_filter_options_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_live" ON "categories" USING btree (lower("slug")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "categories_parent" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_filter_options_attribute" ON "category_filter_options" USING btree ("attribute_id");