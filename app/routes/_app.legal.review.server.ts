import { LEGAL_LIMITS, LEGAL_MESSAGES } from "@domain/legal/resources";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound } from "~/auth/guards.server";
import { requireLegal } from "~/auth/legal.server";
import { reviewLegalResource } from "~/commands/legal.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { pendingLegalResources } from "~/queries/legal.server";
import { trimmed } from "./_app.legal.submissions.server";

/**
 * /legal/review (issue 30, part 9): administrators read pending submissions and approve (publish,
 * credited to the attorney) or reject them with a reason; the attorney is notified either way.
 */

const id = z.string().uuid();
export const LegalReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id }),
  z.object({
    intent: z.literal("reject"),
    id,
    // A missing or blank reason gets the same message as a short one (Conform sends blank as missing).
    reason: trimmed(LEGAL_LIMITS.reasonMin, LEGAL_LIMITS.reasonMax, LEGAL_MESSAGES.reason),
  }),
]);
const INTENTS = ["approve", "reject"] as const;

export async function legalReviewLoader(request: Request) {
  const viewer = await requireLegal(request, "review");
  const pending = await pendingLegalResources(await getDb());
  return json({ pending, access: viewer.access });
}

export async function legalReviewAction(request: Request) {
  const viewer = await requireLegal(request, "review");
  const { submission } = await parseSubmission(request, LegalReviewSchema);
  const payloadId = typeof submission.payload.id === "string" ? submission.payload.id : null;
  if (submission.status !== "success") {
    return json(
      {
        intent: intentOf(submission.payload, INTENTS),
        id: payloadId,
        result: submission.reply(),
        error: null,
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const outcome = await reviewLegalResource(await getDb(), {
    reviewerId: viewer.user.id,
    id: input.id,
    decision: input.intent === "approve" ? { approve: true } : { approve: false, reason: input.reason },
  });
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      { intent: input.intent, id: input.id, result: submission.reply(), error: outcome.message },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  return redirectWithFlash("/legal/review", {
    tone: "success",
    message: input.intent === "approve" ? LEGAL_MESSAGES.approved : LEGAL_MESSAGES.rejected,
  });
}
