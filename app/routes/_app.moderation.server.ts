import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES } from "@domain/community/moderation";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { appealModeration } from "~/commands/moderation.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { myModeration } from "~/queries/moderation.server";

/**
 * /moderation (issue 29, part 10): a person's own moderated items and suspensions, with the reasons,
 * and the once-only appeal form for each.
 */

export const AppealSchema = z.object({
  subjectKind: z.string().min(1).max(40),
  subjectId: z.string().uuid(),
  message: z
    .string({ required_error: MODERATION_MESSAGES.appealRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.appealRequired)
    .max(APPEAL_MESSAGE_MAX, MODERATION_MESSAGES.appealTooLong),
});

export async function moderationLoader(request: Request) {
  const viewer = await requireViewer(request);
  const mine = await myModeration(await getDb(), viewer.user.id);
  return json(mine);
}

export async function moderationAction(request: Request) {
  const viewer = await requireViewer(request);
  const { submission } = await parseSubmission(request, AppealSchema);
  if (submission.status !== "success")
    return json(
      { result: submission.reply(), subjectId: String(submission.payload.subjectId ?? "") },
      { status: 400 },
    );
  const input = submission.value;
  const outcome = await appealModeration(await getDb(), {
    userId: viewer.user.id,
    subjectKind: input.subjectKind,
    subjectId: input.subjectId,
    message: input.message,
  });
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      { result: submission.reply({ formErrors: [outcome.message] }), subjectId: input.subjectId },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  return redirectWithFlash("/moderation", { tone: "success", message: MODERATION_MESSAGES.appealSent });
}
