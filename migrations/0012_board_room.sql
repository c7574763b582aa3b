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
CREATE INDEX "meeting_action_items_meeting_idx" ON "meeting_action_items" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_action_items_assignee_idx" ON "meeting_action_items" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "meeting_action_items_association_idx" ON "meeting_action_items" USING btree ("association_id","status");--> statement-breakpoint
CREATE INDEX "meeting_agenda_items_meeting_idx" ON "meeting_agenda_items" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_attendees_meeting_idx" ON "meeting_attendees" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_motions_meeting_idx" ON "meeting_motions" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meetings_association_start_idx" ON "meetings" USING btree ("association_id","start_time");