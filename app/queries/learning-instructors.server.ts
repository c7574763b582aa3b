import { type Queryable, queryRows } from "@db/client";
import { sql } from "drizzle-orm";

/** Instructors' reads (issue 30, part 2; decision 091). */

export async function isInstructor(db: Queryable, userId: string): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from learning_instructors where user_id = ${userId}`,
  );
  return rows.length > 0;
}

/** Whether the person is an instructor of the course (or of the course a revision is a version of). */
export async function instructsCourse(db: Queryable, userId: string, courseId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from courses c
        join course_instructors ci on ci.course_id = coalesce(c.revision_of, c.id) and ci.user_id = ${userId}
        where c.id = ${courseId}`,
  );
  return rows.length > 0;
}

export interface InstructorRow {
  user_id: string;
  name: string;
  email: string;
  /** The day of the appointment (UTC). */
  appointed_on: string;
  courses: number;
}

const NAME = sql`coalesce(nullif(p.full_name, ''), u.email)`;

/** Every appointed instructor with the number of courses they are on. */
export async function listInstructors(db: Queryable) {
  return queryRows<InstructorRow>(
    db,
    sql`select i.user_id, ${NAME} as name, u.email, to_char(i.appointed_at at time zone 'UTC', 'YYYY-MM-DD') as appointed_on,
          (select count(*)::int from course_instructors ci where ci.user_id = i.user_id) as courses
        from learning_instructors i join users u on u.id = i.user_id
        left join user_profiles p on p.id = u.id
        order by name, u.email`,
  );
}

/** A course's instructors (kept on its published row when it is a revision). */
export async function courseInstructorRows(db: Queryable, courseId: string) {
  return queryRows<{ user_id: string; name: string; email: string }>(
    db,
    sql`select ci.user_id, ${NAME} as name, u.email
        from courses c join course_instructors ci on ci.course_id = coalesce(c.revision_of, c.id)
        join users u on u.id = ci.user_id left join user_profiles p on p.id = u.id
        where c.id = ${courseId}
        order by name, u.email`,
  );
}
