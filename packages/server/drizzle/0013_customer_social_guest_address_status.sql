ALTER TABLE "customer_addresses" ADD COLUMN "status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "social_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_social_id_live" ON "customers" USING btree ("social_id") WHERE social_id is not null and deleted_at is null;