import { sql } from "drizzle-orm";
import { completeLesson, curriculumOf, enrollInCourse, submitQuiz } from "../app/commands/learning.server";
import { setCourseCeCredits } from "../app/commands/learning-ce.server";
import { type Database, queryRows } from "./client";
import { DEMO_CE_CREDITS } from "./learning-content";
import type { StoredQuizQuestion } from "./schema";

const DAY = 86_400_000;

/**
 * Continuing education's demo (issue 30, part 6): the demo courses' CE hours, and the demo manager's
 * Florida CAM licence with four courses completed through the app's own commands (three two days ago,
 * one two years ago, in the previous period). Written once: a second run finds the licence and stops.
 */
export async function seedContinuingEducation(db: Database, ids: Map<string, string>, now = new Date()) {
  const courses = await queryRows<{ id: string; slug: string }>(db, sql`select id, slug from courses`);
  const bySlug = new Map(courses.map((c) => [c.slug, c.id]));
  for (const [slug, credits] of Object.entries(DEMO_CE_CREDITS)) {
    const id = bySlug.get(slug);
    if (id) await setCourseCeCredits(db, id, credits);
  }
  const manager = ids.get("manager@demo.test");
  if (!manager) return;
  const [licence] = await queryRows<{ id: string }>(
    db,
    sql`insert into professional_licences (user_id, licence_type, licence_number)
        values (${manager}, 'fl-cam', 'CAM 0012345') on conflict do nothing returning id`,
  );
  if (!licence) return;
  const done: [string, Date][] = [
    // Budgeting Basics, not the (paid) vendor insurance course: the same 0.7 insurance and financial hours.
    ["association-budgeting-basics", new Date(now.getTime() - 2 * DAY)],
    ["association-records-requests", new Date(now.getTime() - 2 * DAY)],
    ["collections-and-delinquency", new Date(now.getTime() - 2 * DAY)],
    ["reading-a-reserve-study", new Date(now.getTime() - 740 * DAY)],
  ];
  for (const [slug, at] of done) {
    const courseId = bySlug.get(slug);
    if (courseId) await completeCourse(db, manager, courseId, at);
  }
}

/** Enrols (if need be) and completes every lesson and passes every quiz of a course, at `at`. */
export async function completeCourse(db: Database, userId: string, courseId: string, at: Date) {
  const enrolled = await enrollInCourse(db, { userId, courseId, now: at });
  // A refused enrolment (a priced course) would leave the demo's hours silently short.
  if (!enrolled.ok) throw new Error(`demo CE course ${courseId}: ${enrolled.message}`);
  for (const item of await curriculumOf(db, courseId)) {
    if (item.kind === "lesson") {
      await completeLesson(db, { userId, courseId, lessonId: item.id, now: at });
      continue;
    }
    const [quiz] = await queryRows<{ questions: StoredQuizQuestion[] }>(
      db,
      sql`select questions from course_quizzes where id = ${item.id}`,
    );
    const answers = Object.fromEntries((quiz?.questions ?? []).map((q) => [q.id, q.correct]));
    await submitQuiz(db, { userId, courseId, quizId: item.id, answers, now: at });
  }
}
