import { LEARNING_MESSAGES } from "@domain/learning/courses";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { enrollInCourse, startPath } from "~/commands/learning.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { parseSubmission } from "~/forms.server";
import { pathView } from "~/queries/learning.server";
import { pathOffer } from "~/queries/learning-commerce.server";
import { learningRefusal } from "./_app.learning-hub.courses.$slug.server";

/** /learning-hub/paths/{slug} (issue 30, part 4): a path's courses in order, and Start Path. */
export async function pathLoader(request: Request, slug: string | undefined) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const view = await pathView(db, viewer.user.id, slug ?? "");
  if (!view) pageNotFound();
  // Paid enrolment (decision 078): the person's price for the path.
  return json({ ...view, offer: await pathOffer(db, viewer.user.id, view.path.id) });
}

export const StartPathSchema = z.object({ intent: z.literal("start") });

/** Start Path: the path and its first course at once, then that course. */
export async function pathAction(request: Request, slug: string | undefined) {
  const viewer = await requireViewer(request);
  const { submission } = await parseSubmission(request, StartPathSchema);
  if (submission.status !== "success")
    return json({ error: null as string | null, result: submission.reply() }, { status: 400 });
  const db = await getDb();
  const view = await pathView(db, viewer.user.id, slug ?? "");
  if (!view) pageNotFound();
  const started = await startPath(db, { userId: viewer.user.id, pathId: view.path.id });
  if (!started.ok) return learningRefusal(started, submission.reply());
  const first = view.courses[0];
  if (started.firstCourseId) {
    const enrolled = await enrollInCourse(db, { userId: viewer.user.id, courseId: started.firstCourseId });
    if (!enrolled.ok) return learningRefusal(enrolled, submission.reply());
  }
  return redirectWithFlash(
    first ? `/learning-hub/courses/${first.slug}` : `/learning-hub/paths/${view.path.slug}`,
    {
      tone: "success",
      message: LEARNING_MESSAGES.pathStarted,
    },
  );
}
