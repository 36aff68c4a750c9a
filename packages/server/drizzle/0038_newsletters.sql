CREATE TABLE "newsletters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"send_all" boolean DEFAULT true NOT NULL,
	"send_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_on" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"klaviyo_campaign_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"email" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"klaviyo_id" text DEFAULT '' NOT NULL,
	"klaviyo_synced" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "newsletters_template_name_search" ON "newsletters" USING gin (lower("template_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletters_created" ON "newsletters" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "newsletters_scheduled" ON "newsletters" USING btree ("scheduled_on","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "newsletters_pending_due" ON "newsletters" USING btree ("scheduled_on") WHERE deleted_at is null and state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_live" ON "subscribers" USING btree (lower("email")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "subscribers_email_search" ON "subscribers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_created" ON "subscribers" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "subscribers_status_created" ON "subscribers" USING btree ("status","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "subscribers_email" ON "subscribers" USING btree (lower("email"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "subscribers_unsynced" ON "subscribers" USING btree ("id") WHERE deleted_at is null and not klaviyo_synced;