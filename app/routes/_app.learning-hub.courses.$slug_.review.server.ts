import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  reviewTextErrors,
} from "@domain/learning/reviews";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { rateCourse } from "~/commands/learning-commerce.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { courseView } from "~/queries/learning.server";
import { courseRating } from "~/queries/learning-commerce.server";

/**
 * Rate a course (issue 30, part 1 "rating"; decision 078): 1 to 5 stars and an optional review, for
 * someone enrolled who has completed a lesson of it; sending again edits the rating. A plain form that
 * posts and redirects to the course page, with or without JavaScript.
 */
export const ReviewSchema = z.object({
  intent: z.literal("rate"),
  rating: z.coerce
    .number({
      required_error: REVIEW_MESSAGES.ratingRequired,
      invalid_type_error: REVIEW_MESSAGES.ratingRequired,
    })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(RATING_MIN, REVIEW_MESSAGES.ratingRequired)
    .max(RATING_MAX, REVIEW_MESSAGES.ratingRequired),
  body: z
    .string()
    // A bound far above the limit keeps a huge body from being scanned by the content patterns.
    .max(REVIEW_MAX_LENGTH * 4, REVIEW_MESSAGES.tooLong)
    .optional()
    .transform((v) => (v ?? "").trim())
    .superRefine((v, ctx) => {
      for (const message of reviewTextErrors(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    }),
});

async function load(request: Request, slug: string | undefined) {
  const viewer = await requireViewer(request);
  const db = await getDb();
  const view = await courseView(db, viewer.user.id, slug ?? "");
  if (!view) pageNotFound();
  const rating = await courseRating(db, viewer.user.id, view.course.id);
  return { viewer, db, course: view.course, rating };
}

export async function reviewLoader(request: Request, slug: string | undefined) {
  const { course, rating } = await load(request, slug);
  return json({
    course: { slug: course.slug, title: course.title },
    mine: rating.mine,
    canRate: rating.canRate,
    enrolled: course.enrollment !== null,
  });
}

export async function reviewAction(request: Request, slug: string | undefined) {
  const { viewer, db, course } = await load(request, slug);
  const { submission } = await parseSubmission(request, ReviewSchema);
  if (submission.status !== "success")
    return json({ error: null as string | null, result: submission.reply() }, { status: 422 });
  const outcome = await rateCourse(db, {
    userId: viewer.user.id,
    courseId: course.id,
    rating: submission.value.rating,
    body: submission.value.body,
  });
  if (!outcome.ok)
    return json(
      { error: outcome.message, result: submission.reply({ formErrors: [outcome.message] }) },
      { status: outcome.kind === "validation" ? 422 : domainErrorStatus(outcome.kind) },
    );
  return redirectWithFlash(`/learning-hub/courses/${course.slug}#reviews`, {
    tone: "success",
    message: outcome.created ? REVIEW_MESSAGES.saved : REVIEW_MESSAGES.updated,
  });
}
