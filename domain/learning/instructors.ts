/**
 * Instructors (issue 30, part 2; decision 091): who may write a course. An administrator writes every
 * course and decides who the instructors are; an appointed instructor writes the courses they are on
 * and the ones they create, but does not archive a course, feature it in the catalogue or change who
 * its instructors are. Pure: the route asks with what it read.
 */

export type AuthoringRole = "admin" | "instructor";

/** The course page's forms an instructor may not send (the catalogue's curation and the staffing). */
export const ADMIN_ONLY_INTENTS = ["archive", "addInstructor", "removeInstructor"] as const;

export function mayAuthor(role: AuthoringRole, intent: string): boolean {
  return role === "admin" || !(ADMIN_ONLY_INTENTS as readonly string[]).includes(intent);
}

export const INSTRUCTOR_LIMITS = { emailMax: 254 } as const;

export const INSTRUCTOR_MESSAGES = {
  emailInvalid: "Enter the e-mail address of the person's account.",
  noAccount: "No account uses this e-mail address.",
  alreadyInstructor: "This person is already an instructor.",
  appointed: "Instructor appointed",
  removed: "Instructor removed",
  chooseInstructor: "Choose an instructor.",
  notInstructor: "This person is not an instructor. Appoint them on Manage Courses first.",
  alreadyOnCourse: "This instructor is already on the course.",
  courseAdded: "Instructor added to the course",
  courseRemoved: "Instructor taken off the course",
  adminsOnly: "Only an administrator can do this.",
  notYours: "You are not an instructor of this course.",
} as const;
