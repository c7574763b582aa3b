import { sql } from "drizzle-orm";
import {
  completeLesson,
  curriculumOf,
  enrollInCourse,
  publishCourse,
  publishPath,
  submitQuiz,
} from "../app/commands/learning.server";
import { noteLearningVisit } from "../app/commands/learning-activity.server";
import { addCourseInstructor, appointInstructor } from "../app/commands/learning-instructors.server";
import { type Database, queryRows } from "./client";
import { DEMO_COURSES, DEMO_PATHS } from "./learning-content";
import { seedContinuingEducation } from "./seed-learning-ce";

/**
 * The learning hub's demo courses (issue 30, part 8), published by the app's own command, and a demo
 * homeowner part-way through the first, a lesson a day for four days (and the demo manager just
 * enrolled in it), and the demo board member who completed it, so holds its certificate (decision 077):
 * written once (a second run finds them and changes nothing).
 */
export async function seedLearning(db: Database, ids: Map<string, string>): Promise<void> {
  const published = [];
  for (const course of DEMO_COURSES) published.push(await publishCourse(db, course));
  for (const path of DEMO_PATHS) await publishPath(db, path);
  await seedContinuingEducation(db, ids);
  await seedInstructor(db, ids, published);
  const first = published[0];
  const learner = ids.get("homeowner@demo.test");
  const manager = ids.get("manager@demo.test");
  if (!first?.created || !learner || !manager) return;
  const day = 86_400_000;
  const start = Date.now() - 4 * day;
  await enrollInCourse(db, { userId: learner, courseId: first.id, now: new Date(start) });
  await enrollInCourse(db, { userId: manager, courseId: first.id });
  // The homeowner read a lesson a day for the last four days (a 4-day streak, real minutes): each
  // lesson opened, then completed some minutes later, through the same commands as the pages.
  const lessons = await queryRows<{ id: string; minutes: number }>(
    db,
    sql`select l.id, l.estimated_minutes as minutes from course_lessons l join course_modules m on m.id = l.module_id
        where l.course_id = ${first.id} order by m.position, l.position limit 4`,
  );
  for (const [i, lesson] of lessons.entries()) {
    const opened = start + (i + 1) * day - (lessons.length - i) * 3_600_000;
    const item = { kind: "lesson" as const, id: lesson.id, size: Number(lesson.minutes) };
    await noteLearningVisit(db, { userId: learner, courseId: first.id, item, now: new Date(opened) });
    const read = Math.min(Number(lesson.minutes), 12) * 60_000;
    await completeLesson(db, {
      userId: learner,
      courseId: first.id,
      lessonId: lesson.id,
      now: new Date(opened + read),
    });
  }
  const board = ids.get("board@demo.test");
  const def = DEMO_COURSES[0];
  if (board && def) await completeDemoCourse(db, board, first.id, def);
}

/**
 * The demo property manager is an instructor (decision 091), appointed by the demo administrator and on
 * the records-requests course: Manage Courses shows them that course (a second run changes nothing).
 */
async function seedInstructor(db: Database, ids: Map<string, string>, published: { id: string }[]) {
  const admin = ids.get("admin@demo.test");
  const manager = ids.get("manager@demo.test");
  const at = DEMO_COURSES.findIndex((c) => c.slug === "association-records-requests");
  const course = published[at];
  if (!admin || !manager || !course) return;
  const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${manager}`);
  if (!row) return;
  await appointInstructor(db, { email: row.email, appointedBy: admin }, { notify: false });
  await addCourseInstructor(db, course.id, manager, { notify: false });
}

/** Every lesson done and every quiz passed with the written answers: the certificate follows. */
async function completeDemoCourse(
  db: Database,
  userId: string,
  courseId: string,
  def: (typeof DEMO_COURSES)[number],
) {
  const at = new Date(Date.now() - 40 * 86_400_000);
  await enrollInCourse(db, { userId, courseId, now: at });
  const quizzes = def.modules.flatMap((m) => (m.quiz ? [m.quiz] : []));
  let quizIndex = 0;
  for (const item of await curriculumOf(db, courseId)) {
    if (item.kind === "lesson") {
      await completeLesson(db, { userId, courseId, lessonId: item.id, now: at });
      continue;
    }
    const quiz = quizzes[quizIndex++];
    if (!quiz) continue;
    const answers = Object.fromEntries(
      quiz.questions.map((q, i) => [`q${i + 1}`, q.correct.map((o) => `o${o + 1}`)]),
    );
    await submitQuiz(db, { userId, courseId, quizId: item.id, answers, now: at });
  }
}
