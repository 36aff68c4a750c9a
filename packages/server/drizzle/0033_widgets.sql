CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"desktop_main_image" text NOT NULL,
	"mobile_main_image" text NOT NULL,
	"desktop_secondary_image" text NOT NULL,
	"mobile_secondary_image" text NOT NULL,
	"desktop_secondary_image2" text NOT NULL,
	"mobile_secondary_image2" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_section_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_section_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"section_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link_type" text NOT NULL,
	"category_id" integer,
	"page_id" integer,
	"link" text DEFAULT '' NOT NULL,
	"desktop_image" text NOT NULL,
	"mobile_image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"section_name" text NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"sort_order" integer,
	"template_id" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"best_sellers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_section_options" ADD CONSTRAINT "widget_section_options_section_id_widget_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."widget_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_section_options" ADD CONSTRAINT "widget_section_options_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_section_options" ADD CONSTRAINT "widget_section_options_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_name_search" ON "banners" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "banners_created" ON "banners" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "banners_name" ON "banners" USING btree (lower("name"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "widget_section_options_title_search" ON "widget_section_options" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "widget_section_options_section" ON "widget_section_options" USING btree ("section_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "widget_section_options_created" ON "widget_section_options" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "widget_section_options_title" ON "widget_section_options" USING btree (lower("title"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "widget_sections_section_name_search" ON "widget_sections" USING gin (lower("section_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "widget_sections_sub_title_search" ON "widget_sections" USING gin (lower("sub_title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "widget_sections_created" ON "widget_sections" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "widget_sections_name" ON "widget_sections" USING btree (lower("section_name"),"id") WHERE deleted_at is null;