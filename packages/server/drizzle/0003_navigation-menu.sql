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
ALTER TABLE "navigation_menu_items" ADD CONSTRAINT "navigation_menu_items_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menu_items" ADD CONSTRAINT "navigation_menu_items_parent_id_navigation_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."navigation_menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "navigation_menu_items_parent" ON "navigation_menu_items" USING btree ("parent_id");