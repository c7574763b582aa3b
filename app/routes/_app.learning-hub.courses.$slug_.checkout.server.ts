import { COMMERCE_MESSAGES } from "@domain/learning/commerce";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { startLearningCheckout } from "~/commands/learning-commerce.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { parseSubmission } from "~/forms.server";
import { stripeIdempotencyKey } from "~/idempotency.server";
import { courseView, pathView } from "~/queries/learning.server";

/**
 * Enroll Now for a paid course or path (issue 30, part 3; decision 078): a plain form post, answered
 * with a 303 to Stripe's hosted Checkout (JavaScript or not). Enrolment happens only when Stripe's
 * signed webhook reports the payment; a course already open to the person, or a price of 0 after their
 * discounts, enrols at once; when Checkout cannot start the person is sent back with the reason. A
 * resource route: a GET is sent back to the course or path page.
 */
export const CheckoutSchema = z.object({ intent: z.literal("checkout") });

export const checkoutPage = (kind: "course" | "path", slug: string | undefined) =>
  `/learning-hub/${kind === "course" ? "courses" : "paths"}/${encodeURIComponent(slug ?? "")}`;

export async function checkoutLoader(request: Request, kind: "course" | "path", slug: string | undefined) {
  await requireViewer(request);
  throw redirect(checkoutPage(kind, slug));
}

export async function checkoutAction(request: Request, kind: "course" | "path", slug: string | undefined) {
  const viewer = await requireViewer(request);
  const { formData, submission } = await parseSubmission(request, CheckoutSchema);
  if (submission.status !== "success")
    throw json({ error: COMMERCE_MESSAGES.checkoutFailed }, { status: 400 });
  const db = await getDb();
  const item =
    kind === "course"
      ? (await courseView(db, viewer.user.id, slug ?? ""))?.course
      : (await pathView(db, viewer.user.id, slug ?? ""))?.path;
  if (!item) pageNotFound();
  const back = checkoutPage(kind, item.slug);
  const outcome = await startLearningCheckout(
    db,
    { userId: viewer.user.id, kind, itemId: item.id, slug: item.slug, title: item.title },
    { idempotencyKey: stripeIdempotencyKey(request, viewer.user.id, formData, `learning-checkout-${kind}`) },
  );
  if (!outcome.ok) {
    if (outcome.code === "not_found") pageNotFound();
    // Back to the page with the reason (Stripe not configured or failing): nothing was charged.
    return redirectWithFlash(back, {
      tone: "info",
      message:
        outcome.code === "not_configured"
          ? COMMERCE_MESSAGES.notConfigured
          : COMMERCE_MESSAGES.checkoutFailed,
    });
  }
  if (outcome.kind === "checkout") return redirect(outcome.url, 303);
  return redirectWithFlash(back, { tone: "success", message: COMMERCE_MESSAGES.enrolled });
}
