import { type Queryable, queryRows } from "@db/client";
import type { StoredQuizQuestion } from "@db/schema";
import { sql } from "drizzle-orm";
import { micromark } from "micromark";

/** Course authoring's reads (issue 30, part 2; decision 083): every course for admins, and one to edit. */

export async function manageCourses(db: Queryable) {
  return queryRows<{ id: string; slug: string; title: string; status: string; enrollments: number }>(
    db,
    sql`select id, slug, title, status, enrollment_count as enrollments from courses
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
  }>(
    db,
    sql`select id, slug, title, short_description, description, difficulty, price_cents, is_featured,
          provides_certification, status from courses where id = ${courseId}`,
  );
  if (!course) return null;
  const [modules, lessons, quizzes] = await Promise.all([
    queryRows<{ id: string; title: string }>(
      db,
      sql`select id, title from course_modules where course_id = ${courseId} order by position`,
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
          from course_lessons where course_id = ${courseId} order by position`,
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
          from course_quizzes where course_id = ${courseId}`,
    ),
  ]);
  return {
    course: {
      id: course.id,
      slug: course.slug,
      title: course.title,
      shortDescription: course.short_description,
      description: course.description,
      difficulty: course.difficulty,
      priceCents: Number(course.price_cents),
      isFeatured: course.is_featured,
      providesCertification: course.provides_certification,
      status: course.status,
    },
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
