import { type Queryable, queryRows } from "@db/client";
import type { StoredQuizQuestion } from "@db/schema";
import {
  type CatalogueParams,
  courseProgress,
  type Difficulty,
  type PathState,
  pathProgress,
  retryWaitMinutes,
} from "@domain/learning/courses";
import { averageRating, pathRating } from "@domain/learning/reviews";
import { sql } from "drizzle-orm";
import { micromark } from "micromark";
import { curriculumOf, doneItems } from "~/commands/learning.server";
import { CE_TENTHS_COLUMN } from "~/queries/learning-ce.server";

/**
 * The learning hub's reads (issue 30; decision 076). Only published courses show; a quiz's correct
 * options and explanations never leave here before the person has submitted an attempt.
 */

export interface CourseCard {
  id: string;
  slug: string;
  title: string;
  shortDescription: string;
  difficulty: Difficulty;
  estimatedMinutes: number;
  priceCents: number;
  isFeatured: boolean;
  providesCertification: boolean;
  enrollmentCount: number;
  completionCount: number;
  /** Spec 002 average_rating (one decimal; null: no ratings) and review_count (decision 078). */
  averageRating: number | null;
  reviewCount: number;
  ratingSum: number;
  enrollment: { status: "active" | "completed"; progressPercent: number } | null;
  /** Continuing-education hours in tenths (the most any licence type gives it; 0: none). */
  ceTenths: number;
}

interface CardRow {
  id: string;
  slug: string;
  title: string;
  short_description: string;
  difficulty: Difficulty;
  estimated_minutes: number;
  price_cents: number;
  is_featured: boolean;
  provides_certification: boolean;
  enrollment_count: number;
  completion_count: number;
  rating_sum: number | null;
  review_count: number | null;
  status: "active" | "completed" | null;
  progress_percent: number | null;
  ce_tenths: number | null;
}

const cardOf = (r: CardRow): CourseCard => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  shortDescription: r.short_description,
  difficulty: r.difficulty,
  estimatedMinutes: Number(r.estimated_minutes),
  priceCents: Number(r.price_cents),
  isFeatured: r.is_featured,
  providesCertification: r.provides_certification,
  enrollmentCount: Number(r.enrollment_count),
  completionCount: Number(r.completion_count),
  averageRating: averageRating({
    ratingSum: Number(r.rating_sum ?? 0),
    reviewCount: Number(r.review_count ?? 0),
  }),
  reviewCount: Number(r.review_count ?? 0),
  ratingSum: Number(r.rating_sum ?? 0),
  enrollment: r.status ? { status: r.status, progressPercent: Number(r.progress_percent) } : null,
  ceTenths: Number(r.ce_tenths ?? 0),
});

const CARD_COLUMNS = sql`c.id, c.slug, c.title, c.short_description, c.difficulty, c.estimated_minutes, c.price_cents,
  c.is_featured, c.provides_certification, c.enrollment_count, c.completion_count, e.status, e.progress_percent,
  (select rt.rating_sum from course_rating_totals rt where rt.course_id = c.id) as rating_sum,
  (select rt.review_count from course_rating_totals rt where rt.course_id = c.id) as review_count, ${CE_TENTHS_COLUMN}`;

/** The catalogue: published courses matching the filters, featured first, then by title. */
export async function listCourses(
  db: Queryable,
  userId: string,
  params: CatalogueParams,
): Promise<CourseCard[]> {
  const like = `%${params.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_COLUMNS}
        from courses c
        left join course_enrollments e on e.course_id = c.id and e.user_id = ${userId}
        where c.status = 'published'
          and (${params.search} = '' or c.title ilike ${like} or c.short_description ilike ${like})
          and (${params.difficulty}::text is null or c.difficulty = ${params.difficulty})
          and (not ${params.certification} or c.provides_certification)
          and (not ${params.featured} or c.is_featured)
        order by c.is_featured desc, c.title
        limit 200`,
  );
  return rows.map(cardOf);
}

export interface CurriculumEntry {
  kind: "lesson" | "quiz";
  id: string;
  title: string;
  minutes: number;
  done: boolean;
}

