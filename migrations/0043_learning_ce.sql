CREATE TABLE "course_ce_credits" (
	"course_id" uuid NOT NULL,
	"licence_type" text NOT NULL,
	"subject" text NOT NULL,
	"hours_tenths" integer NOT NULL,
	CONSTRAINT "course_ce_credits_course_id_licence_type_subject_pk" PRIMARY KEY("course_id","licence_type","subject"),
	CONSTRAINT "course_ce_credits_hours_check" CHECK ("course_ce_credits"."hours_tenths" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "professional_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_type" text NOT NULL,
	"licence_number" text NOT NULL,
	"anchor_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_licences_number_check" CHECK (char_length("professional_licences"."licence_number") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "course_ce_credits" ADD CONSTRAINT "course_ce_credits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_licences" ADD CONSTRAINT "professional_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_ce_credits_type_idx" ON "course_ce_credits" USING btree ("licence_type");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_licences_user_type_key" ON "professional_licences" USING btree ("user_id","licence_type");