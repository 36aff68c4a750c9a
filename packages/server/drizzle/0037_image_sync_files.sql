CREATE TABLE "image_sync_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_sync_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"name" text NOT NULL,
	"content_hash" text NOT NULL,
	"sku" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"media_id" integer,
	"job_run_id" integer,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "image_sync_files_path" ON "image_sync_files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "image_sync_files_run" ON "image_sync_files" USING btree ("job_run_id","outcome");