ALTER TABLE "mail_outbox" ADD COLUMN "once_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_once_key" ON "mail_outbox" USING btree ("once_key") WHERE once_key is not null;