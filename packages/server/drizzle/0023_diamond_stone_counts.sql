CREATE TABLE "diamond_stone_counts" (
	"kind" text NOT NULL,
	"offered" integer NOT NULL,
	"for_sale" integer NOT NULL,
	"unpriced" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written: the counts of the stones already stored, one row per kind (stone-counts.ts keeps them from here on).
INSERT INTO "diamond_stone_counts" ("kind", "offered", "for_sale", "unpriced")
SELECT CASE WHEN is_gemstone THEN 'gemstone' WHEN is_lab THEN 'lab' ELSE 'natural' END,
	count(*) FILTER (WHERE NOT is_unavailable),
	count(*) FILTER (WHERE NOT is_unavailable AND price IS NOT NULL AND NOT is_sold),
	count(*) FILTER (WHERE NOT is_unavailable AND price IS NULL)
FROM "diamonds" GROUP BY 1;
