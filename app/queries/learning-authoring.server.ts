import { type Queryable, queryRows } from "@db/client";
import type { StoredQuizQuestion } from "@db/schema";
import { sql } from "drizzle-orm";
import { micromark } from "micromark";
import { courseCeHours } from "~/queries/learning-ce.server";

/** Course authoring's reads (issue 30, part 2; decision 083): every course for admins, and one to edit. */

/** Every course for an administrator (null), or the courses an instructor is on (decision 091). */
export async function manageCourses(db: Queryable, instructorId: string | null) {
  return queryRows<{
    id: string;
    slug: string;
    title: string;
    status: string;
    enrollments: number;
    version: number;
    revision_id: string | null;
  }>(
    db,
    sql`select c.id, c.slug, c.title, c.status, c.enrollment_count as enrollments, c.version,
          (select r.id from courses r where r.revision_of = c.id) as revision_id
        from courses c where c.revision_of is null
          and (${instructorId}::uuid is null or exists (select 1 from course_instructors ci
            where ci.course_id = c.id and ci.user_id = ${instructorId}::uuid))
        order by case status when 'draft' then 0 when 'published' then 1 else 2 end, title`,
  );
}

/** A course with its modules, lessons (with their Markdown rendered by micromark: the preview) and quizzes. */
export async function authoringView(db: Queryable, courseId: string) {
  const [course] = await queryRows<{
    id: string;
    slug: string;
    title: string;
    short_description: string;
    description: string;
    difficulty: "beginner" | "intermediate" | "advanced";
    price_cents: number;
    is_featured: boolean;
    provides_certification: boolean;
    status: "draft" | "published" | "archived";
    version: number;
    revision_of: string | null;
    live_slug: string | null;
    live_title: string | null;
    live_version: number | null;
    revision_id: string | null;
    target_roles: string[];
    valid_months: number | null;
  }>(
    db,
    sql`select c.target_roles, cc.valid_months, c.id, c.slug, c.title, c.short_description, c.description, c.difficulty, c.price_cents,
          c.is_featured, c.provides_certification, c.status, c.version, c.revision_of,
          l.slug as live_slug, l.title as live_title, l.version as live_version,
          (select r.id from courses r where r.revision_of = c.id) as revision_id
        from courses c left join courses l on l.id = c.revision_of
        left join course_certifications cc on cc.course_id = c.id
        where c.id = ${courseId}`,
  );
  if (!course) return null;
  const [modules, lessons, quizzes, ceHours] = await Promise.all([
    queryRows<{ id: string; title: string }>(
      db,
      sql`select id, title from course_modules where course_id = ${courseId} and retired_at is null order by position`,
    ),
    queryRows<{
      id: string;
      module_id: string;
      title: string;
      minutes: number;
      body_markdown: string;
      video_url: string | null;
    }>(
      db,
      sql`select id, module_id, title, estimated_minutes as minutes, body_markdown, video_url
          from course_lessons where course_id = ${courseId} and retired_at is null order by position`,
    ),
    queryRows<{
      id: string;
      module_id: string;
      title: string;
      pass_percent: number;
      retry_cooldown_minutes: number;
      questions: StoredQuizQuestion[];
    }>(
      db,
      sql`select id, module_id, title, pass_percent, retry_cooldown_minutes, questions
          from course_quizzes where course_id = ${courseId} and retired_at is null`,
    ),
    courseCeHours(db, courseId),
  ]);
  return {
    course: {
      id: course.id,
      // A new version keeps its course's address (decision 084).
      slug: course.live_slug ?? course.slug,
      title: course.title,
      shortDescription: course.short_description,
      description: course.description,
      difficulty: course.difficulty,
      priceCents: Number(course.price_cents),
      isFeatured: course.is_featured,
      providesCertification: course.provides_certification,
      status: course.status,
      version: Number(course.version),
      targetRoles: course.target_roles,
      certificateValidMonths: course.valid_months === null ? null : Number(course.valid_months),
    },
    /** Set when this draft is a new version: the published course it will replace the content of. */
    versionOf: course.revision_of
      ? { id: course.revision_of, title: course.live_title ?? "", version: Number(course.live_version) }
      : null,
    /** A published course's new version being written, if any. */
    revisionId: course.revision_id,
    /** Its CE hours per licence type and subject (decision 090). */
    ceHours,
    modules: modules.map((m) => {
      const quiz = quizzes.find((q) => q.module_id === m.id);
      return {
        id: m.id,
        title: m.title,
        lessons: lessons
          .filter((l) => l.module_id === m.id)
          .map((l) => ({
            id: l.id,
            title: l.title,
            minutes: Number(l.minutes),
            videoUrl: l.video_url,
            body: l.body_markdown,
            html: micromark(l.body_markdown),
          })),
        quiz: quiz
          ? {
              id: quiz.id,
              title: quiz.title,
              passPercent: Number(quiz.pass_percent),
              retryCooldownMinutes: Number(quiz.retry_cooldown_minutes),
              questions: quiz.questions,
            }
          : null,
      };
    }),
  };
}
