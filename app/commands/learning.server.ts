import { type Database, type Queryable, queryRows } from "@db/client";
import type { StoredQuizQuestion } from "@db/schema";
import { COMMERCE_MESSAGES } from "@domain/learning/commerce";
import {
  type CurriculumItem,
  courseProgress,
  type Difficulty,
  gradeQuiz,
  LEARNING_MESSAGES,
  type QuizGrade,
  retryWaitMinutes,
} from "@domain/learning/courses";
import { sql } from "drizzle-orm";
import { recordLearningActivity } from "~/commands/learning-activity.server";
import { certifyCompletion } from "~/commands/learning-certificates.server";
import { courseOpenTo, pathPaidBy } from "~/queries/learning-commerce.server";

/**
 * The learning hub's commands (issue 30, parts 1 and 3; decision 076): publish a course from its
 * definition, enrol, complete a lesson, submit a quiz. The enrolment row is locked first, so a
 * person's parallel submissions queue, and the course's counters move in the transaction that changes
 * what they count.
 */

export type LearningRefusal = {
  ok: false;
  kind: "validation" | "not_found" | "authorization" | "conflict" | "cooldown";
  message: string;
  /** For "cooldown": seconds until another attempt (the 429's Retry-After). */
  retryAfterSeconds?: number;
};

const refuse = (
  kind: LearningRefusal["kind"],
  message: string,
  retryAfterSeconds?: number,
): LearningRefusal => ({
  ok: false,
  kind,
  message,
  ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
});

/** A course as written (the demo courses; the authoring screens of part 2 will write the same). */
export interface CourseDefinition {
  slug: string;
  title: string;
  shortDescription: string;
  description: string;
  difficulty: Difficulty;
  isFeatured?: boolean;
  providesCertification?: boolean;
  /** The professional roles it is written for (role types; recommendations). */
  targetRoles?: string[];
  /** Months its certificate is valid (null or unset: never expires); decision 077. */
  certificateValidMonths?: number | null;
  /** A refresher: completing it renews the certificate of the course with this slug (decision 077). */
  renewsCourseSlug?: string;
  /** Paid enrolment (decision 078): the price in cents; unset or 0 is Free. */
  priceCents?: number;
  modules: {
    title: string;
    lessons: { title: string; minutes: number; body: string; videoUrl?: string }[];
    quiz?: {
      title: string;
      passPercent: number;
      retryCooldownMinutes?: number;
      questions: {
        prompt: string;
        /** The options; `correct` holds the indexes of the right ones (several: a multiple-choice question). */
        options: string[];
        correct: number[];
        explanation?: string;
      }[];
    };
  }[];
}

/**
 * Publishes a course from its definition, once per slug (a second call finds it and changes nothing).
 * Its estimated duration is the sum of its lessons' minutes plus two minutes a quiz question.
 */
export async function publishCourse(
  db: Database,
  def: CourseDefinition,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from courses where slug = ${def.slug}`,
    );
    if (existing) return { id: existing.id, created: false };
    const minutes =
      def.modules.reduce(
        (sum, m) => sum + m.lessons.reduce((s, l) => s + l.minutes, 0) + 2 * (m.quiz?.questions.length ?? 0),
        0,
      ) || 1;
    const [course] = await queryRows<{ id: string }>(
      tx,
      sql`insert into courses (slug, title, short_description, description, difficulty, estimated_minutes,
            is_featured, provides_certification, target_roles, price_cents)
          values (${def.slug}, ${def.title}, ${def.shortDescription}, ${def.description}, ${def.difficulty},
            ${minutes}, ${def.isFeatured ?? false}, ${def.providesCertification ?? false},
            array(select jsonb_array_elements_text(${JSON.stringify(def.targetRoles ?? [])}::jsonb)), ${def.priceCents ?? 0})
          returning id`,
    );
    if (!course) throw new Error("course insert returned nothing");
    if (def.certificateValidMonths || def.renewsCourseSlug)
      await tx.execute(
        sql`insert into course_certifications (course_id, valid_months, renews_course_id)
            values (${course.id}, ${def.certificateValidMonths ?? null},
              (select id from courses where slug = ${def.renewsCourseSlug ?? null}))`,
      );
    for (const [m, mod] of def.modules.entries()) {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into course_modules (course_id, position, title) values (${course.id}, ${m + 1}, ${mod.title})
            returning id`,
      );
      if (!row) throw new Error("module insert returned nothing");
      for (const [l, lesson] of mod.lessons.entries())
        await tx.execute(
          sql`insert into course_lessons (course_id, module_id, position, title, body_markdown, video_url, estimated_minutes)
              values (${course.id}, ${row.id}, ${l + 1}, ${lesson.title}, ${lesson.body}, ${lesson.videoUrl ?? null},
                ${lesson.minutes})`,
        );
      if (mod.quiz) {
        const questions: StoredQuizQuestion[] = mod.quiz.questions.map((q, i) => ({
          id: `q${i + 1}`,
          prompt: q.prompt,
          kind: q.correct.length > 1 ? "multiple" : "single",
          options: q.options.map((text, o) => ({ id: `o${o + 1}`, text })),
          correct: q.correct.map((o) => `o${o + 1}`),
          ...(q.explanation ? { explanation: q.explanation } : {}),
        }));
        await tx.execute(
          sql`insert into course_quizzes (course_id, module_id, title, pass_percent, retry_cooldown_minutes, questions)
              values (${course.id}, ${row.id}, ${mod.quiz.title}, ${mod.quiz.passPercent},
                ${mod.quiz.retryCooldownMinutes ?? 10}, ${JSON.stringify(questions)}::jsonb)`,
        );
      }
    }
    return { id: course.id, created: true };
  });
}

