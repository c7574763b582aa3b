CREATE TABLE "learning_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"activities" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "learning_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid,
	"item_id" uuid,
	"cap_seconds" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "target_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "right_question_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_days" ADD CONSTRAINT "learning_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_presence" ADD CONSTRAINT "learning_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_presence" ADD CONSTRAINT "learning_presence_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_completions_user_time_idx" ON "lesson_completions" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_time_idx" ON "quiz_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_quiz_idx" ON "quiz_attempts" USING btree ("quiz_id");--> statement-breakpoint
-- custom SQL (keep at merge): attempts made before this migration get the questions they answered
-- right, by the grader's rule (the chosen set equals the correct set).
UPDATE "quiz_attempts" a SET "right_question_ids" = coalesce((
  SELECT array_agg(q->>'id') FROM "course_quizzes" cq, jsonb_array_elements(cq."questions") q
  WHERE cq."id" = a."quiz_id"
    AND (SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM jsonb_array_elements_text(coalesce(a."answers"->(q->>'id'), '[]'::jsonb)) x)
      = (SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM jsonb_array_elements_text(q->'correct') x)
), '{}');
