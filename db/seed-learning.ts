import { sql } from "drizzle-orm";
import { completeLesson, enrollInCourse, publishCourse, publishPath } from "../app/commands/learning.server";
import { type Database, queryRows } from "./client";
import { DEMO_COURSES, DEMO_PATHS } from "./learning-content";
import { seedContinuingEducation } from "./seed-learning-ce";

/**
 * The learning hub's demo courses (issue 30, part 8), published by the app's own command, and a demo
 * homeowner part-way through the first (and the demo manager just enrolled in it): written once (a second run finds them and changes nothing).
 */
export async function seedLearning(db: Database, ids: Map<string, string>): Promise<void> {
  const published = [];
  for (const course of DEMO_COURSES) published.push(await publishCourse(db, course));
  for (const path of DEMO_PATHS) await publishPath(db, path);
  await seedContinuingEducation(db, ids);
  const first = published[0];
  const learner = ids.get("homeowner@demo.test");
  const manager = ids.get("manager@demo.test");
  if (!first?.created || !learner || !manager) return;
  await enrollInCourse(db, { userId: learner, courseId: first.id });
  await enrollInCourse(db, { userId: manager, courseId: first.id });
  const [lesson] = await queryRows<{ id: string }>(
    db,
    sql`select l.id from course_lessons l join course_modules m on m.id = l.module_id
        where l.course_id = ${first.id} order by m.position, l.position limit 1`,
  );
  if (lesson) await completeLesson(db, { userId: learner, courseId: first.id, lessonId: lesson.id });
}
