import { queryRows } from "@db/client";
import { itemHref, LEARNING_MESSAGES } from "@domain/learning/courses";
import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { enrollInCourse, type LearningRefusal } from "~/commands/learning.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { courseView } from "~/queries/learning.server";
import { courseCeHours } from "~/queries/learning-ce.server";
import { courseOffer, courseRating } from "~/queries/learning-commerce.server";

/** /learning-hub/courses/{slug} (issue 30, parts 1 and 3): the course page and its Enroll form. */
export async function courseLoader(request: Request, slug: string | undefined) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const view = await courseView(db, viewer.user.id, slug ?? "");
  if (!view) pageNotFound();
  // Paid enrolment and ratings (decision 078): the person's price and access, the course's reviews.
  const [offer, rating, certificate, ceHours] = await Promise.all([
    courseOffer(db, viewer.user.id, view.course.id),
    courseRating(db, viewer.user.id, view.course.id),
    // The certificate this course gave the person, if any (decision 077): linked from their progress.
    queryRows<{ id: string }>(
      db,
      sql`select id from certificates where user_id = ${viewer.user.id} and course_id = ${view.course.id}
            and revoked_at is null`,
    ),
    // Its CE hours per licence type, in force now (decision 090).
    courseCeHours(db, view.course.id),
  ]);
  return json({ ...view, offer, rating, certificateId: certificate[0]?.id ?? null, ceHours });
}

export const EnrollSchema = z.object({ intent: z.literal("enroll") });

/** The JSON answer of a refused learning form (a 404 is the page's own not-found). */
export function learningRefusal(refusal: LearningRefusal, result: unknown) {
  if (refusal.kind === "not_found") pageNotFound();
  const headers: HeadersInit = refusal.retryAfterSeconds
    ? { "Retry-After": String(refusal.retryAfterSeconds) }
    : {};
  return json(
    { error: refusal.message, result },
    { status: refusal.kind === "cooldown" ? 429 : domainErrorStatus(refusal.kind), headers },
  );
}

export async function courseAction(request: Request, slug: string | undefined) {
  const viewer = await requireViewer(request);
  const { submission } = await parseSubmission(request, EnrollSchema);
  if (submission.status !== "success")
    return json({ error: null as string | null, result: submission.reply() }, { status: 400 });
  const db = await getDb();
  const view = await courseView(db, viewer.user.id, slug ?? "");
  if (!view) pageNotFound();
  const outcome = await enrollInCourse(db, { userId: viewer.user.id, courseId: view.course.id });
  if (!outcome.ok) return learningRefusal(outcome, submission.reply());
  const start = view.next ?? view.first;
  return redirectWithFlash(
    start ? itemHref(view.course.slug, start) : `/learning-hub/courses/${view.course.slug}`,
    {
      tone: "success",
      message: LEARNING_MESSAGES.enrolled,
    },
  );
}
