import { type Database, type Queryable, queryRows } from "@db/client";
import type { StoredQuizQuestion } from "@db/schema";
import { AUTHORING_MESSAGES, publishProblems } from "@domain/learning/authoring";
import type { Difficulty } from "@domain/learning/courses";
import { sql } from "drizzle-orm";
import type { LearningRefusal } from "~/commands/learning.server";

/**
 * Course authoring for admins (issue 30, part 2; decision 083): a draft course is written piece by
 * piece (details, modules, lessons, quiz questions), then published or, once published, archived. Only
 * a draft's content changes: a published course's lessons and quizzes stay as people took them.
 */

const refuse = (kind: LearningRefusal["kind"], message: string): LearningRefusal => ({
  ok: false,
  kind,
  message,
});

export interface CourseDetails {
  title: string;
  slug: string;
  shortDescription: string;
  description: string;
  difficulty: Difficulty;
  priceCents: number;
  isFeatured: boolean;
  providesCertification: boolean;
}

const slugTaken = async (db: Queryable, slug: string, except: string | null) =>
  (
    await queryRows<{ id: string }>(
      db,
      sql`select id from courses where slug = ${slug} and id is distinct from ${except}::uuid`,
    )
  ).length > 0;

/** Locks the course; a refusal unless it is a draft. */
async function lockDraft(db: Queryable, courseId: string): Promise<LearningRefusal | null> {
  const [row] = await queryRows<{ status: string }>(
    db,
    sql`select status from courses where id = ${courseId} for update`,
  );
  if (!row) return refuse("not_found", "Course not found");
  return row.status === "draft" ? null : refuse("conflict", AUTHORING_MESSAGES.notDraft);
}

/** The estimated duration: the lessons' minutes plus two minutes a quiz question (as publishCourse). */
async function refreshMinutes(db: Queryable, courseId: string) {
  await db.execute(
    sql`update courses set updated_at = now(), estimated_minutes = greatest(1,
          coalesce((select sum(estimated_minutes) from course_lessons where course_id = ${courseId}), 0)
          + 2 * coalesce((select sum(jsonb_array_length(questions)) from course_quizzes where course_id = ${courseId}), 0))
        where id = ${courseId}`,
  );
}

export async function createDraftCourse(
  db: Database,
  details: CourseDetails,
): Promise<{ ok: true; id: string } | LearningRefusal> {
  if (await slugTaken(db, details.slug, null)) return refuse("validation", AUTHORING_MESSAGES.slugTaken);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into courses (slug, title, short_description, description, difficulty, estimated_minutes,
          is_featured, provides_certification, price_cents, status)
        values (${details.slug}, ${details.title}, ${details.shortDescription}, ${details.description},
          ${details.difficulty}, 1, ${details.isFeatured}, ${details.providesCertification}, ${details.priceCents}, 'draft')
        on conflict (slug) do nothing
        returning id`,
  );
  if (!row) return refuse("validation", AUTHORING_MESSAGES.slugTaken);
  return { ok: true, id: row.id };
}

export async function updateDraftCourse(
  db: Database,
  courseId: string,
  details: CourseDetails,
): Promise<{ ok: true } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    if (await slugTaken(tx, details.slug, courseId))
      return refuse("validation", AUTHORING_MESSAGES.slugTaken);
    await tx.execute(
      sql`update courses set slug = ${details.slug}, title = ${details.title},
            short_description = ${details.shortDescription}, description = ${details.description},
            difficulty = ${details.difficulty}, price_cents = ${details.priceCents},
            is_featured = ${details.isFeatured}, provides_certification = ${details.providesCertification},
            updated_at = now()
          where id = ${courseId}`,
    );
    return { ok: true as const };
  });
}

export async function addModule(
  db: Database,
  courseId: string,
  title: string,
): Promise<{ ok: true; id: string } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into course_modules (course_id, position, title)
          values (${courseId}, (select coalesce(max(position), 0) + 1 from course_modules where course_id = ${courseId}), ${title})
          returning id`,
    );
    if (!row) throw new Error("module insert returned nothing");
    return { ok: true as const, id: row.id };
  });
}

