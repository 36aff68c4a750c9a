CREATE TABLE "cart_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" integer NOT NULL,
	"type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"postcode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"is_diamond" boolean NOT NULL,
	"product_id" integer,
	"diamond_id" integer,
	"name" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"parent_sku" text DEFAULT '' NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"certificate" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"qty" integer NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cart_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"customer_id" integer,
	"customer_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"payment_status" text DEFAULT 'PENDING' NOT NULL,
	"currency" text NOT NULL,
	"symbol" text NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_reminded" boolean DEFAULT false NOT NULL,
	"reminded_at" timestamp with time zone,
	"reminded_by" integer,
	"converted_at" timestamp with time zone,
	"order_number" text
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"inquiry_number" text GENERATED ALWAYS AS ('INQ-' || case when "inquiries"."id" < 1000000 then lpad("inquiries"."id"::text, 6, '0') else "inquiries"."id"::text end) STORED NOT NULL,
	"customer_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"symbol" text NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiry_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"is_diamond" boolean NOT NULL,
	"product_id" integer,
	"diamond_id" integer,
	"name" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"parent_sku" text DEFAULT '' NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"certificate" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"qty" integer NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"inquiry_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_addresses" ADD CONSTRAINT "cart_addresses_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD CONSTRAINT "inquiry_lines_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_addresses_cart_type" ON "cart_addresses" USING btree ("cart_id","type");--> statement-breakpoint
CREATE INDEX "cart_lines_cart" ON "cart_lines" USING btree ("cart_id","position");--> statement-breakpoint
CREATE INDEX "carts_customer_name_search" ON "carts" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carts_email_search" ON "carts" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carts_created" ON "carts" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "carts_customer_open" ON "carts" USING btree ("customer_id","activity_at") WHERE converted_at is null and customer_id is not null;--> statement-breakpoint
CREATE INDEX "carts_email_open" ON "carts" USING btree (lower("email"),"activity_at") WHERE converted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_order_number" ON "carts" USING btree ("order_number") WHERE order_number is not null;--> statement-breakpoint
CREATE INDEX "inquiries_inquiry_number_search" ON "inquiries" USING gin (lower("inquiry_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_email_search" ON "inquiries" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_created" ON "inquiries" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "inquiries_customer" ON "inquiries" USING btree ("customer_id") WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "inquiry_lines_inquiry" ON "inquiry_lines" USING btree ("inquiry_id","position");