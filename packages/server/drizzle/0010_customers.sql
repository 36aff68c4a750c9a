CREATE TABLE "customer_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"customer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"street" text NOT NULL,
	"country_id" text NOT NULL,
	"state_id" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"contact_number" text NOT NULL,
	"default_billing" boolean DEFAULT false NOT NULL,
	"default_shipping" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name" text GENERATED ALWAYS AS ("customers"."first_name" || ' ' || "customers"."last_name") STORED NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"password_hash" text,
	"date_of_birth" date,
	"gender" text DEFAULT '' NOT NULL,
	"group_id" integer NOT NULL,
	"is_subscribed" boolean DEFAULT false NOT NULL,
	"profile_picture" text DEFAULT '' NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_addresses_customer" ON "customer_addresses" USING btree ("customer_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_default_billing" ON "customer_addresses" USING btree ("customer_id") WHERE default_billing and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_default_shipping" ON "customer_addresses" USING btree ("customer_id") WHERE default_shipping and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_live" ON "customers" USING btree (lower("email")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_name_search" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_search" ON "customers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_created" ON "customers" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "customers_group" ON "customers" USING btree ("group_id");