CREATE TABLE "learning_receipt_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_session_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_receipt_mails_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
ALTER TABLE "learning_receipt_mails" ADD CONSTRAINT "learning_receipt_mails_checkout_session_id_learning_purchases_checkout_session_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."learning_purchases"("checkout_session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_receipt_mails_waiting_idx" ON "learning_receipt_mails" USING btree ("state","next_attempt_at");