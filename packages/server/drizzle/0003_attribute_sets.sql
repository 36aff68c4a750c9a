CREATE TABLE "attribute_set_group_attributes" (
	"set_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attribute_set_group_attributes_set_id_attribute_id_pk" PRIMARY KEY("set_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_set_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attribute_set_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"set_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attribute_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"status" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_set_group_attributes" ADD CONSTRAINT "attribute_set_group_attributes_set_id_attribute_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."attribute_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_set_group_attributes" ADD CONSTRAINT "attribute_set_group_attributes_group_id_attribute_set_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attribute_set_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_set_group_attributes" ADD CONSTRAINT "attribute_set_group_attributes_attribute_id_product_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."product_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_set_groups" ADD CONSTRAINT "attribute_set_groups_set_id_attribute_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."attribute_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_set_group_attributes_group" ON "attribute_set_group_attributes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "attribute_set_group_attributes_attribute" ON "attribute_set_group_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "attribute_set_groups_set" ON "attribute_set_groups" USING btree ("set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_set_groups_one_default" ON "attribute_set_groups" USING btree ("set_id") WHERE is_default and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_sets_name_live" ON "attribute_sets" USING btree (lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "attribute_sets_name_search" ON "attribute_sets" USING gin (lower("name") gin_trgm_ops);