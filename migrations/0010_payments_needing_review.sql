CREATE TABLE "payments_needing_review" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"reason" text NOT NULL,
	"vendor_id" uuid,
	"package_id" text,
	"amount_total" integer,
	"currency" text,
	"session" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
