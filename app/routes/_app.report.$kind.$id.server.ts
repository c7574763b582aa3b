import {
  MODERATION_MESSAGES,
  REPORT_CATEGORIES,
  REPORT_DETAILS_MAX,
  REPORTABLE_KINDS,
  type ReportableKind,
} from "@domain/community/moderation";
import { isPostId } from "@domain/community/posts";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { isRateLimited } from "~/auth/user-action-limits.server";
import { reportContent } from "~/commands/moderation.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { getComment } from "~/queries/community-comments.server";
import { getPost } from "~/queries/community-posts.server";
import { getLiveMessage } from "~/queries/live-discussions.server";

/**
 * /report/{kind}/{id} (issue 29, part 10): report an item with a category and optional details. The
 * Report forms of the post card, of each comment and of each live discussion message post here; this
 * page shows the same form on its own (and again with its errors when a post was refused). Only kinds
 * in REPORTABLE_KINDS answer (post, comment, live_message); the others are 404 until wired.
 */

export const ReportSchema = z.object({
  category: z.enum(REPORT_CATEGORIES, { errorMap: () => ({ message: MODERATION_MESSAGES.chooseCategory }) }),
  details: z.string().max(REPORT_DETAILS_MAX, MODERATION_MESSAGES.detailsTooLong).optional(),
  redirectTo: z.string().max(2000).optional(),
});

const isReportable = (kind: string | undefined): kind is ReportableKind =>
  (REPORTABLE_KINDS as readonly string[]).includes(kind ?? "");

const WHAT: Record<ReportableKind, string> = { post: "post", comment: "comment", live_message: "message" };

/**
 * The reported item, as the page shows it (the reader must be able to read it, else 404): a post, a
 * comment (its post's visibility and moderation decide), or a live discussion message.
 */
async function reportedItem(viewerId: string, kind: string | undefined, id: string | undefined) {
  if (!isReportable(kind) || !isPostId(id)) pageNotFound();
  const db = await getDb();
  const base = { kind, id, what: WHAT[kind] };
  if (kind === "comment") {
    const comment = await getComment(db, viewerId, id);
    if (!comment) pageNotFound();
    return {
      ...base,
      authorName: comment.authorName,
      content: comment.content.slice(0, 300),
      href: `/posts/${comment.postId}#comment-${comment.id}`,
      mine: comment.mine,
      reportedByMe: comment.reportedByMe,
    };
  }
  if (kind === "live_message") {
    const message = await getLiveMessage(db, viewerId, id);
    if (!message) pageNotFound();
    return {
      ...base,
      authorName: message.authorName,
      content: message.content.slice(0, 300),
      href: `/common-area/live/${message.discussionId}#message-${message.id}`,
      mine: message.userId === viewerId,
      reportedByMe: message.reportedByMe,
    };
  }
  const post = await getPost(db, viewerId, id);
  if (!post) pageNotFound();
  return {
    ...base,
    authorName: post.authorName,
    content: post.content.slice(0, 300),
    href: `/posts/${post.id}`,
    mine: post.mine,
    reportedByMe: post.reportedByMe,
  };
}

export async function reportLoader(request: Request, params: { kind?: string; id?: string }) {
  const viewer = await requireViewer(request);
  const item = await reportedItem(viewer.user.id, params.kind, params.id);
  const back = new URL(request.url).searchParams.get("redirectTo");
  return json({ item, redirectTo: safeRedirect(back, item.href) });
}

export async function reportAction(request: Request, params: { kind?: string; id?: string }) {
  const viewer = await requireViewer(request);
  const item = await reportedItem(viewer.user.id, params.kind, params.id);
  const { submission } = await parseSubmission(request, ReportSchema);
  if (submission.status !== "success")
    return json({ result: submission.reply(), error: null }, { status: 400 });
  const input = submission.value;
  let outcome: Awaited<ReturnType<typeof reportContent>>;
  try {
    outcome = await reportContent(await getDb(), {
      reporterId: viewer.user.id,
      kind: item.kind,
      targetId: item.id,
      category: input.category,
      details: input.details ?? "",
    });
  } catch (error) {
    if (isRateLimited(error))
      return json(
        { result: submission.reply({ formErrors: [error.message] }), error: error.message },
        { status: 429, headers: { "Retry-After": String(error.retryAfter) } },
      );
    throw error;
  }
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      { result: submission.reply({ formErrors: [outcome.message] }), error: outcome.message },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  const to = safeRedirect(input.redirectTo, item.href).split("#")[0] as string;
  const anchor = item.kind === "live_message" ? "message" : item.kind;
  return redirectWithFlash(`${to}#${anchor}-${item.id}`, {
    tone: "success",
    message: outcome.updated ? MODERATION_MESSAGES.reportUpdated : MODERATION_MESSAGES.reported,
  });
}
