CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"service_id" integer NOT NULL,
	"booking_date" timestamp with time zone NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"assignee_id" integer,
	"remarks" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"title" text NOT NULL,
	"service_type" text NOT NULL,
	"description" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"alt_image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"slug" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"content" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"blog_category_id" integer NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_blog_category_id_blog_categories_id_fk" FOREIGN KEY ("blog_category_id") REFERENCES "public"."blog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_service_slot_live" ON "appointments" USING btree ("service_id","booking_date") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "appointments_assignee" ON "appointments" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "appointments_first_name_search" ON "appointments" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_last_name_search" ON "appointments" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_email_search" ON "appointments" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_contact_number_search" ON "appointments" USING gin (lower("contact_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_booking" ON "appointments" USING btree ("booking_date","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "appointments_created" ON "appointments" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "services_title_search" ON "services" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_created" ON "services" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "services_title" ON "services" USING btree (lower("title"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_categories_name_live" ON "blog_categories" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_categories_slug_live" ON "blog_categories" USING btree (lower("slug")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "blog_categories_name_search" ON "blog_categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_categories_slug_search" ON "blog_categories" USING gin (lower("slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_categories_created" ON "blog_categories" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "blog_categories_name" ON "blog_categories" USING btree (lower("name"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_live" ON "blogs" USING btree ("slug") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "blogs_category" ON "blogs" USING btree ("blog_category_id");--> statement-breakpoint
CREATE INDEX "blogs_title_search" ON "blogs" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_slug_search" ON "blogs" USING gin (lower("slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_created" ON "blogs" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "blogs_title" ON "blogs" USING btree (lower("title"),"id") WHERE deleted_at is null;