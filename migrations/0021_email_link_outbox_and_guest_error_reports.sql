CREATE TABLE "email_link_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "email_link_requests_created_idx" ON "email_link_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "error_reports_guest_last_seen_idx" ON "error_reports" USING btree ("guest","last_seen_at");