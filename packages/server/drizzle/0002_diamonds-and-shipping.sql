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
ALTER TABLE "diamond_shapes" ADD CONSTRAINT "diamond_shapes_shape_category_id_shape_categories_id_fk" FOREIGN KEY ("shape_category_id") REFERENCES "public"."shape_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_markups" ADD CONSTRAINT "diamond_markups_shape_category_id_shape_categories_id_fk" FOREIGN KEY ("shape_category_id") REFERENCES "public"."shape_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_name" ON "media" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "media_url" ON "media" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "shape_categories_code_live" ON "shape_categories" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_shapes_name_live" ON "diamond_shapes" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "diamond_markups_band" ON "diamond_markups" USING btree ("is_lab_diamond","shape_category_id","from_carat");--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_qualities_stone_quality_live" ON "diamond_qualities" USING btree (lower("stone_quality")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_name_live" ON "shipping_rates" USING btree (lower("name")) WHERE deleted_at is null;