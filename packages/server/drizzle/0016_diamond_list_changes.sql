CREATE TABLE "diamond_list_changes" (
	"xid" "xid8" NOT NULL,
	"diamond_id" integer
);
--> statement-breakpoint
ALTER TABLE "diamond_list_state" ADD COLUMN "changes_horizon_xmin" "xid8";--> statement-breakpoint
ALTER TABLE "diamond_list_state" ADD COLUMN "changes_horizon_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "diamond_list_changes_xid" ON "diamond_list_changes" USING btree ("xid");--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers): every statement that inserts or updates stones logs
-- them with its transaction id, once per statement (transition tables, no per-row trigger call).
-- A statement writing more than 50,000 stones (a repricing of the whole feed, a big full sync) logs
-- one row with no stone: the list index then rebuilds instead of reading them one by one.
CREATE FUNCTION "diamond_list_log_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (SELECT count(*) FROM changed_stones) > 50000 THEN
		INSERT INTO diamond_list_changes (xid, diamond_id) VALUES (pg_current_xact_id(), NULL);
	ELSE
		INSERT INTO diamond_list_changes (xid, diamond_id) SELECT pg_current_xact_id(), id FROM changed_stones;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "diamonds_list_changes_insert" AFTER INSERT ON "diamonds" REFERENCING NEW TABLE AS changed_stones FOR EACH STATEMENT EXECUTE FUNCTION "diamond_list_log_changes"();
--> statement-breakpoint
CREATE TRIGGER "diamonds_list_changes_update" AFTER UPDATE ON "diamonds" REFERENCING NEW TABLE AS changed_stones FOR EACH STATEMENT EXECUTE FUNCTION "diamond_list_log_changes"();
