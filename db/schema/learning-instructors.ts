import { index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { courses } from "./learning";

/**
 * Instructors (issue 30, part 2; decision 091): an administrator appoints a person as an instructor of
 * the learning hub, and adds instructors to courses. An instructor writes the courses they are on (and
 * the ones they create), with the same authoring page as an administrator; removing the appointment
 * takes them off every course at once.
 */
export const learningInstructors = pgTable("learning_instructors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  appointedBy: uuid("appointed_by").references(() => users.id, { onDelete: "set null" }),
  appointedAt: ts("appointed_at").notNull().defaultNow(),
});

/** The instructors of a course (its published row: a draft revision is written by the same people). */
export const courseInstructors = pgTable(
  "course_instructors",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => learningInstructors.userId, { onDelete: "cascade" }),
    addedAt: ts("added_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_instructors_user_idx").on(t.userId)],
);
