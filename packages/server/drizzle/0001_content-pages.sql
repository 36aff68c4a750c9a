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
CREATE UNIQUE INDEX "content_pages_slug_live" ON "content_pages" USING btree (lower("slug")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_page_code_live" ON "content_pages" USING btree ("page_code") WHERE deleted_at is null;