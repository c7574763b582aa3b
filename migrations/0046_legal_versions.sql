CREATE TABLE "legal_resource_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"base_version" integer NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"topic" text NOT NULL,
	"summary" text NOT NULL,
	"body_markdown" text NOT NULL,
	"note" text NOT NULL,
	"proposed_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_resource_revisions_review_check" CHECK (("legal_resource_revisions"."status" = 'rejected') = ("legal_resource_revisions"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "legal_resource_versions" (
	"resource_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"topic" text NOT NULL,
	"summary" text NOT NULL,
	"body_markdown" text NOT NULL,
	"note" text,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_resource_versions_resource_id_version_pk" PRIMARY KEY("resource_id","version")
);
--> statement-breakpoint
ALTER TABLE "legal_resources" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_resources" ADD COLUMN "previous_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "legal_resources" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_resource_revisions" ADD CONSTRAINT "legal_resource_revisions_resource_id_legal_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."legal_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_resource_revisions" ADD CONSTRAINT "legal_resource_revisions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_resource_revisions" ADD CONSTRAINT "legal_resource_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_resource_versions" ADD CONSTRAINT "legal_resource_versions_resource_id_legal_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."legal_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_resource_versions" ADD CONSTRAINT "legal_resource_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_resource_revisions_one_pending" ON "legal_resource_revisions" USING btree ("resource_id") WHERE "legal_resource_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "legal_resource_revisions_status_idx" ON "legal_resource_revisions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "legal_resource_revisions_proposer_idx" ON "legal_resource_revisions" USING btree ("proposed_by","created_at");--> statement-breakpoint
-- custom SQL (keep at merge)
-- Version 1 of every resource already published, as it reads now (decision 089).
INSERT INTO "legal_resource_versions" ("resource_id", "version", "title", "state", "topic", "summary", "body_markdown", "published_by", "published_at")
SELECT "id", 1, "title", "state", "topic", "summary", "body_markdown", "reviewed_by", coalesce("published_at", "updated_at")
FROM "legal_resources" WHERE "status" = 'published'
ON CONFLICT DO NOTHING;
