CREATE TABLE "calendar_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_event_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"title" text,
	"location" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"association_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"event_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"rrule" text,
	"series_ends_at" timestamp with time zone,
	"location" text,
	"meeting_url" text,
	"rfp_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "association_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"folder_id" uuid,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"visibility" text NOT NULL,
	"version_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"archived_by" uuid
);
--> statement-breakpoint
CREATE TABLE "document_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"association_id" uuid NOT NULL,
	"document_id" uuid,
	"folder_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_vendor_shares" (
	"document_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"shared_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_vendor_shares_document_id_vendor_id_pk" PRIMARY KEY("document_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_action_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"association_id" uuid NOT NULL,
	"description" text NOT NULL,
	"assignee_id" uuid NOT NULL,
	"assignee_name" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meeting_agenda_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"item_type" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"assigned_to" text
);
--> statement-breakpoint
CREATE TABLE "meeting_attendees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text NOT NULL,
	"attendance" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_motions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"motion" text NOT NULL,
	"moved_by" text NOT NULL,
	"seconded_by" text NOT NULL,
	"vote_result" text NOT NULL,
	"votes_for" integer NOT NULL,
	"votes_against" integer NOT NULL,
	"votes_abstain" integer NOT NULL,
	"quorum_present" integer NOT NULL,
	"quorum_required" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"association_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"meeting_type" text NOT NULL,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"location" text,
	"meeting_url" text,
	"cancel_reason" text,
	"minutes_status" text NOT NULL,
	"minutes_content" text,
	"minutes_approved_at" timestamp with time zone,
	"minutes_approved_by" uuid,
	"minutes_shared_at" timestamp with time zone,
	"attendee_count" integer NOT NULL,
	"present_count" integer NOT NULL,
	"scheduled_by" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rfps" ADD COLUMN "association_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_attendees" ADD CONSTRAINT "calendar_attendees_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "calendar_event_exceptions_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_documents" ADD CONSTRAINT "association_documents_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_documents" ADD CONSTRAINT "association_documents_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_documents" ADD CONSTRAINT "association_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_documents" ADD CONSTRAINT "association_documents_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_parent_id_document_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_vendor_shares" ADD CONSTRAINT "document_vendor_shares_document_id_association_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."association_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_vendor_shares" ADD CONSTRAINT "document_vendor_shares_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_vendor_shares" ADD CONSTRAINT "document_vendor_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_association_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."association_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_attendees_unique" ON "calendar_attendees" USING btree ("event_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_attendees_token_unique" ON "calendar_attendees" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_attendees_email_idx" ON "calendar_attendees" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_exceptions_unique" ON "calendar_event_exceptions" USING btree ("event_id","occurrence_start");--> statement-breakpoint
CREATE INDEX "calendar_events_owner_idx" ON "calendar_events" USING btree ("owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_association_idx" ON "calendar_events" USING btree ("association_id","starts_at");--> statement-breakpoint
CREATE INDEX "association_documents_association_idx" ON "association_documents" USING btree ("association_id","folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_name_unique" ON "document_folders" USING btree ("association_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "document_history_document_idx" ON "document_history" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "document_history_association_idx" ON "document_history" USING btree ("association_id","id");--> statement-breakpoint
CREATE INDEX "document_vendor_shares_vendor_idx" ON "document_vendor_shares" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_unique" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_storage_key_unique" ON "document_versions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "meeting_action_items_meeting_idx" ON "meeting_action_items" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_action_items_assignee_idx" ON "meeting_action_items" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "meeting_action_items_association_idx" ON "meeting_action_items" USING btree ("association_id","status");--> statement-breakpoint
CREATE INDEX "meeting_agenda_items_meeting_idx" ON "meeting_agenda_items" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_attendees_meeting_idx" ON "meeting_attendees" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_motions_meeting_idx" ON "meeting_motions" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meetings_association_start_idx" ON "meetings" USING btree ("association_id","start_time");--> statement-breakpoint
CREATE INDEX "rfps_association_idx" ON "rfps" USING btree ("association_id");