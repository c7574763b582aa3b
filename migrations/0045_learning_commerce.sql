CREATE TABLE "course_rating_totals" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_rating_totals_check" CHECK ("course_rating_totals"."review_count" >= 0 and "course_rating_totals"."rating_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_reviews" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_reviews_user_id_course_id_pk" PRIMARY KEY("user_id","course_id"),
	CONSTRAINT "course_reviews_rating_check" CHECK ("course_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "learning_payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"outcome" text NOT NULL,
	"data" jsonb,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_purchases" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"course_id" uuid,
	"path_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "learning_purchases_amount_check" CHECK ("learning_purchases"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_rating_totals" ADD CONSTRAINT "course_rating_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_purchases" ADD CONSTRAINT "learning_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_purchases" ADD CONSTRAINT "learning_purchases_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_purchases" ADD CONSTRAINT "learning_purchases_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_reviews_course_idx" ON "course_reviews" USING btree ("course_id","updated_at");--> statement-breakpoint
CREATE INDEX "learning_payment_events_payment_intent_idx" ON "learning_payment_events" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "learning_purchases_user_idx" ON "learning_purchases" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "learning_purchases_payment_intent_idx" ON "learning_purchases" USING btree ("payment_intent_id");