/** The module's course when it is the given course's (null: not one of its modules). */
async function moduleOf(db: Queryable, courseId: string, moduleId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from course_modules where id = ${moduleId} and course_id = ${courseId}`,
  );
  return row ?? null;
}

export async function addLesson(
  db: Database,
  courseId: string,
  lesson: { moduleId: string; title: string; minutes: number; body: string; videoUrl: string | null },
): Promise<{ ok: true; id: string } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    if (!(await moduleOf(tx, courseId, lesson.moduleId)))
      return refuse("validation", AUTHORING_MESSAGES.moduleUnknown);
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into course_lessons (course_id, module_id, position, title, body_markdown, video_url, estimated_minutes)
          values (${courseId}, ${lesson.moduleId},
            (select coalesce(max(position), 0) + 1 from course_lessons where module_id = ${lesson.moduleId}),
            ${lesson.title}, ${lesson.body}, ${lesson.videoUrl}, ${lesson.minutes})
          returning id`,
    );
    if (!row) throw new Error("lesson insert returned nothing");
    await refreshMinutes(tx, courseId);
    return { ok: true as const, id: row.id };
  });
}

export async function deleteLesson(
  db: Database,
  courseId: string,
  lessonId: string,
): Promise<{ ok: true } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    const gone = await queryRows<{ id: string }>(
      tx,
      sql`delete from course_lessons where id = ${lessonId} and course_id = ${courseId} returning id`,
    );
    if (gone.length === 0) return refuse("not_found", "Lesson not found");
    await refreshMinutes(tx, courseId);
    return { ok: true as const };
  });
}

/**
 * Adds a question to the module's quiz, creating the quiz (with its title, pass mark and wait) when the
 * module has none; when it has one, the quiz's title, pass mark and wait are updated too.
 */
export async function addQuizQuestion(
  db: Database,
  courseId: string,
  input: {
    moduleId: string;
    quizTitle: string;
    passPercent: number;
    retryCooldownMinutes: number;
    prompt: string;
    options: string[];
    correct: number[];
    explanation: string;
  },
): Promise<{ ok: true; quizId: string } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    if (!(await moduleOf(tx, courseId, input.moduleId)))
      return refuse("validation", AUTHORING_MESSAGES.moduleUnknown);
    const [quiz] = await queryRows<{ id: string; questions: StoredQuizQuestion[] }>(
      tx,
      sql`select id, questions from course_quizzes where module_id = ${input.moduleId} for update`,
    );
    const existing = quiz?.questions ?? [];
    const next = existing.reduce((n, q) => Math.max(n, Number(q.id.replace(/\D/g, "")) || 0), 0) + 1;
    const question: StoredQuizQuestion = {
      id: `q${next}`,
      prompt: input.prompt,
      kind: input.correct.length > 1 ? "multiple" : "single",
      options: input.options.map((text, o) => ({ id: `o${o + 1}`, text })),
      correct: input.correct.map((o) => `o${o + 1}`),
      ...(input.explanation ? { explanation: input.explanation } : {}),
    };
    const questions = JSON.stringify([...existing, question]);
    const [row] = quiz
      ? await queryRows<{ id: string }>(
          tx,
          sql`update course_quizzes set title = ${input.quizTitle}, pass_percent = ${input.passPercent},
                retry_cooldown_minutes = ${input.retryCooldownMinutes}, questions = ${questions}::jsonb
              where id = ${quiz.id} returning id`,
        )
      : await queryRows<{ id: string }>(
          tx,
          sql`insert into course_quizzes (course_id, module_id, title, pass_percent, retry_cooldown_minutes, questions)
              values (${courseId}, ${input.moduleId}, ${input.quizTitle}, ${input.passPercent},
                ${input.retryCooldownMinutes}, ${questions}::jsonb)
              returning id`,
        );
    if (!row) throw new Error("quiz write returned nothing");
    await refreshMinutes(tx, courseId);
    return { ok: true as const, quizId: row.id };
  });
}

