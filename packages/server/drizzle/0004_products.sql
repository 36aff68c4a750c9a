CREATE TABLE "product_attribute_values" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"option_id" integer,
	"value" text DEFAULT '' NOT NULL,
	"is_standalone" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_attribute_values_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_related" (
	"product_id" integer NOT NULL,
	"related_product_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_related_product_id_related_product_id_pk" PRIMARY KEY("product_id","related_product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"parent_product_id" integer,
	"attribute_set_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"option_key" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"weight" numeric(12, 2),
	"weight_unit" text DEFAULT 'lb' NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"is_ready_to_ship" boolean DEFAULT false NOT NULL,
	"is_gift_card" boolean DEFAULT false NOT NULL,
	"is_sold" boolean DEFAULT false NOT NULL,
	"is_configured" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_description" text DEFAULT '' NOT NULL,
	"size_type_id" integer,
	"gender" smallint,
	"product_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variation_group_by_property" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"can_be_set_with" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"base_image" text DEFAULT '' NOT NULL,
	"other_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"videos" text[] DEFAULT '{}'::text[] NOT NULL,
	"side_diamonds_size" text DEFAULT '' NOT NULL,
	"side_diamonds_pieces" integer,
	"side_diamonds_weight" numeric(12, 2),
	"side_diamonds_weight_unit" text DEFAULT 'ct' NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_id_product_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."product_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_option_id_attribute_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."attribute_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_related" ADD CONSTRAINT "product_related_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_related" ADD CONSTRAINT "product_related_related_product_id_products_id_fk" FOREIGN KEY ("related_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_product_id_products_id_fk" FOREIGN KEY ("parent_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_attribute_set_id_attribute_sets_id_fk" FOREIGN KEY ("attribute_set_id") REFERENCES "public"."attribute_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_type_id_product_sizes_id_fk" FOREIGN KEY ("size_type_id") REFERENCES "public"."product_sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_attribute_values_attribute" ON "product_attribute_values" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "product_attribute_values_option" ON "product_attribute_values" USING btree ("option_id") WHERE option_id is not null;--> statement-breakpoint
CREATE INDEX "product_categories_category" ON "product_categories" USING btree ("category_id","product_id");--> statement-breakpoint
CREATE INDEX "product_related_related" ON "product_related" USING btree ("related_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_live" ON "products" USING btree (lower("sku")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_option_key_live" ON "products" USING btree ("parent_product_id","option_key") WHERE deleted_at is null and parent_product_id is not null;--> statement-breakpoint
CREATE INDEX "products_name_search" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_search" ON "products" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_at" ON "products" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("price","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_attribute_set" ON "products" USING btree ("attribute_set_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_vendor" ON "products" USING btree ("vendor","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_status" ON "products" USING btree ("status","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_category_ids" ON "products" USING gin ("category_ids") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_parent" ON "products" USING btree ("parent_product_id");--> statement-breakpoint
CREATE INDEX "products_size_type" ON "products" USING btree ("size_type_id") WHERE size_type_id is not null;