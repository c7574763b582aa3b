import { type Database, type Queryable, queryRows } from "@db/client";
import type { StoredQuizQuestion } from "@db/schema";
import { AUTHORING_MESSAGES, publishProblems } from "@domain/learning/authoring";
import {
  CE_LIMITS,
  CE_MESSAGES,
  type CeSubject,
  type LicenceTypeCode,
  subjectAllowed,
  subjectNotForType,
} from "@domain/learning/continuing-education";
import type { Difficulty } from "@domain/learning/courses";
import { sql } from "drizzle-orm";
import { type LearningRefusal, refreshProgress } from "~/commands/learning.server";

/**
 * Course authoring for admins (issue 30, part 2; decisions 083 and 084): a draft course is written piece
 * by piece (details, modules, lessons, quiz questions), then published or, once published, archived. Only
 * a draft's content changes: a published course changes through a new version, a draft revision that
 * is written the same way and, once published, replaces the course's content with lesson and quiz
 * identity carried across, so the people in progress keep what they did.
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
  /** The professional roles it is written for (recommendations). */
  targetRoles: string[];
  /** Months its certificate stays valid (null: never expires); certificates issued keep theirs. */
  certificateValidMonths: number | null;
}

const rolesArray = (roles: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(roles)}::jsonb))`;

/** The certificate's validity: on the course's certification row (made when first set). */
async function writeValidity(db: Queryable, courseId: string, months: number | null) {
  if (months === null)
    await db.execute(sql`update course_certifications set valid_months = null where course_id = ${courseId}`);
  else
    await db.execute(
      sql`insert into course_certifications (course_id, valid_months) values (${courseId}, ${months})
          on conflict (course_id) do update set valid_months = excluded.valid_months`,
    );
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

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** `work` in one transaction on a draft course, locked first: a course that is not a draft is refused. */
function inDraft<T>(
  db: Database,
  courseId: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T | LearningRefusal> {
  return db.transaction(async (tx) => (await lockDraft(tx, courseId)) ?? work(tx));
}

const isRevision = async (db: Queryable, courseId: string) =>
  (
    await queryRows<{ id: string }>(
      db,
      sql`select id from courses where id = ${courseId} and revision_of is not null`,
    )
  ).length > 0;

/** The estimated duration: the lessons' minutes plus two minutes a quiz question (as publishCourse). */
async function refreshMinutes(db: Queryable, courseId: string) {
  await db.execute(
    sql`update courses set updated_at = now(), estimated_minutes = greatest(1,
          coalesce((select sum(estimated_minutes) from course_lessons where course_id = ${courseId} and retired_at is null), 0)
          + 2 * coalesce((select sum(jsonb_array_length(questions)) from course_quizzes
              where course_id = ${courseId} and retired_at is null), 0))
        where id = ${courseId}`,
  );
}

/** A new draft course; an instructor who creates one is its first instructor (decision 091). */
export async function createDraftCourse(
  db: Database,
  details: CourseDetails,
  instructorId: string | null = null,
): Promise<{ ok: true; id: string } | LearningRefusal> {
  if (await slugTaken(db, details.slug, null)) return refuse("validation", AUTHORING_MESSAGES.slugTaken);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into courses (slug, title, short_description, description, difficulty, estimated_minutes,
          is_featured, provides_certification, price_cents, target_roles, status)
        values (${details.slug}, ${details.title}, ${details.shortDescription}, ${details.description},
          ${details.difficulty}, 1, ${details.isFeatured}, ${details.providesCertification}, ${details.priceCents},
          ${rolesArray(details.targetRoles)}, 'draft')
        on conflict (slug) do nothing
        returning id`,
  );
  if (!row) return refuse("validation", AUTHORING_MESSAGES.slugTaken);
  await writeValidity(db, row.id, details.certificateValidMonths);
  if (instructorId)
    await db.execute(
      sql`insert into course_instructors (course_id, user_id) values (${row.id}, ${instructorId})`,
    );
  return { ok: true, id: row.id };
}