/** The course's items in order: each module's lessons, then its quiz (left out by a later version: not). */
export async function curriculumOf(db: Queryable, courseId: string): Promise<CurriculumItem[]> {
  return queryRows<CurriculumItem>(
    db,
    sql`select kind, id, "moduleId" from (
          select 'lesson' as kind, l.id, l.module_id as "moduleId", m.position as mp, l.position as ip
            from course_lessons l join course_modules m on m.id = l.module_id
            where l.course_id = ${courseId} and l.retired_at is null
          union all
          select 'quiz' as kind, q.id, q.module_id as "moduleId", m.position as mp, 32767 as ip
            from course_quizzes q join course_modules m on m.id = q.module_id
            where q.course_id = ${courseId} and q.retired_at is null
        ) items order by mp, ip`,
  );
}

/** What the person has done of the course: lessons completed and quizzes passed. */
export async function doneItems(db: Queryable, userId: string, courseId: string): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select lesson_id as id from lesson_completions where user_id = ${userId} and course_id = ${courseId}
        union
        select quiz_id as id from quiz_attempts where user_id = ${userId} and course_id = ${courseId} and passed`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The enrolment, locked (null: not enrolled). */
async function lockEnrollment(tx: Queryable, userId: string, courseId: string) {
  const [row] = await queryRows<{ status: "active" | "completed" }>(
    tx,
    sql`select status from course_enrollments where user_id = ${userId} and course_id = ${courseId} for update`,
  );
  return row ?? null;
}

/**
 * Writes the enrolment's progress from what is done; a first completion counts on the course (and
 * issues its certificate). Also run for every active enrolment when a new version is published.
 */
export async function refreshProgress(tx: Queryable, userId: string, courseId: string, now: Date) {
  const progress = courseProgress(await curriculumOf(tx, courseId), await doneItems(tx, userId, courseId));
  const [before] = await queryRows<{ status: string }>(
    tx,
    sql`select status from course_enrollments where user_id = ${userId} and course_id = ${courseId}`,
  );
  const completing = progress.complete && before?.status !== "completed";
  await tx.execute(
    sql`update course_enrollments set progress_percent = ${progress.percent},
          current_module_id = ${progress.currentModuleId}, last_accessed_at = ${now.toISOString()},
          status = case when ${progress.complete} then 'completed' else status end,
          completed_at = case when ${completing} then ${now.toISOString()}::timestamptz else completed_at end
        where user_id = ${userId} and course_id = ${courseId}`,
  );
  if (completing) {
    await tx.execute(sql`update courses set completion_count = completion_count + 1 where id = ${courseId}`);
    // Its certificate (or a refresher's renewal) in the same transaction (decision 077).
    await certifyCompletion(tx, userId, courseId, now);
  }
  return { ...progress, completedNow: completing };
}

/**
 * Enrols in a published course: a free one at once, a priced one only when it is open to the person
 * (bought, or through a paid path: decision 078); a second enrolment changes nothing.
 */
export async function enrollInCourse(
  db: Database,
  input: { userId: string; courseId: string; now?: Date },
): Promise<{ ok: true; created: boolean } | LearningRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [course] = await queryRows<{ price_cents: number }>(
      tx,
      sql`select price_cents from courses where id = ${input.courseId} and status = 'published' for update`,
    );
    if (!course) return refuse("not_found", LEARNING_MESSAGES.notFound);
    if (Number(course.price_cents) > 0 && !(await courseOpenTo(tx, input.userId, input.courseId)))
      return refuse("conflict", COMMERCE_MESSAGES.needsPayment);
    const [first] = await curriculumOf(tx, input.courseId);
    const inserted = await queryRows<{ one: number }>(
      tx,
      sql`insert into course_enrollments (user_id, course_id, current_module_id, enrolled_at, last_accessed_at)
          values (${input.userId}, ${input.courseId}, ${first?.moduleId ?? null}, ${now.toISOString()}, ${now.toISOString()})
          on conflict do nothing returning 1 as one`,
    );
    if (inserted.length === 0) return { ok: true as const, created: false };
    await tx.execute(
      sql`update courses set enrollment_count = enrollment_count + 1 where id = ${input.courseId}`,
    );
    return { ok: true as const, created: true };
  });
}

/** Marks a lesson of the course complete (again: nothing changes) and moves the progress. */
export async function completeLesson(
  db: Database,
  input: { userId: string; courseId: string; lessonId: string; now?: Date },
): Promise<{ ok: true; percent: number; completedNow: boolean } | LearningRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await lockEnrollment(tx, input.userId, input.courseId)))
      return refuse("conflict", LEARNING_MESSAGES.enrollFirst);
    const [lesson] = await queryRows<{ id: string; estimated_minutes: number }>(
      tx,
      sql`select id, estimated_minutes from course_lessons
          where id = ${input.lessonId} and course_id = ${input.courseId} and retired_at is null`,
    );
    if (!lesson) return refuse("not_found", LEARNING_MESSAGES.lessonNotFound);
    await recordLearningActivity(tx, {
      userId: input.userId,
      courseId: input.courseId,
      item: { kind: "lesson", id: lesson.id, size: Number(lesson.estimated_minutes) },
      now,
    });
    await tx.execute(
      sql`insert into lesson_completions (user_id, lesson_id, course_id, completed_at)
          values (${input.userId}, ${input.lessonId}, ${input.courseId}, ${now.toISOString()}) on conflict do nothing`,
    );
    const progress = await refreshProgress(tx, input.userId, input.courseId, now);
    return { ok: true as const, percent: progress.percent, completedNow: progress.completedNow };
  });
}

/**
 * Grades a quiz submission on the server and records the attempt. After a failed attempt the next
 * waits the quiz's cool-down (refused with the minutes left); a passed quiz counts toward progress.
 */
export async function submitQuiz(
  db: Database,
  input: { userId: string; courseId: string; quizId: string; answers: Record<string, string[]>; now?: Date },
): Promise<
  | ({ ok: true; attemptId: string; completedNow: boolean } & Extract<QuizGrade, { ok: true }>)
  | LearningRefusal
> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await lockEnrollment(tx, input.userId, input.courseId)))
      return refuse("conflict", LEARNING_MESSAGES.enrollFirst);
    const [quiz] = await queryRows<{
      pass_percent: number;
      retry_cooldown_minutes: number;
      questions: StoredQuizQuestion[];
    }>(
      tx,
      sql`select pass_percent, retry_cooldown_minutes, questions from course_quizzes
          where id = ${input.quizId} and course_id = ${input.courseId} and retired_at is null`,
    );
    if (!quiz) return refuse("not_found", LEARNING_MESSAGES.quizNotFound);
    const [last] = await queryRows<{ passed: boolean; created_at: string }>(
      tx,
      sql`select passed, created_at from quiz_attempts where user_id = ${input.userId} and quiz_id = ${input.quizId}
          order by created_at desc limit 1`,
    );
    const wait = retryWaitMinutes(
      last && !last.passed ? new Date(last.created_at) : null,
      Number(quiz.retry_cooldown_minutes),
      now,
    );
    if (wait > 0) {
      const seconds = Math.ceil(
        (new Date(last?.created_at as string).getTime() +
          Number(quiz.retry_cooldown_minutes) * 60_000 -
          now.getTime()) /
          1000,
      );
      return refuse("cooldown", LEARNING_MESSAGES.retryIn(wait), Math.max(1, seconds));
    }
    const grade = gradeQuiz(quiz.questions, input.answers, Number(quiz.pass_percent));
    if (!grade.ok) return refuse("validation", grade.error);
    const right = grade.questions.filter((q) => q.right).map((q) => q.questionId);
    const [attempt] = await queryRows<{ id: string }>(
      tx,
      sql`insert into quiz_attempts (user_id, quiz_id, course_id, answers, score, total, percent, passed,
            right_question_ids, created_at)
          values (${input.userId}, ${input.quizId}, ${input.courseId}, ${JSON.stringify(input.answers)}::jsonb,
            ${grade.score}, ${grade.total}, ${grade.percent}, ${grade.passed},
            array(select jsonb_array_elements_text(${JSON.stringify(right)}::jsonb)), ${now.toISOString()})
          returning id`,
    );
    await recordLearningActivity(tx, {
      userId: input.userId,
      courseId: input.courseId,
      item: { kind: "quiz", id: input.quizId, size: quiz.questions.length },
      now,
    });
    if (!attempt) throw new Error("attempt insert returned nothing");
    const progress = await refreshProgress(tx, input.userId, input.courseId, now);
    return { ...grade, ok: true as const, attemptId: attempt.id, completedNow: progress.completedNow };
  });
}

/** A learning path as written (the demo paths): its courses by slug, in order. */
export interface PathDefinition {
  slug: string;
  title: string;
  shortDescription: string;
  description: string;
  difficulty: Difficulty;
  estimatedDurationDays: number;
  isFeatured?: boolean;
  targetRole?: string;
  /** Paid enrolment (decision 078): the path's price in cents and its courses' in-path discount. */
  priceCents?: number;
  individualCourseDiscountPercent?: number;
  courseSlugs: string[];
}

/** Publishes a path over published courses, once per slug. */
export async function publishPath(
  db: Database,
  def: PathDefinition,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from learning_paths where slug = ${def.slug}`,
    );
    if (existing) return { id: existing.id, created: false };
    const found = await queryRows<{ id: string; slug: string }>(
      tx,
      sql`select id, slug from courses where slug in (select jsonb_array_elements_text(${JSON.stringify(def.courseSlugs)}::jsonb))`,
    );
    const bySlug = new Map(found.map((c) => [c.slug, c.id]));
    const missing = def.courseSlugs.filter((s) => !bySlug.has(s));
    if (missing.length > 0) throw new Error(`path ${def.slug}: no such courses ${missing.join(", ")}`);
    const [path] = await queryRows<{ id: string }>(
      tx,
      sql`insert into learning_paths (slug, title, short_description, description, difficulty, estimated_duration_days,
            is_featured, target_role, price_cents, individual_course_discount_percent)
          values (${def.slug}, ${def.title}, ${def.shortDescription}, ${def.description}, ${def.difficulty},
            ${def.estimatedDurationDays}, ${def.isFeatured ?? false}, ${def.targetRole ?? null}, ${def.priceCents ?? 0},
            ${def.individualCourseDiscountPercent ?? 0})
          returning id`,
    );
    if (!path) throw new Error("path insert returned nothing");
    for (const [i, slug] of def.courseSlugs.entries())
      await tx.execute(
        sql`insert into learning_path_courses (path_id, course_id, position) values (${path.id}, ${bySlug.get(slug)}, ${i + 1})`,
      );
    return { id: path.id, created: true };
  });
}

