import { parseWithZod } from "@conform-to/zod";
import { AUTHORING_MESSAGES } from "@domain/learning/authoring";
import { INSTRUCTOR_LIMITS, INSTRUCTOR_MESSAGES } from "@domain/learning/instructors";
import { json } from "@remix-run/node";
import { z } from "zod";
import { forbidden } from "~/auth/guards.server";
import { requireAuthoring } from "~/auth/learning.server";
import { createDraftCourse } from "~/commands/learning-authoring.server";
import { appointInstructor, removeInstructor } from "~/commands/learning-instructors.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, intentOf, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { manageCourses } from "~/queries/learning-authoring.server";
import { listInstructors } from "~/queries/learning-instructors.server";
import { DetailsFields } from "./_app.learning-hub.manage.$courseId.server";

/**
 * /learning-hub/manage (issue 30, part 2; decisions 083 and 091): the courses one may write with their
 * status (every course for an administrator, their own for an instructor) and the New Course form,
 * which creates a draft and goes to its editing page. An administrator also appoints and removes the
 * learning hub's instructors here.
 */

export const MANAGE_SCHEMAS = {
  create: DetailsFields,
  appoint: z.object({
    email: z
      .string({ required_error: INSTRUCTOR_MESSAGES.emailInvalid })
      .trim()
      .max(INSTRUCTOR_LIMITS.emailMax, INSTRUCTOR_MESSAGES.emailInvalid)
      .email(INSTRUCTOR_MESSAGES.emailInvalid),
  }),
  removeInstructor: z.object({ userId: z.string().uuid(INSTRUCTOR_MESSAGES.chooseInstructor) }),
} as const;
const INTENTS = ["create", "appoint", "removeInstructor"] as const;

export async function manageLoader(request: Request) {
  const viewer = await requireAuthoring(request);
  const db = await getDb();
  const admin = viewer.authoring === "admin";
  const [courses, instructors] = await Promise.all([
    manageCourses(db, admin ? null : viewer.user.id),
    admin ? listInstructors(db) : Promise.resolve([]),
  ]);
  return json({ courses, instructors, authoring: viewer.authoring });
}

export async function manageAction(request: Request) {
  const viewer = await requireAuthoring(request);
  const formData = await readForm(request);
  // The New Course form carries no intent (it is the page's first form).
  const intent = intentOf(Object.fromEntries(formData), INTENTS) ?? "create";
  if (intent !== "create" && viewer.authoring !== "admin") forbidden(INSTRUCTOR_MESSAGES.adminsOnly);
  const db = await getDb();
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: MANAGE_SCHEMAS.create });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    // Featuring is an administrator's choice: an instructor's course starts unfeatured.
    const details =
      viewer.authoring === "admin" ? submission.value : { ...submission.value, isFeatured: false };
    const instructor = viewer.authoring === "instructor" ? viewer.user.id : null;
    const created = await once(request, viewer.user.id, submission.payload, (tx) =>
      createDraftCourse(tx, details, instructor),
    );
    if (!created.ok) {
      const fieldErrors =
        created.message === AUTHORING_MESSAGES.slugTaken ? { slug: [created.message] } : undefined;
      return json(
        { intent, result: domainErrorReply(submission, { ...created, fieldErrors }) },
        { status: created.kind === "validation" ? 422 : domainErrorStatus(created.kind) },
      );
    }
    return redirectWithFlash(`/learning-hub/manage/${created.id}`, {
      tone: "success",
      message: AUTHORING_MESSAGES.created,
    });
  }
  const submission = parseWithZod(formData, { schema: MANAGE_SCHEMAS[intent] });
  if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
  const value = submission.value as { email?: string; userId?: string };
  const outcome =
    intent === "appoint"
      ? await db.transaction((tx) =>
          appointInstructor(tx, { email: value.email as string, appointedBy: viewer.user.id }),
        )
      : await removeInstructor(db, value.userId as string);
  if (!outcome.ok)
    return json(
      { intent, result: domainErrorReply(submission, outcome) },
      { status: outcome.kind === "validation" ? 422 : domainErrorStatus(outcome.kind) },
    );
  return redirectWithFlash("/learning-hub/manage", {
    tone: "success",
    message: intent === "appoint" ? INSTRUCTOR_MESSAGES.appointed : INSTRUCTOR_MESSAGES.removed,
  });
}
