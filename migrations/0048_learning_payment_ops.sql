CREATE TABLE "credential_status_entries" (
	"certificate_id" uuid NOT NULL,
	"list_number" integer NOT NULL,
	"list_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_status_entries_certificate_id_pk" PRIMARY KEY("certificate_id"),
	CONSTRAINT "credential_status_entries_position_check" CHECK ("credential_status_entries"."list_number" >= 1 and "credential_status_entries"."list_index" >= 0 and "credential_status_entries"."list_index" < 131072)
);
--> statement-breakpoint
CREATE TABLE "ce_period_reminders" (
	"licence_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"threshold_days" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ce_period_reminders_licence_id_period_end_threshold_days_pk" PRIMARY KEY("licence_id","period_end","threshold_days"),
	CONSTRAINT "ce_period_reminders_threshold_check" CHECK ("ce_period_reminders"."threshold_days" in (90, 30))
);
--> statement-breakpoint
CREATE TABLE "learning_checkout_hold_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_session_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_checkout_holds" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"user_id" uuid,
	"buyer_reference" text,
	"item_type" text,
	"course_id" uuid,
	"path_id" uuid,
	"amount_cents" integer,
	"currency" text,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "learning_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"user_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"idempotency_key" text NOT NULL,
	"stripe_refund_id" text,
	"last_error" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_refunds_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "learning_refunds_amount_check" CHECK ("learning_refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credential_status_entries" ADD CONSTRAINT "credential_status_entries_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ce_period_reminders" ADD CONSTRAINT "ce_period_reminders_licence_id_professional_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."professional_licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_checkout_hold_actions" ADD CONSTRAINT "learning_checkout_hold_actions_checkout_session_id_learning_checkout_holds_checkout_session_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."learning_checkout_holds"("checkout_session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_checkout_hold_actions" ADD CONSTRAINT "learning_checkout_hold_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_checkout_holds" ADD CONSTRAINT "learning_checkout_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_checkout_holds" ADD CONSTRAINT "learning_checkout_holds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_checkout_holds" ADD CONSTRAINT "learning_checkout_holds_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_checkout_holds" ADD CONSTRAINT "learning_checkout_holds_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_refunds" ADD CONSTRAINT "learning_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_refunds" ADD CONSTRAINT "learning_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_entries_position_key" ON "credential_status_entries" USING btree ("list_number","list_index");--> statement-breakpoint
CREATE INDEX "learning_checkout_hold_actions_session_idx" ON "learning_checkout_hold_actions" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "learning_checkout_holds_status_idx" ON "learning_checkout_holds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "learning_refunds_waiting_idx" ON "learning_refunds" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "learning_refunds_created_idx" ON "learning_refunds" USING btree ("created_at");--> statement-breakpoint
-- custom SQL (keep at merge)
-- Sessions held before this migration were kept only as their event's outcome (decision 078): they
-- become holds, so the administrators' screen lists them too (decision 086).
INSERT INTO "learning_checkout_holds" ("checkout_session_id", "reason", "user_id", "buyer_reference", "item_type",
  "course_id", "path_id", "amount_cents", "currency", "payment_intent_id", "created_at")
SELECT DISTINCT ON (e."checkout_session_id")
  e."checkout_session_id",
  substr(e."outcome", length('needs_review:') + 1),
  u."id",
  left(coalesce(e."data"->'session'->>'client_reference_id', e."data"->'session'->'metadata'->>'userId'), 255),
  CASE e."data"->'session'->'metadata'->>'productType'
    WHEN 'course_enrollment' THEN 'course' WHEN 'path_enrollment' THEN 'path' END,
  c."id",
  p."id",
  CASE WHEN (e."data"->'session'->>'amount_total') ~ '^[0-9]{1,9}$'
    THEN (e."data"->'session'->>'amount_total')::integer END,
  left(e."data"->'session'->>'currency', 16),
  e."payment_intent_id",
  e."processed_at"
FROM "learning_payment_events" e
LEFT JOIN "users" u ON u."id"::text = coalesce(e."data"->'session'->>'client_reference_id', e."data"->'session'->'metadata'->>'userId')
LEFT JOIN "courses" c ON c."id"::text = e."data"->'session'->'metadata'->>'courseId'
LEFT JOIN "learning_paths" p ON p."id"::text = e."data"->'session'->'metadata'->>'pathId'
WHERE e."outcome" LIKE 'needs_review:%' AND e."checkout_session_id" IS NOT NULL
ORDER BY e."checkout_session_id", e."processed_at"
ON CONFLICT DO NOTHING;