export interface CourseView {
  course: CourseCard & { description: string };
  modules: { id: string; title: string; items: CurriculumEntry[] }[];
  /** The first item not done (Continue goes there), or null when all are (Review starts again). */
  next: { kind: "lesson" | "quiz"; id: string } | null;
  first: { kind: "lesson" | "quiz"; id: string } | null;
  currentModuleId: string | null;
}

/** A published course (or an archived one the person is enrolled in) by slug with its modules, items and the person's progress (null: no such course). */
export async function courseView(db: Queryable, userId: string, slug: string): Promise<CourseView | null> {
  const [row] = await queryRows<CardRow & { description: string }>(
    db,
    sql`select ${CARD_COLUMNS}, c.description
        from courses c left join course_enrollments e on e.course_id = c.id and e.user_id = ${userId}
        where c.slug = ${slug}
          -- An archived course stays open to the people enrolled in it (decision 083).
          and (c.status = 'published' or (c.status = 'archived' and e.user_id is not null))`,
  );
  if (!row) return null;
  const [modules, lessons, quizzes, items, done] = await Promise.all([
    queryRows<{ id: string; title: string }>(
      db,
      sql`select id, title from course_modules where course_id = ${row.id} and retired_at is null order by position`,
    ),
    queryRows<{ id: string; title: string; minutes: number }>(
      db,
      sql`select id, title, estimated_minutes as minutes from course_lessons
          where course_id = ${row.id} and retired_at is null`,
    ),
    queryRows<{ id: string; title: string; questions: number }>(
      db,
      sql`select id, title, jsonb_array_length(questions) as questions from course_quizzes
          where course_id = ${row.id} and retired_at is null`,
    ),
    curriculumOf(db, row.id),
    doneItems(db, userId, row.id),
  ]);
  const lesson = new Map(lessons.map((l) => [l.id, l]));
  const quiz = new Map(quizzes.map((q) => [q.id, q]));
  const progress = courseProgress(items, done);
  return {
    course: { ...cardOf(row), description: row.description },
    modules: modules.map((m) => ({
      id: m.id,
      title: m.title,
      items: items
        .filter((i) => i.moduleId === m.id)
        .map((i) => {
          const l = lesson.get(i.id);
          const q = quiz.get(i.id);
          return {
            kind: i.kind,
            id: i.id,
            title: l?.title ?? q?.title ?? "",
            minutes: l ? Number(l.minutes) : 2 * Number(q?.questions ?? 0),
            done: done.has(i.id),
          };
        }),
    })),
    next: progress.next ? { kind: progress.next.kind, id: progress.next.id } : null,
    first: items[0] ? { kind: items[0].kind, id: items[0].id } : null,
    currentModuleId: progress.currentModuleId,
  };
}

/** The items before and after `itemId` in the course's order, for Previous and Next. */
function neighbours(view: CourseView, itemId: string) {
  const all = view.modules.flatMap((m) => m.items);
  const at = all.findIndex((i) => i.id === itemId);
  return { previous: at > 0 ? all[at - 1] : null, next: at >= 0 && at < all.length - 1 ? all[at + 1] : null };
}

/**
 * A lesson of a course with its Markdown rendered to HTML by micromark, which escapes raw HTML and
 * drops dangerous link protocols (javascript:, data:), so the body can be shown as is.
 */
export async function lessonView(db: Queryable, userId: string, slug: string, lessonId: string) {
  const view = await courseView(db, userId, slug);
  if (!view) return null;
  const [lesson] = await queryRows<{
    id: string;
    title: string;
    body_markdown: string;
    video_url: string | null;
    minutes: number;
    module_title: string;
  }>(
    db,
    sql`select l.id, l.title, l.body_markdown, l.video_url, l.estimated_minutes as minutes, m.title as module_title
        from course_lessons l join course_modules m on m.id = l.module_id
        where l.id = ${lessonId} and l.course_id = ${view.course.id} and l.retired_at is null`,
  );
  if (!lesson) return null;
  const done = view.modules.some((m) => m.items.some((i) => i.id === lesson.id && i.done));
  return {
    view,
    lesson: {
      id: lesson.id,
      title: lesson.title,
      moduleTitle: lesson.module_title,
      html: micromark(lesson.body_markdown),
      videoUrl: lesson.video_url && /^https:\/\//.test(lesson.video_url) ? lesson.video_url : null,
      minutes: Number(lesson.minutes),
      done,
    },
    ...neighbours(view, lesson.id),
  };
}

