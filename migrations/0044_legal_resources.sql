CREATE TABLE "legal_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"topic" text NOT NULL,
	"summary" text NOT NULL,
	"body_markdown" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_by" uuid,
	"credit_name" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_resources_review_check" CHECK (("legal_resources"."status" = 'rejected') = ("legal_resources"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "legal_resources" ADD CONSTRAINT "legal_resources_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_resources" ADD CONSTRAINT "legal_resources_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_resources_slug_key" ON "legal_resources" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "legal_resources_status_idx" ON "legal_resources" USING btree ("status","state","topic");--> statement-breakpoint
CREATE INDEX "legal_resources_submitter_idx" ON "legal_resources" USING btree ("submitted_by","created_at");