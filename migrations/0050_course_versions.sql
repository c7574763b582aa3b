DROP INDEX "course_lessons_position_key";--> statement-breakpoint
DROP INDEX "course_modules_position_key";--> statement-breakpoint
DROP INDEX "course_quizzes_module_key";--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "source_lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "source_module_id" uuid;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_quizzes" ADD COLUMN "source_quiz_id" uuid;--> statement-breakpoint
ALTER TABLE "course_quizzes" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "revision_of" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_revision_of_courses_id_fk" FOREIGN KEY ("revision_of") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_revision_of_key" ON "courses" USING btree ("revision_of") WHERE "courses"."revision_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "course_lessons_position_key" ON "course_lessons" USING btree ("module_id","position") WHERE "course_lessons"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "course_modules_position_key" ON "course_modules" USING btree ("course_id","position") WHERE "course_modules"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "course_quizzes_module_key" ON "course_quizzes" USING btree ("module_id") WHERE "course_quizzes"."retired_at" is null;