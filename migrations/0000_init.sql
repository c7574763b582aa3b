CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text,
	"avatar_url" text,
	"phone" text,
	"location" text,
	"bio" text,
	"display_name" text,
	"website_url" text,
	"linkedin_url" text,
	"twitter_handle" text,
	"company_name" text,
	"job_title" text,
	"professional_summary" text,
	"years_experience" integer,
	"subscription_status" text DEFAULT 'incomplete' NOT NULL,
	"subscription_tier" text DEFAULT 'free' NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"onboarding_step" text DEFAULT 'welcome' NOT NULL,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"timezone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"active_role_context" uuid,
	"last_context_switch" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_credit_balances" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer NOT NULL,
	"lifetime_earned" integer NOT NULL,
	"lifetime_spent" integer NOT NULL,
	"last_position" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_credit_balances_nonnegative" CHECK ("vendor_credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_credit_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"reference_id" text,
	"reference_type" text,
	"metadata" jsonb NOT NULL,
	"position" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"stream_id" text NOT NULL,
	"stream_type" text NOT NULL,
	"stream_version" integer NOT NULL,
	"event_type" text NOT NULL,
	"data" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "events_stream_version_unique" UNIQUE("stream_id","stream_version")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"result" jsonb,
	"last_position" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"stream_id" text PRIMARY KEY NOT NULL,
	"stream_type" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"snapshot" jsonb,
	"snapshot_schema" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "vendor_credit_transactions_vendor_idx" ON "vendor_credit_transactions" USING btree ("vendor_id","position");--> statement-breakpoint
CREATE INDEX "streams_type_idx" ON "streams" USING btree ("stream_type");