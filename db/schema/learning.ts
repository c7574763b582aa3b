import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * The learning hub's courses (issue 30, parts 1 and 3; decision 076): a course has modules, a module
 * has lessons and quizzes in order, a quiz has questions whose correct options stay on the server.
 * Enrolments, completed lessons and quiz attempts are the person's progress. Ordinary relational data
 * (DESIGN.md); the commands in app/commands/learning.server.ts keep the course's counters and the
 * enrolment's progress in the transaction that changes what they count.
 */

export interface StoredQuizQuestion {
  id: string;
  prompt: string;
  kind: "single" | "multiple";
  options: { id: string; text: string }[];
  correct: string[];
  explanation?: string;
}

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    description: text("description").notNull(),
    difficulty: text("difficulty", { enum: ["beginner", "intermediate", "advanced"] }).notNull(),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    providesCertification: boolean("provides_certification").notNull().default(false),
    /** The professional roles a course is written for (recommendations, decision 081). */
    targetRoles: text("target_roles").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: ["draft", "published", "archived"] })
      .notNull()
      .default("published"),
    enrollmentCount: integer("enrollment_count").notNull().default(0),
    completionCount: integer("completion_count").notNull().default(0),
    /**
     * The version learners see (decision 084): 1 when first published, one more each time a new
     * version is published. A draft revision carries the number it will have once published.
     */
    version: integer("version").notNull().default(1),
    /** A draft revision: the published course it is the next version of (one at a time). */
    revisionOf: uuid("revision_of").references((): AnyPgColumn => courses.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    uniqueIndex("courses_revision_of_key").on(t.revisionOf).where(sql`${t.revisionOf} is not null`),
    check("courses_price_check", sql`${t.priceCents} >= 0`),
    check("courses_minutes_check", sql`${t.estimatedMinutes} > 0`),
  ],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    title: text("title").notNull(),
    /** In a draft revision: the published course's module this one is a copy of (decision 084). */
    sourceModuleId: uuid("source_module_id"),
    /** Left out of a later version: no longer in the course; progress made in it is kept. */
    retiredAt: ts("retired_at"),
  },
  (t) => [
    uniqueIndex("course_modules_position_key").on(t.courseId, t.position).where(sql`${t.retiredAt} is null`),
  ],
);

/** A lesson: Markdown rendered safely (no raw HTML), an optional video link. */
export const courseLessons = pgTable(
  "course_lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    title: text("title").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    videoUrl: text("video_url"),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    /** In a draft revision: the published course's lesson this one is a copy of (decision 084). */
    sourceLessonId: uuid("source_lesson_id"),
    /** Left out of a later version: no longer in the course; its completions are kept. */
    retiredAt: ts("retired_at"),
  },
  (t) => [
    uniqueIndex("course_lessons_position_key").on(t.moduleId, t.position).where(sql`${t.retiredAt} is null`),
  ],
);

/** A quiz closes its module (after its lessons): graded on the server, a pass mark, a wait after a fail. */
export const courseQuizzes = pgTable(
  "course_quizzes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    passPercent: smallint("pass_percent").notNull(),
    retryCooldownMinutes: integer("retry_cooldown_minutes").notNull().default(10),
    questions: jsonb("questions").$type<StoredQuizQuestion[]>().notNull(),
    /** In a draft revision: the published course's quiz this one is a copy of (decision 084). */
    sourceQuizId: uuid("source_quiz_id"),
    /** Left out of a later version: no longer in the course; its attempts are kept. */
    retiredAt: ts("retired_at"),
  },
  (t) => [
    uniqueIndex("course_quizzes_module_key").on(t.moduleId).where(sql`${t.retiredAt} is null`),
    check("course_quizzes_pass_check", sql`${t.passPercent} between 1 and 100`),
  ],
);

export const courseEnrollments = pgTable(
  "course_enrollments",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["active", "completed"] })
      .notNull()
      .default("active"),
    progressPercent: smallint("progress_percent").notNull().default(0),
    currentModuleId: uuid("current_module_id").references(() => courseModules.id, { onDelete: "set null" }),
    enrolledAt: ts("enrolled_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
    lastAccessedAt: ts("last_accessed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("course_enrollments_course_idx").on(t.courseId),
  ],
);

export const lessonCompletions = pgTable(
  "lesson_completions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    completedAt: ts("completed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index("lesson_completions_course_idx").on(t.userId, t.courseId),
    index("lesson_completions_user_time_idx").on(t.userId, t.completedAt),
  ],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => courseQuizzes.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Record<string, string[]>>().notNull(),
    score: smallint("score").notNull(),
    total: smallint("total").notNull(),
    percent: smallint("percent").notNull(),
    passed: boolean("passed").notNull(),
    /** The questions answered right (the analytics' pass rate per question; decision 081). */
    rightQuestionIds: text("right_question_ids").array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("quiz_attempts_user_quiz_idx").on(t.userId, t.quizId, t.createdAt),
    index("quiz_attempts_user_time_idx").on(t.userId, t.createdAt),
    index("quiz_attempts_quiz_idx").on(t.quizId),
  ],
);

/** A learning path (issue 30, part 4): ordered courses toward a goal. */
export const learningPaths = pgTable(
  "learning_paths",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    description: text("description").notNull(),
    difficulty: text("difficulty", { enum: ["beginner", "intermediate", "advanced"] }).notNull(),
    estimatedDurationDays: integer("estimated_duration_days").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    individualCourseDiscountPercent: smallint("individual_course_discount_percent").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    targetRole: text("target_role"),
    enrollmentCount: integer("enrollment_count").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("learning_paths_slug_key").on(t.slug),
    check("learning_paths_price_check", sql`${t.priceCents} >= 0`),
  ],
);

export const learningPathCourses = pgTable(
  "learning_path_courses",
  {
    pathId: uuid("path_id")
      .notNull()
      .references(() => learningPaths.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pathId, t.courseId] }),
    uniqueIndex("learning_path_courses_position_key").on(t.pathId, t.position),
  ],
);

/** A person on a path; their progress is their courses' (read, not stored twice). */
export const pathEnrollments = pgTable(
  "path_enrollments",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pathId: uuid("path_id")
      .notNull()
      .references(() => learningPaths.id, { onDelete: "cascade" }),
    enrolledAt: ts("enrolled_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pathId] })],
);

/**
 * A person's learning per day of their own calendar (issue 30, part 7; decision 081): the seconds of
 * lesson and quiz time credited that day and how many learning actions they took. Streaks are runs of
 * these days; the dashboard's learning time is their sum.
 */
export const learningDays = pgTable(
  "learning_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    seconds: integer("seconds").notNull().default(0),
    activities: integer("activities").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * What a person was last looking at in the learning hub and since when: the next learning action
 * credits the time in between, capped by that item's own cap, so an idle tab never counts.
 */
export const learningPresence = pgTable("learning_presence", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
  itemId: uuid("item_id"),
  capSeconds: integer("cap_seconds").notNull().default(0),
  at: ts("at").notNull(),
});
