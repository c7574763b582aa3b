CREATE TABLE "error_minutes" (
	"group_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "error_minutes_group_id_minute_pk" PRIMARY KEY("group_id","minute")
);
--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "recent_error_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "rfps" ADD COLUMN "property_type" text;--> statement-breakpoint
ALTER TABLE "error_minutes" ADD CONSTRAINT "error_minutes_group_id_error_reports_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."error_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_minutes_minute_idx" ON "error_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "error_reports_last_seen_idx" ON "error_reports" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "error_reports_source_idx" ON "error_reports" USING btree ("source_key","created_at");--> statement-breakpoint
CREATE INDEX "error_reports_recent_ids_idx" ON "error_reports" USING gin ("recent_error_ids");--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_fingerprint_unique" UNIQUE("fingerprint");--> statement-breakpoint
-- Rows stored before grouping: last seen when first seen, and their own id among the recent ids.
UPDATE "error_reports" SET "last_seen_at" = "created_at", "recent_error_ids" = ARRAY["error_id"];
