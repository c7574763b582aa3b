import { type AuthoringRole, INSTRUCTOR_MESSAGES } from "@domain/learning/instructors";
import { getDb } from "~/db.server";
import { instructsCourse, isInstructor } from "~/queries/learning-instructors.server";
import { type ActiveViewer, forbidden, requireContext } from "./guards.server";

/**
 * Course authoring's guard (issue 30, part 2; decision 091): an administrator (an admin context that may
 * verify users, as requireAdmin) writes every course; an appointed instructor, in any of their
 * contexts, writes the courses they are on. Everyone else gets 403.
 */
export interface AuthoringViewer extends ActiveViewer {
  authoring: AuthoringRole;
}

export async function requireAuthoring(request: Request, courseId?: string): Promise<AuthoringViewer> {
  const viewer = await requireContext(request);
  if (viewer.context.contextType === "admin" && viewer.permissions.can_verify_users)
    return { ...viewer, authoring: "admin" };
  const db = await getDb();
  // On a course: one query (a course's instructors are appointed ones: ending an appointment removes them).
  if (courseId !== undefined) {
    if (!(await instructsCourse(db, viewer.user.id, courseId))) {
      if (!(await isInstructor(db, viewer.user.id))) forbidden();
      forbidden(INSTRUCTOR_MESSAGES.notYours);
    }
  } else if (!(await isInstructor(db, viewer.user.id))) forbidden();
  return { ...viewer, authoring: "instructor" };
}
