ALTER TABLE "endorsement_requests" ADD COLUMN "working_relationship_context" text;--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;