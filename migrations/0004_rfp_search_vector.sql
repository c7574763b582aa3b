DROP INDEX "rfps_search_idx";--> statement-breakpoint
ALTER TABLE "rfps" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(scope_of_work, ''))) STORED;--> statement-breakpoint
CREATE INDEX "rfps_search_idx" ON "rfps" USING gin ("search_vector");