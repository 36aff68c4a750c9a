CREATE TABLE "product_media_library" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_media_library_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"sku" text NOT NULL,
	"media_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_media_library" ADD CONSTRAINT "product_media_library_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_media_library_sku" ON "product_media_library" USING btree ("sku","kind","sort") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_media_library_media" ON "product_media_library" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "product_media_library_name_search" ON "product_media_library" USING gin (lower("name") gin_trgm_ops);