ALTER TABLE "diamond_list_state" ADD COLUMN "changes_horizon_xmin" "xid8";--> statement-breakpoint
ALTER TABLE "diamond_list_state" ADD COLUMN "changes_horizon_at" timestamp with time zone;