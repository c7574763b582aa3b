import { MODERATION_MESSAGES, MODERATION_REASON_MAX, SUSPENSION_PERIODS } from "@domain/community/moderation";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireAdmin } from "~/auth/guards.server";
import { decideAppeal, moderateItem } from "~/commands/moderation.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { moderationHistory, openAppeals, openReports } from "~/queries/moderation.server";

/**
 * /admin/content (issue 29, part 10; spec 002's admin content page): the moderation queue for platform
 * administrators (there is no platform moderator role: app/auth has admin only). Open reports grouped
 * per item, open appeals, and the action history; every action is logged by the command.
 */

const kind = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z_]+$/);
const targetId = z.string().uuid();
const reason = z.string().max(MODERATION_REASON_MAX, MODERATION_MESSAGES.reasonTooLong).optional();
const needsReason = (v: { reason?: string }, ctx: z.RefinementCtx) => {
  if (!v.reason?.trim())
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["reason"],
      message: MODERATION_MESSAGES.reasonRequired,
    });
};

export const ContentActionSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("hide"), kind, targetId, reason }),
    z.object({ intent: z.literal("remove"), kind, targetId, reason }),
    z.object({ intent: z.literal("dismiss"), kind, targetId, reason }),
    z.object({ intent: z.literal("warn"), kind, targetId, reason }),
    z.object({
      intent: z.literal("suspend"),
      kind,
      targetId,
      reason,
      period: z.enum(SUSPENSION_PERIODS, { errorMap: () => ({ message: "Choose a period" }) }),
    }),
    z.object({ intent: z.literal("uphold"), appealId: z.string().uuid(), reason }),
    z.object({ intent: z.literal("reverse"), appealId: z.string().uuid(), reason }),
  ])
  .superRefine((v, ctx) => {
    if (v.intent === "remove" || v.intent === "warn" || v.intent === "suspend") needsReason(v, ctx);
  });

export async function contentLoader(request: Request) {
  await requireAdmin(request);
  const db = await getDb();
  const [reports, appeals, history] = await Promise.all([
    openReports(db),
    openAppeals(db),
    moderationHistory(db),
  ]);
  return json({ reports, appeals, history });
}

const DONE: Record<string, string> = {
  hide: "Hidden. The author was told.",
  remove: "Removed. The author sees the reason.",
  dismiss: "Reports dismissed",
  warn: "The author was warned",
  suspend: "The author's posting is suspended",
  uphold: "Appeal answered: the decision stands",
  reverse: "Appeal granted: the decision is reversed",
};

export async function contentAction(request: Request) {
  const admin = await requireAdmin(request);
  const { submission } = await parseSubmission(request, ContentActionSchema);
  const payload = submission.payload as Record<string, unknown>;
  const key = String(payload.appealId ?? payload.targetId ?? "");
  if (submission.status !== "success") return json({ result: submission.reply(), key }, { status: 400 });
  const input = submission.value;
  const db = await getDb();
  const outcome =
    input.intent === "uphold" || input.intent === "reverse"
      ? await decideAppeal(db, {
          actorId: admin.user.id,
          appealId: input.appealId,
          decision: input.intent,
          reason: input.reason ?? "",
        })
      : await moderateItem(db, {
          actorId: admin.user.id,
          kind: input.kind,
          targetId: input.targetId,
          ...(input.intent === "suspend"
            ? { action: "suspend", reason: input.reason ?? "", period: input.period }
            : input.intent === "dismiss"
              ? { action: "dismiss" }
              : { action: input.intent, reason: input.reason ?? "" }),
        });
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      { result: submission.reply({ formErrors: [outcome.message] }), key },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  return redirectWithFlash("/admin/content", { tone: "success", message: DONE[input.intent] ?? "Done" });
}
