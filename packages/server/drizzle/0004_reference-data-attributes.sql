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
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_product_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."product_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_qualities" ADD CONSTRAINT "metal_qualities_metal_quality_option_id_attribute_options_id_fk" FOREIGN KEY ("metal_quality_option_id") REFERENCES "public"."attribute_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_qualities" ADD CONSTRAINT "metal_qualities_metal_type_id_metals_id_fk" FOREIGN KEY ("metal_type_id") REFERENCES "public"."metals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "metals_metal_type_live" ON "metals" USING btree (lower("metal_type")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "attribute_options_attribute" ON "attribute_options" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_attributes_code_live" ON "product_attributes" USING btree (lower("attribute_code")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "metal_qualities_option_metal_live" ON "metal_qualities" USING btree ("metal_quality_option_id","metal_type_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "metal_qualities_metal" ON "metal_qualities" USING btree ("metal_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_type_live" ON "product_sizes" USING btree (lower("type")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_live" ON "customer_groups" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_live" ON "settings" USING btree (lower("key")) WHERE deleted_at is null;