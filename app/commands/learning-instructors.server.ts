import { type Queryable, queryRows } from "@db/client";
import { INSTRUCTOR_MESSAGES as M } from "@domain/learning/instructors";
import { sql } from "drizzle-orm";
import type { LearningRefusal } from "~/commands/learning.server";
import { notify } from "~/commands/notifications.server";

/**
 * Instructors (issue 30, part 2; decision 091): an administrator appoints a person, by their account's
 * e-mail address, and adds appointed instructors to courses (a course's published row; its draft
 * revision is written by the same people). Each change tells the person, in its transaction.
 */

type Refusal = LearningRefusal & { fieldErrors?: Record<string, string[]> };

const refuse = (kind: LearningRefusal["kind"], message: string, field?: string): Refusal => ({
  ok: false,
  kind,
  message,
  ...(field ? { fieldErrors: { [field]: [message] } } : {}),
});

/** Appoints the person with this e-mail address an instructor of the learning hub. */
export async function appointInstructor(
  db: Queryable,
  input: { email: string; appointedBy: string },
  options: { notify: boolean } = { notify: true },
): Promise<{ ok: true; userId: string } | Refusal> {
  const [person] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where lower(email) = lower(${input.email}) and disabled_at is null`,
  );
  if (!person) return refuse("validation", M.noAccount, "email");
  const [row] = await queryRows<{ user_id: string }>(
    db,
    sql`insert into learning_instructors (user_id, appointed_by) values (${person.id}, ${input.appointedBy})
        on conflict (user_id) do nothing returning user_id`,
  );
  if (!row) return refuse("validation", M.alreadyInstructor, "email");
  if (options.notify)
    await notify(db, {
      userId: person.id,
      type: "instructor_appointed",
      title: "You are an instructor on the learning hub",
      body: "You can create courses and write the courses an administrator adds you to.",
      actionUrl: "/learning-hub/manage",
    });
  return { ok: true, userId: person.id };
}

/** Ends an appointment: the person is taken off every course with it. */
export async function removeInstructor(db: Queryable, userId: string): Promise<{ ok: true } | Refusal> {
  const gone = await queryRows<{ user_id: string }>(
    db,
    sql`delete from learning_instructors where user_id = ${userId} returning user_id`,
  );
  return gone.length > 0 ? { ok: true } : refuse("not_found", M.notInstructor);
}

/** The published (or first draft) row a course's instructors are kept on: a revision's course. */
async function courseRoot(db: Queryable, courseId: string) {
  const [row] = await queryRows<{ id: string; title: string }>(
    db,
    sql`select coalesce(r.id, c.id) as id, coalesce(r.title, c.title) as title
        from courses c left join courses r on r.id = c.revision_of where c.id = ${courseId}`,
  );
  return row ?? null;
}

/** Puts an appointed instructor on a course. */
export async function addCourseInstructor(
  db: Queryable,
  courseId: string,
  userId: string,
  options: { notify: boolean } = { notify: true },
): Promise<{ ok: true } | Refusal> {
  const course = await courseRoot(db, courseId);
  if (!course) return refuse("not_found", "Course not found");
  const [appointed] = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from learning_instructors where user_id = ${userId}`,
  );
  if (!appointed) return refuse("validation", M.notInstructor, "userId");
  const [row] = await queryRows<{ user_id: string }>(
    db,
    sql`insert into course_instructors (course_id, user_id) values (${course.id}, ${userId})
        on conflict do nothing returning user_id`,
  );
  if (!row) return refuse("validation", M.alreadyOnCourse, "userId");
  if (options.notify)
    await notify(db, {
      userId,
      type: "instructor_appointed",
      title: `You are an instructor of ${course.title}`,
      body: "You can now write this course on Manage Courses.",
      actionUrl: `/learning-hub/manage/${course.id}`,
    });
  return { ok: true };
}

export async function removeCourseInstructor(
  db: Queryable,
  courseId: string,
  userId: string,
): Promise<{ ok: true } | Refusal> {
  const course = await courseRoot(db, courseId);
  if (!course) return refuse("not_found", "Course not found");
  const gone = await queryRows<{ user_id: string }>(
    db,
    sql`delete from course_instructors where course_id = ${course.id} and user_id = ${userId} returning user_id`,
  );
  return gone.length > 0 ? { ok: true } : refuse("not_found", M.notInstructor);
}
