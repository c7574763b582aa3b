import { categoriesHref, FORUM_LIMITS, FORUM_MESSAGES, parseCategoryParams } from "@domain/community/forums";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer, type Viewer } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/safe-redirect";
import {
  createCommunity,
  type ForumRefusal,
  joinCategory,
  leaveCategory,
  mayCreateCommunity,
} from "~/commands/community-forums.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listCategories } from "~/queries/community-forums.server";

/**
 * /common-area/forums (issue 29, part 5): the categories grid's loader, and the join, leave and Create
 * Community forms (the category page posts its join and leave here too). Every form works without
 * JavaScript; the rules are the commands'.
 */

export const FORUMS_PATH = "/common-area/forums";

const categoryId = z.string().uuid();
const redirectTo = z.string().max(2000).optional();
const text = (max: number) => z.string().max(max).default("");

export const ForumsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join"), categoryId, redirectTo }),
  z.object({ intent: z.literal("leave"), categoryId, redirectTo }),
  z.object({
    intent: z.literal("create-community"),
    // Bounded above the limits so createCommunity (not the parser) words the refusal.
    name: z.string({ required_error: "Name the community" }).max(FORUM_LIMITS.nameMax * 4),
    description: text(FORUM_LIMITS.descriptionMax * 4),
    rules: text(FORUM_LIMITS.rulesMax * FORUM_LIMITS.ruleMax * 2),
    isPrivate: z.literal("on").optional(),
    requiresApproval: z.literal("on").optional(),
  }),
]);
export const FORUMS_INTENTS = ["join", "leave", "create-community"] as const;

export async function forumsLoader(request: Request) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const params = parseCategoryParams(url.searchParams);
  const db = await getDb();
  const [categories, canCreate] = await Promise.all([
    listCategories(db, viewer.user.id, params),
    mayCreateCommunity(db, viewer.user.id),
  ]);
  return json({
    params,
    here: categoriesHref(params),
    categories,
    canCreate,
    hasContext: Boolean(viewer.context),
  });
}

/** Where a form comes back to: a same-site path (the grid by default), without a fragment. */
const backTo = (raw: string | undefined) => safeRedirect(raw, FORUMS_PATH).split("#")[0] as string;

/** The join and leave forms (the grid's and the category page's). */
export async function membershipAction(
  viewer: Viewer,
  input: { intent: "join" | "leave"; categoryId: string; redirectTo?: string },
  reply: (refusal: ForumRefusal) => Response,
) {
  const db = await getDb();
  if (input.intent === "join") {
    const outcome = await joinCategory(db, {
      userId: viewer.user.id,
      contextId: viewer.context?.id ?? null,
      categoryId: input.categoryId,
    });
    if (!outcome.ok) return reply(outcome);
    return redirectWithFlash(backTo(input.redirectTo), {
      tone: "success",
      message: outcome.status === "pending" ? FORUM_MESSAGES.requested : FORUM_MESSAGES.joined,
    });
  }
  const outcome = await leaveCategory(db, { userId: viewer.user.id, categoryId: input.categoryId });
  if (!outcome.ok) return reply(outcome);
  return redirectWithFlash(backTo(input.redirectTo), { tone: "success", message: FORUM_MESSAGES.left });
}

export async function forumsAction(request: Request) {
  const viewer = await requireViewer(request);
  const { formData, submission } = await parseSubmission(request, ForumsActionSchema);
  if (submission.status !== "success") {
    return json(
      { intent: intentOf(submission.payload, FORUMS_INTENTS), result: submission.reply(), error: null },
      { status: 400 },
    );
  }
  const input = submission.value;
  const reply = (refusal: ForumRefusal) => {
    if (refusal.kind === "not_found") pageNotFound();
    return json(
      {
        intent: input.intent,
        result: submission.reply(
          refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : {},
        ),
        error: refusal.field ? null : refusal.message,
      },
      { status: domainErrorStatus(refusal.kind) },
    );
  };
  if (input.intent === "join" || input.intent === "leave") return membershipAction(viewer, input, reply);
  const outcome = await once(request, viewer.user.id, formData, (tx) =>
    createCommunity(tx, {
      userId: viewer.user.id,
      contextId: viewer.context?.id ?? null,
      name: input.name,
      description: input.description,
      rules: input.rules,
      isPrivate: input.isPrivate === "on",
      requiresApproval: input.requiresApproval === "on",
    }),
  );
  if (!outcome.ok) return reply(outcome);
  return redirectWithFlash(`${FORUMS_PATH}/${outcome.slug}`, {
    tone: "success",
    message: FORUM_MESSAGES.created,
  });
}

export type ForumsActionData = {
  intent: (typeof FORUMS_INTENTS)[number] | null;
  result: unknown;
  error: string | null;
};