/**
 * Starts a free path (spec 002: Start Path), or a paid one the person bought (decision 078): the path enrolment and the enrolment in its first course,
 * in one transaction; a second start changes nothing. Returns the first course's id.
 */
export async function startPath(
  db: Database,
  input: { userId: string; pathId: string; now?: Date },
): Promise<{ ok: true; created: boolean; firstCourseId: string | null } | LearningRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [path] = await queryRows<{ price_cents: number }>(
      tx,
      sql`select price_cents from learning_paths where id = ${input.pathId} for update`,
    );
    if (!path) return refuse("not_found", LEARNING_MESSAGES.pathNotFound);
    if (Number(path.price_cents) > 0 && !(await pathPaidBy(tx, input.userId, input.pathId)))
      return refuse("conflict", COMMERCE_MESSAGES.pathNeedsPayment);
    const inserted = await queryRows<{ one: number }>(
      tx,
      sql`insert into path_enrollments (user_id, path_id, enrolled_at) values (${input.userId}, ${input.pathId}, ${now.toISOString()})
          on conflict do nothing returning 1 as one`,
    );
    if (inserted.length > 0)
      await tx.execute(
        sql`update learning_paths set enrollment_count = enrollment_count + 1 where id = ${input.pathId}`,
      );
    const [first] = await queryRows<{ course_id: string }>(
      tx,
      sql`select lpc.course_id from learning_path_courses lpc join courses c on c.id = lpc.course_id and c.status = 'published'
          where lpc.path_id = ${input.pathId} order by lpc.position limit 1`,
    );
    return { ok: true as const, created: inserted.length > 0, firstCourseId: first?.course_id ?? null };
  });
}
