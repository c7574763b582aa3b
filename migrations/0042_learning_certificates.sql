CREATE TABLE "certificate_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"course_id" uuid,
	"reason" text,
	"expires_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"name" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revocation_reason" text,
	"expiry_reminded_for" timestamp with time zone,
	CONSTRAINT "certificates_number_check" CHECK ("certificates"."number" ~ '^[0-9A-F]{32}$')
);
--> statement-breakpoint
CREATE TABLE "course_certifications" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"valid_months" integer,
	"renews_course_id" uuid,
	CONSTRAINT "course_certifications_valid_check" CHECK ("course_certifications"."valid_months" is null or "course_certifications"."valid_months" > 0)
);
--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_certifications" ADD CONSTRAINT "course_certifications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_certifications" ADD CONSTRAINT "course_certifications_renews_course_id_courses_id_fk" FOREIGN KEY ("renews_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_history_certificate_idx" ON "certificate_history" USING btree ("certificate_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_key" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "certificates_expires_idx" ON "certificates" USING btree ("expires_at");--> statement-breakpoint
-- custom SQL (keep at merge)
-- The demo certification course of a database seeded before certificates: valid for 24 months, as
-- db/learning-content.ts now says (a fresh seed writes the same row through publishCourse).
INSERT INTO "course_certifications" ("course_id", "valid_months")
  SELECT "id", 24 FROM "courses" WHERE "slug" = 'association-board-fundamentals-meetings'
  ON CONFLICT DO NOTHING;