export interface QuizAttemptResult {
  percent: number;
  score: number;
  total: number;
  passed: boolean;
  createdAt: string;
  /** Per question, after the submission: what was chosen, what was right, and the explanation. */
  questions: {
    id: string;
    chosen: string[];
    correct: string[];
    right: boolean;
    explanation: string | null;
  }[];
}

/**
 * A quiz for the person: its questions with their options only (never which are right), and the
 * result of their latest attempt (right or wrong per question; the right options and explanations
 * once passed), and the minutes to wait after a failed one.
 */
export async function quizView(
  db: Queryable,
  userId: string,
  slug: string,
  quizId: string,
  now = new Date(),
) {
  const view = await courseView(db, userId, slug);
  if (!view) return null;
  const [quiz] = await queryRows<{
    id: string;
    title: string;
    pass_percent: number;
    retry_cooldown_minutes: number;
    questions: StoredQuizQuestion[];
    module_title: string;
  }>(
    db,
    sql`select q.id, q.title, q.pass_percent, q.retry_cooldown_minutes, q.questions, m.title as module_title
        from course_quizzes q join course_modules m on m.id = q.module_id
        where q.id = ${quizId} and q.course_id = ${view.course.id} and q.retired_at is null`,
  );
  if (!quiz) return null;
  const [last] = await queryRows<{
    answers: Record<string, string[]>;
    score: number;
    total: number;
    percent: number;
    passed: boolean;
    created_at: string;
  }>(
    db,
    sql`select answers, score, total, percent, passed, created_at from quiz_attempts
        where user_id = ${userId} and quiz_id = ${quiz.id} order by created_at desc limit 1`,
  );
  const [{ passed_ever = false } = {}] = await queryRows<{ passed_ever: boolean }>(
    db,
    sql`select exists (select 1 from quiz_attempts where user_id = ${userId} and quiz_id = ${quiz.id} and passed) as passed_ever`,
  );
  const result: QuizAttemptResult | null = last
    ? {
        percent: Number(last.percent),
        score: Number(last.score),
        total: Number(last.total),
        passed: last.passed,
        createdAt: new Date(last.created_at).toISOString(),
        questions: quiz.questions.map((q) => {
          const chosen = [...(last.answers[q.id] ?? [])].sort();
          const correct = [...q.correct].sort();
          // Which options were right shows once the quiz is passed; after a fail only what was wrong,
          // so the next attempt is not a copy of the answers.
          return {
            id: q.id,
            chosen,
            correct: last.passed ? correct : [],
            right: chosen.length === correct.length && chosen.every((c, i) => c === correct[i]),
            explanation: last.passed ? (q.explanation ?? null) : null,
          };
        }),
      }
    : null;
  return {
    view,
    quiz: {
      id: quiz.id,
      title: quiz.title,
      moduleTitle: quiz.module_title,
      passPercent: Number(quiz.pass_percent),
      questions: quiz.questions.map((q) => ({
        id: q.id,
        prompt: q.prompt,
        kind: q.kind,
        options: q.options,
      })),
      passedEver: Boolean(passed_ever),
    },
    result,
    waitMinutes: retryWaitMinutes(
      last && !last.passed ? new Date(last.created_at) : null,
      Number(quiz.retry_cooldown_minutes),
      now,
    ),
    ...neighbours(view, quiz.id),
  };
}

export interface PathCard {
  id: string;
  slug: string;
  title: string;
  shortDescription: string;
  difficulty: Difficulty;
  estimatedDurationDays: number;
  priceCents: number;
  isFeatured: boolean;
  enrollmentCount: number;
  courseCount: number;
  /** Derived from its courses' ratings (decision 078): their mean, and how many there are. */
  averageRating: number | null;
  reviewCount: number;
  /** The person's state and progress (from their courses'). */
  state: PathState;
  progressPercent: number;
  completedCourses: number;
}

