CREATE TABLE "proposal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rfp_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfp_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"description" text,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rfp_proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rfp_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total_price" integer,
	"timeline_days" integer,
	"proposed_start_date" date,
	"cover_letter" text,
	"fields" jsonb NOT NULL,
	"credit_cost" integer NOT NULL,
	"rejection_cause" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"shortlisted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rfp_views" (
	"rfp_id" uuid PRIMARY KEY NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rfps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"author_context_id" uuid,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"short_description" text,
	"description" text,
	"scope_of_work" text,
	"technical_specifications" text,
	"organization_name" text,
	"property_name" text,
	"location_address" text,
	"location_city" text,
	"location_state" text,
	"location_zip" text,
	"proposal_deadline" timestamp with time zone,
	"project_start_date" date,
	"project_end_date" date,
	"estimated_duration_days" integer,
	"budget_type" text NOT NULL,
	"budget_min" integer,
	"budget_max" integer,
	"budget_hourly_rate" integer,
	"budget_description" text,
	"require_insurance" boolean NOT NULL,
	"require_license" boolean NOT NULL,
	"require_references" boolean NOT NULL,
	"insurance_requirements" jsonb NOT NULL,
	"visibility" text,
	"invited_vendor_ids" jsonb NOT NULL,
	"max_proposals" integer NOT NULL,
	"allow_questions" boolean NOT NULL,
	"auto_close_enabled" boolean NOT NULL,
	"evaluation_period_days" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"proposal_count" integer NOT NULL,
	"awarded_proposal_id" uuid,
	"close_reason" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proposal_documents" ADD CONSTRAINT "proposal_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfp_documents" ADD CONSTRAINT "rfp_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_documents_proposal_idx" ON "proposal_documents" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "rfp_documents_rfp_idx" ON "rfp_documents" USING btree ("rfp_id");--> statement-breakpoint
CREATE INDEX "rfp_proposals_rfp_idx" ON "rfp_proposals" USING btree ("rfp_id","submitted_at");--> statement-breakpoint
CREATE INDEX "rfp_proposals_vendor_idx" ON "rfp_proposals" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE INDEX "rfps_status_deadline_idx" ON "rfps" USING btree ("status","proposal_deadline");--> statement-breakpoint
CREATE INDEX "rfps_author_idx" ON "rfps" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "rfps_published_idx" ON "rfps" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "rfps_search_idx" ON "rfps" USING gin (to_tsvector('english', coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("scope_of_work", '')));