DROP INDEX "contact_forms_name_search";--> statement-breakpoint
DROP INDEX "contact_forms_email_search";--> statement-breakpoint
DROP INDEX "contact_forms_phone_search";--> statement-breakpoint
DROP INDEX "contact_forms_message_search";--> statement-breakpoint
ALTER TABLE "contact_forms" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("contact_forms"."name" || ' ' || "contact_forms"."email" || ' ' || "contact_forms"."phone" || ' ' || "contact_forms"."message")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_forms_search" ON "contact_forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_forms_replied" ON "contact_forms" USING btree ("created_at","id") WHERE responded_at is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_forms_not_replied" ON "contact_forms" USING btree ("created_at","id") WHERE responded_at is null and deleted_at is null;