CREATE TABLE "subscription_invoices" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"number" text,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"hosted_invoice_url" text,
	"invoice_pdf" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"attempts" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"last_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"source" text NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text,
	"status" text NOT NULL,
	"customer_id" text,
	"trial_ends_at" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean NOT NULL,
	"past_due_since" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"granted_by" uuid,
	"grant_reason" text,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_invitation_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"email" text,
	"kind" text NOT NULL,
	"event_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_invitations" (
	"attendee_id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"sequence" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"association_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"source" text NOT NULL,
	"storage_key" text,
	"library_document_id" uuid,
	"library_version_id" uuid,
	"library_version" integer,
	"attached_by" uuid NOT NULL,
	"attached_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_item_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting_motions" ADD COLUMN "rfp_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_motions" ADD COLUMN "proposal_id" uuid;--> statement-breakpoint
ALTER TABLE "rfp_proposals" ADD COLUMN "award_meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "rfp_proposals" ADD COLUMN "award_motion_id" uuid;--> statement-breakpoint
ALTER TABLE "action_item_reminders" ADD CONSTRAINT "action_item_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_invoices_subscription_idx" ON "subscription_invoices" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_subject_idx" ON "subscriptions" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_invitation_mails_event_attendee_key" ON "meeting_invitation_mails" USING btree ("event_id","attendee_id");--> statement-breakpoint
CREATE INDEX "meeting_invitation_mails_waiting_idx" ON "meeting_invitation_mails" USING btree ("created_at") WHERE state in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_invitations_token_key" ON "meeting_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "meeting_invitations_meeting_idx" ON "meeting_invitations" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_documents_meeting_idx" ON "meeting_documents" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_documents_storage_key_idx" ON "meeting_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "action_item_reminders_once" ON "action_item_reminders" USING btree ("action_item_id","kind","due_date");--> statement-breakpoint
CREATE INDEX "meeting_motions_rfp_idx" ON "meeting_motions" USING btree ("rfp_id");