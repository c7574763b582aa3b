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
CREATE TABLE "finance_budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"allocated_cents" bigint NOT NULL,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid
);
--> statement-breakpoint
CREATE TABLE "finance_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"association_id" uuid NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"imported_count" integer
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"association_id" uuid PRIMARY KEY NOT NULL,
	"homeowners_see_summary" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"receipt_key" text,
	"receipt_file_name" text,
	"receipt_content_type" text,
	"receipt_size" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid
);
--> statement-breakpoint
CREATE TABLE "reserve_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"association_id" uuid NOT NULL,
	"name" text NOT NULL,
	"useful_life_years" integer NOT NULL,
	"remaining_life_years" integer NOT NULL,
	"replacement_cost_cents" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid
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
ALTER TABLE "finance_budgets" ADD CONSTRAINT "finance_budgets_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD CONSTRAINT "finance_budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_budgets" ADD CONSTRAINT "finance_budgets_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_imports" ADD CONSTRAINT "finance_imports_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_imports" ADD CONSTRAINT "finance_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_components" ADD CONSTRAINT "reserve_components_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_components" ADD CONSTRAINT "reserve_components_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_components" ADD CONSTRAINT "reserve_components_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_item_reminders" ADD CONSTRAINT "action_item_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_invoices_subscription_idx" ON "subscription_invoices" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_subject_idx" ON "subscriptions" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_invitation_mails_event_attendee_key" ON "meeting_invitation_mails" USING btree ("event_id","attendee_id");--> statement-breakpoint
CREATE INDEX "meeting_invitation_mails_waiting_idx" ON "meeting_invitation_mails" USING btree ("created_at") WHERE state in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_invitations_token_key" ON "meeting_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "meeting_invitations_meeting_idx" ON "meeting_invitations" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "finance_budgets_association_idx" ON "finance_budgets" USING btree ("association_id","category","start_date");--> statement-breakpoint
CREATE INDEX "finance_history_record_idx" ON "finance_history" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "finance_history_association_idx" ON "finance_history" USING btree ("association_id","id");--> statement-breakpoint
CREATE INDEX "finance_imports_association_idx" ON "finance_imports" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "finance_transactions_association_date_idx" ON "finance_transactions" USING btree ("association_id","date","id");--> statement-breakpoint
CREATE INDEX "finance_transactions_category_idx" ON "finance_transactions" USING btree ("association_id","category","date");--> statement-breakpoint
CREATE INDEX "finance_transactions_pending_idx" ON "finance_transactions" USING btree ("association_id","date") WHERE "finance_transactions"."status" = 'pending' and "finance_transactions"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "reserve_components_association_idx" ON "reserve_components" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "meeting_documents_meeting_idx" ON "meeting_documents" USING btree ("meeting_id","position");--> statement-breakpoint
CREATE INDEX "meeting_documents_storage_key_idx" ON "meeting_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "action_item_reminders_once" ON "action_item_reminders" USING btree ("action_item_id","kind","due_date");--> statement-breakpoint
CREATE INDEX "meeting_motions_rfp_idx" ON "meeting_motions" USING btree ("rfp_id");