interface PathRow {
  id: string;
  slug: string;
  title: string;
  short_description: string;
  description: string;
  difficulty: Difficulty;
  estimated_duration_days: number;
  price_cents: number;
  is_featured: boolean;
  enrollment_count: number;
  enrolled: boolean;
}

/** Each path's courses in order with the person's progress in them (one query for all the paths). */
async function pathCourses(db: Queryable, userId: string, pathIds: readonly string[]) {
  if (pathIds.length === 0) return new Map<string, (CourseCard & { completed: boolean })[]>();
  const rows = await queryRows<CardRow & { path_id: string }>(
    db,
    sql`select lpc.path_id, ${CARD_COLUMNS}
        from learning_path_courses lpc
        join courses c on c.id = lpc.course_id and c.status = 'published'
        left join course_enrollments e on e.course_id = c.id and e.user_id = ${userId}
        where lpc.path_id in (select jsonb_array_elements_text(${JSON.stringify(pathIds)}::jsonb)::uuid)
        order by lpc.path_id, lpc.position`,
  );
  const out = new Map<string, (CourseCard & { completed: boolean })[]>();
  for (const r of rows) {
    const card = { ...cardOf(r), completed: r.status === "completed" };
    const list = out.get(r.path_id);
    if (list) list.push(card);
    else out.set(r.path_id, [card]);
  }
  return out;
}

function pathCardOf(r: PathRow, courses: (CourseCard & { completed: boolean })[]): PathCard {
  const progress = pathProgress(
    courses.map((c) => ({
      id: c.id,
      progressPercent: c.enrollment?.progressPercent ?? 0,
      completed: c.completed,
    })),
  );
  const rating = pathRating(courses);
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    shortDescription: r.short_description,
    difficulty: r.difficulty,
    estimatedDurationDays: Number(r.estimated_duration_days),
    priceCents: Number(r.price_cents),
    isFeatured: r.is_featured,
    enrollmentCount: Number(r.enrollment_count),
    courseCount: courses.length,
    averageRating: rating.average,
    reviewCount: rating.count,
    state: !r.enrolled ? "not_enrolled" : progress.complete ? "completed" : "enrolled",
    progressPercent: r.enrolled ? progress.percent : 0,
    completedCourses: progress.completedCourses,
  };
}

/** The paths, featured first, with the person's state in each. */
export async function listPaths(db: Queryable, userId: string): Promise<PathCard[]> {
  const rows = await queryRows<PathRow>(
    db,
    sql`select lp.id, lp.slug, lp.title, lp.short_description, lp.description, lp.difficulty,
          lp.estimated_duration_days, lp.price_cents, lp.is_featured, lp.enrollment_count,
          exists (select 1 from path_enrollments pe where pe.path_id = lp.id and pe.user_id = ${userId}) as enrolled
        from learning_paths lp order by lp.is_featured desc, lp.title limit 100`,
  );
  const courses = await pathCourses(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => pathCardOf(r, courses.get(r.id) ?? []));
}

/** A path by slug: its card, description and courses with the person's progress (null: no such path). */
export async function pathView(db: Queryable, userId: string, slug: string) {
  const [row] = await queryRows<PathRow>(
    db,
    sql`select lp.id, lp.slug, lp.title, lp.short_description, lp.description, lp.difficulty,
          lp.estimated_duration_days, lp.price_cents, lp.is_featured, lp.enrollment_count,
          exists (select 1 from path_enrollments pe where pe.path_id = lp.id and pe.user_id = ${userId}) as enrolled
        from learning_paths lp where lp.slug = ${slug}`,
  );
  if (!row) return null;
  const courses = (await pathCourses(db, userId, [row.id])).get(row.id) ?? [];
  const path = pathCardOf(row, courses);
  const current = courses.find((c) => !c.completed) ?? null;
  return {
    path: { ...path, description: row.description },
    courses,
    currentCourseSlug: current?.slug ?? null,
  };
}
