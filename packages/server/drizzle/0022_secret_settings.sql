CREATE TABLE "diamond_feed_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamond_feed_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"feed" text NOT NULL,
	"endpoint" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "is_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_feed_credentials_feed" ON "diamond_feed_credentials" USING btree ("feed");--> statement-breakpoint
-- Hand-written data step (drizzle-kit generates only the schema). Settings whose key names a secret
-- (the contract's isSecretSettingKey) are flagged secret; the app encrypts their values at start-up.
UPDATE "settings" SET "is_secret" = true WHERE "key" ~* '(^|[._-])(password|secret|token|api[_.-]?key|private[_.-]?key)$';--> statement-breakpoint
-- The Nivoda credentials move out of the generic settings into their own table; the password stays
-- in clear until the app's start-up encrypts it (encryptClearFeedPassword).
INSERT INTO "diamond_feed_credentials" ("feed", "endpoint", "username", "password", "created_by", "updated_by")
SELECT 'nivoda',
  coalesce(max("value") FILTER (WHERE lower("key") = 'nivoda.endpoint'), ''),
  coalesce(max("value") FILTER (WHERE lower("key") = 'nivoda.username'), ''),
  coalesce(max("value") FILTER (WHERE lower("key") = 'nivoda.password'), ''),
  max("updated_by"), max("updated_by")
FROM "settings"
WHERE "deleted_at" IS NULL AND lower("key") IN ('nivoda.endpoint', 'nivoda.username', 'nivoda.password')
HAVING count(*) > 0;--> statement-breakpoint
-- Deleted rows too: they hold older passwords in clear.
DELETE FROM "settings" WHERE lower("key") IN ('nivoda.endpoint', 'nivoda.username', 'nivoda.password');
