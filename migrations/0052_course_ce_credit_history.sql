ALTER TABLE "course_ce_credits" DROP CONSTRAINT "course_ce_credits_course_id_licence_type_subject_pk";--> statement-breakpoint
ALTER TABLE "course_ce_credits" ADD COLUMN "applies_from" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_ce_credits" ADD COLUMN "applies_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "course_ce_credits_key" ON "course_ce_credits" USING btree ("course_id","licence_type","subject","applies_from");--> statement-breakpoint
CREATE UNIQUE INDEX "course_ce_credits_current_key" ON "course_ce_credits" USING btree ("course_id","licence_type","subject") WHERE "course_ce_credits"."applies_until" is null;--> statement-breakpoint
ALTER TABLE "course_ce_credits" ADD CONSTRAINT "course_ce_credits_range_check" CHECK ("course_ce_credits"."applies_until" is null or "course_ce_credits"."applies_until" > "course_ce_credits"."applies_from");