/** Publishes a draft that has what a course needs (publishProblems); refused with the problems otherwise. */
export async function publishDraft(db: Database, courseId: string): Promise<{ ok: true } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    const modules = await queryRows<{ id: string; title: string; lessons: number }>(
      tx,
      sql`select m.id, m.title, (select count(*) from course_lessons l where l.module_id = m.id)::int as lessons
          from course_modules m where m.course_id = ${courseId} order by m.position`,
    );
    const quizzes = await queryRows<{ module_id: string; title: string; questions: StoredQuizQuestion[] }>(
      tx,
      sql`select module_id, title, questions from course_quizzes where course_id = ${courseId}`,
    );
    const quizOf = new Map(quizzes.map((q) => [q.module_id, q]));
    const problems = publishProblems({
      modules: modules.map((m) => {
        const q = quizOf.get(m.id);
        return {
          title: m.title,
          lessons: Number(m.lessons),
          quiz: q
            ? {
                title: q.title,
                questions: q.questions.map((x) => ({ options: x.options.length, correct: x.correct.length })),
              }
            : null,
        };
      }),
    });
    if (problems.length > 0) return refuse("validation", problems.join(" "));
    await refreshMinutes(tx, courseId);
    await tx.execute(sql`update courses set status = 'published', updated_at = now() where id = ${courseId}`);
    return { ok: true as const };
  });
}

/** Archives a published course: out of the catalogue and closed to new enrolments; enrolled people keep it. */
export async function archiveCourse(db: Database, courseId: string): Promise<{ ok: true } | LearningRefusal> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update courses set status = 'archived', updated_at = now()
        where id = ${courseId} and status = 'published' returning id`,
  );
  return rows.length > 0 ? { ok: true } : refuse("conflict", AUTHORING_MESSAGES.notPublished);
}

/** Removes a draft's module with its lessons and quiz; the later modules move up. */
export async function deleteModule(
  db: Database,
  courseId: string,
  moduleId: string,
): Promise<{ ok: true } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    const [gone] = await queryRows<{ position: number }>(
      tx,
      sql`delete from course_modules where id = ${moduleId} and course_id = ${courseId} returning position`,
    );
    if (!gone) return refuse("not_found", "Module not found");
    // Two steps, so the unique (course, position) never sees two modules at one place.
    await tx.execute(
      sql`update course_modules set position = -position where course_id = ${courseId} and position > ${gone.position}`,
    );
    await tx.execute(
      sql`update course_modules set position = -position - 1 where course_id = ${courseId} and position < 0`,
    );
    await refreshMinutes(tx, courseId);
    return { ok: true as const };
  });
}

/** Removes a question from a draft's quiz; the quiz goes with its last question. */
export async function deleteQuizQuestion(
  db: Database,
  courseId: string,
  quizId: string,
  questionId: string,
): Promise<{ ok: true } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, courseId);
    if (refused) return refused;
    const [quiz] = await queryRows<{ questions: StoredQuizQuestion[] }>(
      tx,
      sql`select questions from course_quizzes where id = ${quizId} and course_id = ${courseId} for update`,
    );
    const rest = quiz?.questions.filter((q) => q.id !== questionId);
    if (!quiz || !rest || rest.length === quiz.questions.length)
      return refuse("not_found", "Question not found");
    if (rest.length === 0) await tx.execute(sql`delete from course_quizzes where id = ${quizId}`);
    else
      await tx.execute(
        sql`update course_quizzes set questions = ${JSON.stringify(rest)}::jsonb where id = ${quizId}`,
      );
    await refreshMinutes(tx, courseId);
    return { ok: true as const };
  });
}
