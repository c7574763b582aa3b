import { parseWithZod } from "@conform-to/zod";
import { AUTHORING_MESSAGES } from "@domain/learning/authoring";
import { json } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { createDraftCourse } from "~/commands/learning-authoring.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { manageCourses } from "~/queries/learning-authoring.server";
import { DetailsFields } from "./_app.learning-hub.manage.$courseId.server";

/**
 * /learning-hub/manage (issue 30, part 2; decision 083): every course with its status for admins, and
 * the New Course form, which creates a draft and goes to its editing page.
 */

export async function manageLoader(request: Request) {
  await requireAdmin(request);
  return json({ courses: await manageCourses(await getDb()) });
}

export async function manageAction(request: Request) {
  const viewer = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: DetailsFields });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const created = await once(request, viewer.user.id, submission.payload, (tx) =>
    createDraftCourse(tx, submission.value),
  );
  if (!created.ok) {
    const fieldErrors =
      created.message === AUTHORING_MESSAGES.slugTaken ? { slug: [created.message] } : undefined;
    return json(
      { result: domainErrorReply(submission, { ...created, fieldErrors }) },
      { status: created.kind === "validation" ? 422 : domainErrorStatus(created.kind) },
    );
  }
  return redirectWithFlash(`/learning-hub/manage/${created.id}`, {
    tone: "success",
    message: AUTHORING_MESSAGES.created,
  });
}