export async function updateDraftCourse(
  db: Database,
  courseId: string,
  details: CourseDetails,
): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    // A new version keeps its course's address: its slug is not changed here (decision 084).
    const revision = await isRevision(tx, courseId);
    if (!revision && (await slugTaken(tx, details.slug, courseId)))
      return refuse("validation", AUTHORING_MESSAGES.slugTaken);
    await tx.execute(
      sql`update courses set slug = case when revision_of is null then ${details.slug} else slug end,
            title = ${details.title},
            short_description = ${details.shortDescription}, description = ${details.description},
            difficulty = ${details.difficulty}, price_cents = ${details.priceCents},
            is_featured = ${details.isFeatured}, provides_certification = ${details.providesCertification},
            target_roles = ${rolesArray(details.targetRoles)}, updated_at = now()
          where id = ${courseId}`,
    );
    await writeValidity(tx, courseId, details.certificateValidMonths);
    return { ok: true as const };
  });
}

export async function addModule(
  db: Database,
  courseId: string,
  title: string,
): Promise<{ ok: true; id: string } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
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
  return inDraft(db, courseId, async (tx) => {
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
  return inDraft(db, courseId, async (tx) => {
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
  return inDraft(db, courseId, async (tx) => {
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

/** What stops the draft from being published (publishProblems over its modules, lessons and quizzes). */
async function draftProblems(db: Queryable, courseId: string): Promise<string[]> {
  const modules = await queryRows<{ id: string; title: string; lessons: number }>(
    db,
    sql`select m.id, m.title, (select count(*) from course_lessons l where l.module_id = m.id)::int as lessons
        from course_modules m where m.course_id = ${courseId} order by m.position`,
  );
  const quizzes = await queryRows<{ module_id: string; title: string; questions: StoredQuizQuestion[] }>(
    db,
    sql`select module_id, title, questions from course_quizzes where course_id = ${courseId}`,
  );
  const quizOf = new Map(quizzes.map((q) => [q.module_id, q]));
  return publishProblems({
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
}

/** Publishes a draft that has what a course needs (publishProblems); refused with the problems otherwise. */
export async function publishDraft(db: Database, courseId: string): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    // A new version is published with publishVersion (its course's version checked).
    if (await isRevision(tx, courseId)) return refuse("conflict", AUTHORING_MESSAGES.versionStale);
    const problems = await draftProblems(tx, courseId);
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
  return inDraft(db, courseId, async (tx) => {
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
  return inDraft(db, courseId, async (tx) => {
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

/**
 * "New version" of a published course (decision 084): a draft revision with a copy of its modules,
 * lessons and quizzes, each remembering the row it copies. The form carries the version it was shown
 * (stale: 409), and a course has one draft revision at a time (a unique index holds it too).
 */
export async function startNewVersion(
  db: Database,
  courseId: string,
  expectedVersion: number,
): Promise<{ ok: true; id: string } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const [live] = await queryRows<{
      status: string;
      version: number;
      slug: string;
      revision_of: string | null;
    }>(tx, sql`select status, version, slug, revision_of from courses where id = ${courseId} for update`);
    if (!live) return refuse("not_found", "Course not found");
    if (live.status !== "published" || live.revision_of)
      return refuse("conflict", AUTHORING_MESSAGES.versionNeedsPublished);
    if (Number(live.version) !== expectedVersion) return refuse("conflict", AUTHORING_MESSAGES.versionStale);
    const [open] = await queryRows<{ id: string }>(
      tx,
      sql`select id from courses where revision_of = ${courseId}`,
    );
    if (open) return refuse("conflict", AUTHORING_MESSAGES.versionExists);
    const version = Number(live.version) + 1;
    const [draft] = await queryRows<{ id: string }>(
      tx,
      sql`insert into courses (slug, title, short_description, description, difficulty, estimated_minutes,
            price_cents, is_featured, provides_certification, target_roles, status, version, revision_of)
          select ${`${live.slug}~v${version}`}, title, short_description, description, difficulty,
            estimated_minutes, price_cents, is_featured, provides_certification, target_roles, 'draft',
            ${version}, id
          from courses where id = ${courseId}
          returning id`,
    );
    if (!draft) throw new Error("revision insert returned nothing");
    await tx.execute(
      sql`insert into course_certifications (course_id, valid_months, renews_course_id)
          select ${draft.id}, valid_months, renews_course_id from course_certifications where course_id = ${courseId}`,
    );
    // The CE hours in force (decision 090): edited in the revision, applied when it is published.
    await tx.execute(
      sql`insert into course_ce_credits (course_id, licence_type, subject, hours_tenths)
          select ${draft.id}, licence_type, subject, hours_tenths from course_ce_credits
          where course_id = ${courseId} and applies_until is null`,
    );
    await tx.execute(
      sql`insert into course_modules (course_id, position, title, source_module_id)
          select ${draft.id}, position, title, id from course_modules
          where course_id = ${courseId} and retired_at is null`,
    );
    await tx.execute(
      sql`insert into course_lessons (course_id, module_id, position, title, body_markdown, video_url,
            estimated_minutes, source_lesson_id)
          select ${draft.id}, m.id, l.position, l.title, l.body_markdown, l.video_url, l.estimated_minutes, l.id
          from course_lessons l join course_modules m on m.source_module_id = l.module_id and m.course_id = ${draft.id}
          where l.course_id = ${courseId} and l.retired_at is null`,
    );
    await tx.execute(
      sql`insert into course_quizzes (course_id, module_id, title, pass_percent, retry_cooldown_minutes,
            questions, source_quiz_id)
          select ${draft.id}, m.id, q.title, q.pass_percent, q.retry_cooldown_minutes, q.questions, q.id
          from course_quizzes q join course_modules m on m.source_module_id = q.module_id and m.course_id = ${draft.id}
          where q.course_id = ${courseId} and q.retired_at is null`,
    );
    return { ok: true as const, id: draft.id };
  });
}

/** Drops a draft revision (the published course is untouched). */
export async function discardVersion(
  db: Database,
  revisionId: string,
): Promise<{ ok: true; courseId: string } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const refused = await lockDraft(tx, revisionId);
    if (refused) return refused;
    const [gone] = await queryRows<{ revision_of: string }>(
      tx,
      sql`delete from courses where id = ${revisionId} and revision_of is not null returning revision_of`,
    );
    if (!gone) return refuse("not_found", "Course not found");
    return { ok: true as const, courseId: gone.revision_of };
  });
}

/**
 * Publishes a draft revision as its course's next version (decision 084). The course keeps its id,
 * so enrolments, purchases, paths, certificates and CE credits stay on it; the revision's modules,
 * lessons and quizzes replace its content: a copied row updates the row it copies (same id, so
 * completions and attempts still count), a new one is added, and a row left out is retired (out of
 * the course, its completions and attempts kept). Every active enrolment's progress is then worked out
 * again on the new content, which completes (and certifies) those who have done all it now holds.
 * The revision's CE hours apply from now (decision 090): earlier completions keep theirs.
 */
export async function publishVersion(
  db: Database,
  revisionId: string,
  expectedVersion: number,
  now: Date = new Date(),
): Promise<{ ok: true; courseId: string } | LearningRefusal> {
  return db.transaction(async (tx) => {
    const [head] = await queryRows<{ revision_of: string | null }>(
      tx,
      sql`select revision_of from courses where id = ${revisionId}`,
    );
    if (!head) return refuse("not_found", "Course not found");
    const courseId = head.revision_of;
    if (!courseId) return refuse("conflict", AUTHORING_MESSAGES.versionStale);
    // The active enrolments first (as a learner's completion locks their enrolment, then the course),
    // then the published course, then the revision.
    const active = await queryRows<{ user_id: string }>(
      tx,
      sql`select user_id from course_enrollments where course_id = ${courseId} and status = 'active'
          order by user_id for update`,
    );
    const [live] = await queryRows<{ status: string; version: number }>(
      tx,
      sql`select status, version from courses where id = ${courseId} for update`,
    );
    const refused = await lockDraft(tx, revisionId);
    if (refused) return refused;
    if (live?.status !== "published") return refuse("conflict", AUTHORING_MESSAGES.versionNeedsPublished);
    if (Number(live.version) !== expectedVersion) return refuse("conflict", AUTHORING_MESSAGES.versionStale);
    const problems = await draftProblems(tx, revisionId);
    if (problems.length > 0) return refuse("validation", problems.join(" "));
    const at = now.toISOString();

    // Modules: the live ones step aside (negative places), then take the revision's order.
    await tx.execute(
      sql`update course_modules set position = -position where course_id = ${courseId} and retired_at is null`,
    );
    const modules = await queryRows<{ id: string; title: string; source_module_id: string | null }>(
      tx,
      sql`select r.id, r.title, s.id as source_module_id from course_modules r
          left join course_modules s on s.id = r.source_module_id and s.course_id = ${courseId} and s.retired_at is null
          where r.course_id = ${revisionId} order by r.position`,
    );
    const target = new Map<string, string>();
    for (const [i, m] of modules.entries()) {
      const [row] = m.source_module_id
        ? await queryRows<{ id: string }>(
            tx,
            sql`update course_modules set position = ${i + 1}, title = ${m.title}
                where id = ${m.source_module_id} returning id`,
          )
        : await queryRows<{ id: string }>(
            tx,
            sql`insert into course_modules (course_id, position, title) values (${courseId}, ${i + 1}, ${m.title})
                returning id`,
          );
      if (!row) throw new Error("module write returned nothing");
      target.set(m.id, row.id);
    }
    // A live module the revision left out (still in a negative place) is retired.
    await tx.execute(
      sql`update course_modules set retired_at = ${at}
          where course_id = ${courseId} and retired_at is null and position < 0`,
    );

    // Lessons: the same, within their modules.
    await tx.execute(
      sql`update course_lessons set position = -position where course_id = ${courseId} and retired_at is null`,
    );
    const lessons = await queryRows<{
      module_id: string;
      title: string;
      body_markdown: string;
      video_url: string | null;
      estimated_minutes: number;
      source_lesson_id: string | null;
    }>(
      tx,
      sql`select r.module_id, r.title, r.body_markdown, r.video_url, r.estimated_minutes, s.id as source_lesson_id
          from course_lessons r join course_modules m on m.id = r.module_id
          left join course_lessons s on s.id = r.source_lesson_id and s.course_id = ${courseId} and s.retired_at is null
          where r.course_id = ${revisionId} order by m.position, r.position`,
    );
    const placed = new Map<string, number>();
    for (const l of lessons) {
      const moduleId = target.get(l.module_id) as string;
      const position = (placed.get(moduleId) ?? 0) + 1;
      placed.set(moduleId, position);
      if (l.source_lesson_id)
        await tx.execute(
          sql`update course_lessons set module_id = ${moduleId}, position = ${position}, title = ${l.title},
                body_markdown = ${l.body_markdown}, video_url = ${l.video_url}, estimated_minutes = ${l.estimated_minutes}
              where id = ${l.source_lesson_id}`,
        );
      else
        await tx.execute(
          sql`insert into course_lessons (course_id, module_id, position, title, body_markdown, video_url, estimated_minutes)
              values (${courseId}, ${moduleId}, ${position}, ${l.title}, ${l.body_markdown}, ${l.video_url},
                ${l.estimated_minutes})`,
        );
    }
    await tx.execute(
      sql`update course_lessons set retired_at = ${at}
          where course_id = ${courseId} and retired_at is null and position < 0`,
    );

    // Quizzes: the ones left out retire first (a module holds one live quiz), then the rest are written.
    const quizzes = await queryRows<{
      module_id: string;
      title: string;
      pass_percent: number;
      retry_cooldown_minutes: number;
      questions: StoredQuizQuestion[];
      source_quiz_id: string | null;
    }>(
      tx,
      sql`select r.module_id, r.title, r.pass_percent, r.retry_cooldown_minutes, r.questions, s.id as source_quiz_id
          from course_quizzes r
          left join course_quizzes s on s.id = r.source_quiz_id and s.course_id = ${courseId} and s.retired_at is null
          where r.course_id = ${revisionId}`,
    );
    const kept = quizzes.flatMap((q) => (q.source_quiz_id ? [q.source_quiz_id] : []));
    await tx.execute(
      sql`update course_quizzes set retired_at = ${at}
          where course_id = ${courseId} and retired_at is null
            and id <> all(array(select jsonb_array_elements_text(${JSON.stringify(kept)}::jsonb))::uuid[])`,
    );
    for (const q of quizzes) {
      const moduleId = target.get(q.module_id) as string;
      const questions = JSON.stringify(q.questions);
      if (q.source_quiz_id)
        await tx.execute(
          sql`update course_quizzes set module_id = ${moduleId}, title = ${q.title}, pass_percent = ${q.pass_percent},
                retry_cooldown_minutes = ${q.retry_cooldown_minutes}, questions = ${questions}::jsonb
              where id = ${q.source_quiz_id}`,
        );
      else
        await tx.execute(
          sql`insert into course_quizzes (course_id, module_id, title, pass_percent, retry_cooldown_minutes, questions)
              values (${courseId}, ${moduleId}, ${q.title}, ${q.pass_percent}, ${q.retry_cooldown_minutes},
                ${questions}::jsonb)`,
        );
    }

    // The course takes the revision's details and number (its address stays), and the revision goes.
    await tx.execute(
      sql`update courses c set title = r.title, short_description = r.short_description,
            description = r.description, difficulty = r.difficulty, price_cents = r.price_cents,
            is_featured = r.is_featured, provides_certification = r.provides_certification,
            target_roles = r.target_roles, version = r.version, updated_at = ${at}
          from courses r where r.id = ${revisionId} and c.id = ${courseId}`,
    );
    await tx.execute(
      sql`insert into course_certifications (course_id, valid_months, renews_course_id)
          select ${courseId}, valid_months, renews_course_id from course_certifications where course_id = ${revisionId}
          on conflict (course_id) do update set valid_months = excluded.valid_months`,
    );
    await applyCeCredits(tx, courseId, revisionId, at);
    await tx.execute(sql`delete from courses where id = ${revisionId}`);
    await refreshMinutes(tx, courseId);

    // Everyone in progress, on the new content (completed enrolments stay completed).
    for (const e of active) await refreshProgress(tx, e.user_id, courseId, now);
    return { ok: true as const, courseId };
  });
}

/** Edits a draft's lesson in place (its id, and so its place in people's progress, stays). */
export async function updateLesson(
  db: Database,
  courseId: string,
  lesson: { lessonId: string; title: string; minutes: number; body: string; videoUrl: string | null },
): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update course_lessons set title = ${lesson.title}, estimated_minutes = ${lesson.minutes},
            body_markdown = ${lesson.body}, video_url = ${lesson.videoUrl}
          where id = ${lesson.lessonId} and course_id = ${courseId} returning id`,
    );
    if (rows.length === 0) return refuse("not_found", "Lesson not found");
    await refreshMinutes(tx, courseId);
    return { ok: true as const };
  });
}

/** Edits a question of a draft's quiz in place: it keeps its id; its options are numbered again. */
export async function updateQuizQuestion(
  db: Database,
  courseId: string,
  input: {
    quizId: string;
    questionId: string;
    prompt: string;
    options: string[];
    correct: number[];
    explanation: string;
  },
): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    const [quiz] = await queryRows<{ questions: StoredQuizQuestion[] }>(
      tx,
      sql`select questions from course_quizzes where id = ${input.quizId} and course_id = ${courseId} for update`,
    );
    if (!quiz?.questions.some((q) => q.id === input.questionId))
      return refuse("not_found", "Question not found");
    const questions = quiz.questions.map(
      (q): StoredQuizQuestion =>
        q.id === input.questionId
          ? {
              id: q.id,
              prompt: input.prompt,
              kind: input.correct.length > 1 ? "multiple" : "single",
              options: input.options.map((text, o) => ({ id: `o${o + 1}`, text })),
              correct: input.correct.map((o) => `o${o + 1}`),
              ...(input.explanation ? { explanation: input.explanation } : {}),
            }
          : q,
    );
    await tx.execute(
      sql`update course_quizzes set questions = ${JSON.stringify(questions)}::jsonb where id = ${input.quizId}`,
    );
    return { ok: true as const };
  });
}

/** Renames a draft's module. */
export async function renameModule(
  db: Database,
  courseId: string,
  moduleId: string,
  title: string,
): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update course_modules set title = ${title} where id = ${moduleId} and course_id = ${courseId} returning id`,
    );
    return rows.length > 0 ? { ok: true as const } : refuse("not_found", "Module not found");
  });
}

/**
 * Moves a draft's module, or a lesson within its module, one place up or down (swapping with its
 * neighbour; at the top or bottom nothing changes). Three steps, so the unique places never clash.
 */
export async function moveItem(
  db: Database,
  courseId: string,
  input: { kind: "module" | "lesson"; id: string; direction: "up" | "down" },
): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    const table = input.kind === "module" ? sql.raw("course_modules") : sql.raw("course_lessons");
    const group = input.kind === "module" ? sql.raw("course_id") : sql.raw("module_id");
    const [item] = await queryRows<{ position: number; grp: string }>(
      tx,
      sql`select position, ${group} as grp from ${table} where id = ${input.id} and course_id = ${courseId}`,
    );
    if (!item) return refuse("not_found", input.kind === "module" ? "Module not found" : "Lesson not found");
    const [neighbour] = await queryRows<{ id: string; position: number }>(
      tx,
      input.direction === "up"
        ? sql`select id, position from ${table} where ${group} = ${item.grp} and position < ${item.position}
              order by position desc limit 1`
        : sql`select id, position from ${table} where ${group} = ${item.grp} and position > ${item.position}
              order by position limit 1`,
    );
    if (!neighbour) return { ok: true as const };
    await tx.execute(sql`update ${table} set position = -position where id = ${input.id}`);
    await tx.execute(sql`update ${table} set position = ${item.position} where id = ${neighbour.id}`);
    await tx.execute(sql`update ${table} set position = ${neighbour.position} where id = ${input.id}`);
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------------
// CE hours (decision 090): a draft's (or a revision's) credits are edited in place; publishing a
// version closes the course's credits it changes or drops and opens its own from that moment, so a
// completion keeps the hours in force when it was made.

export interface CeCreditInput {
  licenceType: LicenceTypeCode;
  subject: CeSubject;
  tenths: number;
}

/** Sets a draft's hours for a licence type and subject (added, or changed when it has some). */
export async function setCeCredit(
  db: Database,
  courseId: string,
  credit: CeCreditInput,
): Promise<{ ok: true } | LearningRefusal> {
  if (!subjectAllowed(credit.licenceType, credit.subject))
    return refuse("validation", subjectNotForType(credit.subject, credit.licenceType));
  if (!Number.isInteger(credit.tenths) || credit.tenths < 1 || credit.tenths > CE_LIMITS.creditTenthsMax)
    return refuse("validation", CE_MESSAGES.hoursInvalid);
  return inDraft(db, courseId, async (tx) => {
    // A draft has no completions: its credits are in force from the start (as the demo's).
    await tx.execute(
      sql`insert into course_ce_credits (course_id, licence_type, subject, hours_tenths)
          values (${courseId}, ${credit.licenceType}, ${credit.subject}, ${credit.tenths})
          on conflict (course_id, licence_type, subject) where applies_until is null
          do update set hours_tenths = excluded.hours_tenths`,
    );
    await tx.execute(sql`update courses set updated_at = now() where id = ${courseId}`);
    return { ok: true as const };
  });
}

/** Removes a draft's hours for a licence type and subject. */
export async function removeCeCredit(
  db: Database,
  courseId: string,
  credit: { licenceType: LicenceTypeCode; subject: CeSubject },
): Promise<{ ok: true } | LearningRefusal> {
  return inDraft(db, courseId, async (tx) => {
    const gone = await queryRows<{ subject: string }>(
      tx,
      sql`delete from course_ce_credits where course_id = ${courseId} and licence_type = ${credit.licenceType}
            and subject = ${credit.subject} and applies_until is null
          returning subject`,
    );
    if (gone.length === 0) return refuse("not_found", CE_MESSAGES.creditNotFound);
    await tx.execute(sql`update courses set updated_at = now() where id = ${courseId}`);
    return { ok: true as const };
  });
}

/**
 * A published version's CE hours become the course's from `at`: a credit in force that the revision
 * changed or dropped ends at `at` (one that began at `at` itself, never in force, goes), and the
 * revision's new or changed credits begin at `at`. Unchanged credits carry on as they are.
 */
async function applyCeCredits(db: Queryable, courseId: string, revisionId: string, at: string) {
  const changed = sql`k.course_id = ${courseId} and k.applies_until is null and not exists (
      select 1 from course_ce_credits r where r.course_id = ${revisionId} and r.licence_type = k.licence_type
        and r.subject = k.subject and r.hours_tenths = k.hours_tenths)`;
  await db.execute(
    sql`delete from course_ce_credits k where ${changed} and k.applies_from >= ${at}::timestamptz`,
  );
  await db.execute(sql`update course_ce_credits k set applies_until = ${at}::timestamptz where ${changed}`);
  await db.execute(
    sql`insert into course_ce_credits (course_id, licence_type, subject, hours_tenths, applies_from)
        select ${courseId}, r.licence_type, r.subject, r.hours_tenths, ${at}::timestamptz
        from course_ce_credits r where r.course_id = ${revisionId} and not exists (
          select 1 from course_ce_credits k where k.course_id = ${courseId} and k.applies_until is null
            and k.licence_type = r.licence_type and k.subject = r.subject)`,
  );
}
