import { LEGAL_LIMITS, LEGAL_MESSAGES } from "@domain/legal/resources";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound } from "~/auth/guards.server";
import { requireLegal } from "~/auth/legal.server";
import { reviewLegalResource, reviewLegalRevision } from "~/commands/legal.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { pendingLegalResources, pendingLegalRevisions } from "~/queries/legal.server";
import { trimmed } from "./_app.legal.submissions.server";

/**
 * /legal/review (issue 30, part 9): administrators read pending submissions and approve (publish,
 * credited to the attorney) or reject them with a reason; the attorney is notified either way.
 */

const id = z.string().uuid();
// A missing or blank reason gets the same message as a short one (Conform sends blank as missing).
const reason = trimmed(LEGAL_LIMITS.reasonMin, LEGAL_LIMITS.reasonMax, LEGAL_MESSAGES.reason);
export const LegalReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id }),
  z.object({ intent: z.literal("reject"), id, reason }),
  z.object({ intent: z.literal("approve_revision"), id }),
  z.object({ intent: z.literal("reject_revision"), id, reason }),
]);
const INTENTS = ["approve", "reject", "approve_revision", "reject_revision"] as const;

export async function legalReviewLoader(request: Request) {
  const viewer = await requireLegal(request, "review");
  const db = await getDb();
  const [pending, revisions] = await Promise.all([pendingLegalResources(db), pendingLegalRevisions(db)]);
  return json({ pending, revisions, access: viewer.access });
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
  const decision =
    input.intent === "approve" || input.intent === "approve_revision"
      ? ({ approve: true } as const)
      : ({ approve: false, reason: input.reason } as const);
  const revision = input.intent === "approve_revision" || input.intent === "reject_revision";
  const review = { reviewerId: viewer.user.id, id: input.id, decision };
  const outcome = revision
    ? await reviewLegalRevision(await getDb(), review)
    : await reviewLegalResource(await getDb(), review);
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      { intent: input.intent, id: input.id, result: submission.reply(), error: outcome.message },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  return redirectWithFlash("/legal/review", {
    tone: "success",
    message: revision
      ? decision.approve
        ? LEGAL_MESSAGES.revisionPublished
        : LEGAL_MESSAGES.revisionRejected
      : decision.approve
        ? LEGAL_MESSAGES.approved
        : LEGAL_MESSAGES.rejected,
  });
}
