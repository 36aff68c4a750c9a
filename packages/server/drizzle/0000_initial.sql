CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "permissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"title" text NOT NULL,
	"page_code" text NOT NULL,
	"slug" text NOT NULL,
	"meta_title" text NOT NULL,
	"meta_keywords" text NOT NULL,
	"meta_description" text NOT NULL,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_menu_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "navigation_menu_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"menu_type" text NOT NULL,
	"category_id" integer,
	"page_id" integer,
	"link" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"css_class" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	CONSTRAINT "navigation_menu_items_menu_type" CHECK ("navigation_menu_items"."menu_type" in ('category', 'page', 'custom_link', 'blank'))
);
--> statement-breakpoint
CREATE TABLE "sitemaps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sitemaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"xml" text NOT NULL,
	"url_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shape_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shape_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diamond_shapes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamond_shapes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"shape_category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diamond_markups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamond_markups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"from_carat" numeric(6, 3) NOT NULL,
	"to_carat" numeric(6, 3) NOT NULL,
	"markup_type" text NOT NULL,
	"markup" numeric(10, 0) NOT NULL,
	"fix_cost" numeric(10, 0) NOT NULL,
	"is_lab_diamond" boolean DEFAULT false NOT NULL,
	"shape_category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diamond_qualities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamond_qualities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"stone_quality" text NOT NULL,
	"clarity" text NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"min_free_shipping_amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"metal_type" text NOT NULL,
	"metal_price" numeric(12, 2) NOT NULL,
	"metal_labour_charge" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attribute_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"value_image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"attribute_name" text NOT NULL,
	"attribute_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"use_in_search" boolean DEFAULT false NOT NULL,
	"show_in_storefront" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metal_qualities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metal_qualities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"metal_quality_option_id" integer NOT NULL,
	"metal_type_id" integer NOT NULL,
	"gold_rate" numeric(12, 2) NOT NULL,
	"fineness" numeric(7, 3) DEFAULT 0 NOT NULL,
	"weight" numeric(12, 3) DEFAULT 1 NOT NULL,
	"rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"labour_charges" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"type" text NOT NULL,
	"male_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"female_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"unisex_sizes" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"title" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_filter_options" ADD CONSTRAINT "category_filter_options_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_filter_options" ADD CONSTRAINT "category_filter_options_attribute_id_product_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."product_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menu_items" ADD CONSTRAINT "navigation_menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menu_items" ADD CONSTRAINT "navigation_menu_items_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menu_items" ADD CONSTRAINT "navigation_menu_items_parent_id_navigation_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."navigation_menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_shapes" ADD CONSTRAINT "diamond_shapes_shape_category_id_shape_categories_id_fk" FOREIGN KEY ("shape_category_id") REFERENCES "public"."shape_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_markups" ADD CONSTRAINT "diamond_markups_shape_category_id_shape_categories_id_fk" FOREIGN KEY ("shape_category_id") REFERENCES "public"."shape_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_product_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."product_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_qualities" ADD CONSTRAINT "metal_qualities_metal_quality_option_id_attribute_options_id_fk" FOREIGN KEY ("metal_quality_option_id") REFERENCES "public"."attribute_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_qualities" ADD CONSTRAINT "metal_qualities_metal_type_id_metals_id_fk" FOREIGN KEY ("metal_type_id") REFERENCES "public"."metals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_name" ON "media" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "media_url" ON "media" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_live" ON "categories" USING btree (lower("slug")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "categories_parent" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_filter_options_attribute" ON "category_filter_options" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_key_live" ON "permissions" USING btree (lower("key")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_name_live" ON "permissions" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_live" ON "roles" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "user_roles_role" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_name_live" ON "users" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live" ON "users" USING btree (lower("email")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_slug_live" ON "content_pages" USING btree (lower("slug")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_page_code_live" ON "content_pages" USING btree ("page_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "navigation_menu_items_parent" ON "navigation_menu_items" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shape_categories_code_live" ON "shape_categories" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_shapes_name_live" ON "diamond_shapes" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "diamond_markups_band" ON "diamond_markups" USING btree ("is_lab_diamond","shape_category_id","from_carat");--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_qualities_stone_quality_live" ON "diamond_qualities" USING btree (lower("stone_quality")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_name_live" ON "shipping_rates" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "metals_metal_type_live" ON "metals" USING btree (lower("metal_type")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "attribute_options_attribute" ON "attribute_options" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_attributes_code_live" ON "product_attributes" USING btree (lower("attribute_code")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "metal_qualities_option_metal_live" ON "metal_qualities" USING btree ("metal_quality_option_id","metal_type_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "metal_qualities_metal" ON "metal_qualities" USING btree ("metal_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_type_live" ON "product_sizes" USING btree (lower("type")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_live" ON "customer_groups" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_live" ON "settings" USING btree (lower("key")) WHERE deleted_at is null;