import { parseWithZod } from "@conform-to/zod";
import { AWARDS, COMMENT_MESSAGES } from "@domain/community/comments";
import { CONTENT_MAX_LENGTH, contentMessage } from "@domain/community/content-rules";
import { refineContent } from "@domain/community/content-schema";
import { FORUM_MESSAGES } from "@domain/community/forums";
import { decodeCursor, isPostId } from "@domain/community/posts";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireContext, requireViewer } from "~/auth/guards.server";
import { isRateLimited, type RateLimitedError, rateLimitRemaining } from "~/auth/user-action-limits.server";
import {
  acceptAnswer,
  type CommentRefusal,
  createComment,
  deleteComment,
  editComment,
  giveAward,
  voteComment,
} from "~/commands/community-comments.server";
import { isPostingSuspended } from "~/commands/moderation.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, readForm, withFormBody } from "~/forms.server";
import { once } from "~/idempotency.server";
import { commentsPage, mayGiveAwards } from "~/queries/community-comments.server";
import { getPost } from "~/queries/community-posts.server";
import { postingScope, postsAction } from "./_app.common-area._index.server";

/**
 * /posts/{id}: the post and its comment section (issue 29, parts 3 and 4; decision 066). The post's
 * own forms go to the feed's action; the comment forms (write, reply, edit, delete, vote, award) are
 * handled here and come back to `/posts/{id}#comment-{id}`. Every form works without JavaScript.
 */

/** A comment's text against the content rules (kind "comment"), as the feed's post text is checked. */
const content = z
  .string({
    required_error: contentMessage("comment", "CONTENT_REQUIRED"),
    invalid_type_error: contentMessage("comment", "CONTENT_REQUIRED"),
  })
  .max(CONTENT_MAX_LENGTH.comment * 4, contentMessage("comment", "CONTENT_TOO_LONG"))
  .superRefine(refineContent("comment"))
  .transform((v) => v.trim());
const commentId = z.string().uuid();

export const CommentsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("comment"), content, parentCommentId: commentId.optional() }),
  z.object({
    intent: z.literal("editComment"),
    commentId,
    version: z.coerce.number().int().min(1).max(2_000_000_000),
    content,
  }),
  z.object({ intent: z.literal("deleteComment"), commentId }),
  z.object({ intent: z.literal("voteComment"), commentId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("award"), commentId: commentId.optional(), award: z.enum(AWARDS) }),
  /** A question's author accepts a comment as its answer (no commentId: clears it). */
  z.object({ intent: z.literal("acceptAnswer"), commentId: commentId.optional() }),
]);
export const COMMENT_INTENTS = [
  "comment",
  "editComment",
  "deleteComment",
  "voteComment",
  "award",
  "acceptAnswer",
] as const;

export async function postPageLoader(request: Request, id: string | undefined) {
  const viewer = await requireViewer(request);
  if (!isPostId(id)) pageNotFound();
  const db = await getDb();
  const post = await getPost(db, viewer.user.id, id);
  if (!post) pageNotFound();
  const url = new URL(request.url);
  const editing = post.mine && url.searchParams.get("edit") === "1";
  const scope = editing ? await postingScope(viewer) : null;
  const cursor = decodeCursor(url.searchParams.get("comments"), "recent");
  const page = await commentsPage(db, viewer.user.id, post.id, cursor);
  const editCommentId = url.searchParams.get("editComment");
  const commenting = viewer.context ? await rateLimitRemaining(db, viewer.user.id, "create_comment") : null;
  return {
    post,
    editing,
    organizationName: scope?.name ?? null,
    here: `/posts/${post.id}`,
    now: new Date().toISOString(),
    comments: page.comments,
    nextComments: page.nextCursor,
    morePage: cursor !== null,
    /** Spec 002 section 6: only signed-in people with an active context write. */
    canComment: Boolean(viewer.context) && !post.category?.archived,
    /** Why there is no comment form: an archived category is read-only (decision 085). */
    commentsClosed: post.category?.archived ? FORUM_MESSAGES.archived : null,
    /** "N comments remaining" when fewer than 3 remain; Comment is off while rate-limited. */
    commentsRemainingHint: commenting?.hint ?? null,
    commentingLimited: commenting?.limited ?? false,
    mayAward: await mayGiveAwards(db, viewer.user.id),
    editCommentId: editCommentId && isPostId(editCommentId) ? editCommentId : null,
  };
}

/** The post page's forms: the comment intents here, the post's own to the feed's action. */
export async function postPageAction(request: Request, id: string | undefined) {
  const viewer = await requireViewer(request);
  if (!isPostId(id)) pageNotFound();
  const formData = await readForm(request);
  const asked = formData.get("intent");
  if (!(COMMENT_INTENTS as readonly unknown[]).includes(asked))
    return postsAction(withFormBody(request, formData));
  const me = viewer.user.id;
  const submission = parseWithZod(formData, { schema: CommentsActionSchema });
  const here = `/posts/${id}`;
  if (submission.status !== "success") {
    return json(
      {
        intent: intentOf(submission.payload, COMMENT_INTENTS),
        commentId: typeof submission.payload.commentId === "string" ? submission.payload.commentId : null,
        parentCommentId:
          typeof submission.payload.parentCommentId === "string" ? submission.payload.parentCommentId : null,
        result: submission.reply(),
        current: null as CommentRefusal["current"] | null,
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const db = await getDb();
  const answer = (status: number, message: string, extra: { field?: string; current?: unknown } = {}) =>
    json(
      {
        intent: input.intent,
        commentId: "commentId" in input ? (input.commentId ?? null) : null,
        parentCommentId: "parentCommentId" in input ? (input.parentCommentId ?? null) : null,
        result: submission.reply({
          formErrors: extra.field ? [] : [message],
          fieldErrors: extra.field ? { [extra.field]: [message] } : {},
        }),
        current: (extra.current ?? null) as CommentRefusal["current"] | null,
      },
      { status },
    );
  const refused = (outcome: CommentRefusal) => {
    if (outcome.kind === "not_found") pageNotFound();
    return answer(domainErrorStatus(outcome.kind), outcome.message, {
      field: outcome.field,
      current: outcome.current,
    });
  };
  const rateLimited = (error: RateLimitedError) => {
    const response = answer(429, error.message);
    response.headers.set("Retry-After", String(error.retryAfter));
    return response;
  };
  switch (input.intent) {
    case "comment": {
      const active = await requireContext(request);
      let outcome: Awaited<ReturnType<typeof createComment>>;
      try {
        // create_comment, 5 a minute (spec 002 section 9), counted in the comment's own transaction.
        outcome = await once(request, me, formData, (tx) =>
          createComment(tx, {
            authorId: me,
            authorContextId: active.context.id,
            postId: id,
            parentCommentId: input.parentCommentId ?? null,
            content: input.content,
            rateLimited: true,
          }),
        );
      } catch (error) {
        if (isRateLimited(error)) return rateLimited(error);
        // Posting suspended (decision 069): a 403 with the end date.
        if (isPostingSuspended(error)) return answer(403, error.message);
        throw error;
      }
      if (!outcome.ok) return refused(outcome);
      return redirectWithFlash(`${here}#comment-${outcome.commentId}`, {
        tone: "success",
        message: COMMENT_MESSAGES.created,
      });
    }
    case "editComment": {
      const outcome = await editComment(db, {
        userId: me,
        commentId: input.commentId,
        version: input.version,
        content: input.content,
      });
      if (!outcome.ok) return refused(outcome);
      return redirectWithFlash(`/posts/${outcome.postId}#comment-${input.commentId}`, {
        tone: "success",
        message: COMMENT_MESSAGES.updated,
      });
    }
    case "deleteComment": {
      const outcome = await deleteComment(db, { userId: me, commentId: input.commentId });
      if (!outcome.ok) return refused(outcome);
      return redirectWithFlash(`/posts/${outcome.postId}#comments`, {
        tone: "success",
        message: COMMENT_MESSAGES.deleted,
      });
    }
    case "voteComment": {
      let outcome: Awaited<ReturnType<typeof voteComment>>;
      try {
        outcome = await voteComment(db, {
          userId: me,
          commentId: input.commentId,
          direction: input.direction,
          rateLimited: true,
        });
      } catch (error) {
        if (isRateLimited(error)) return rateLimited(error);
        throw error;
      }
      if (!outcome.ok) return refused(outcome);
      return redirect(`/posts/${outcome.postId}#comment-${input.commentId}`);
    }
    case "award": {
      const outcome = await giveAward(db, {
        giverId: me,
        postId: id,
        commentId: input.commentId ?? null,
        award: input.award,
      });
      if (!outcome.ok) return refused(outcome);
      return redirectWithFlash(`${here}#${input.commentId ? `comment-${input.commentId}` : `post-${id}`}`, {
        tone: "success",
        message: COMMENT_MESSAGES.awarded,
      });
    }
    case "acceptAnswer": {
      const outcome = await acceptAnswer(db, { userId: me, postId: id, commentId: input.commentId ?? null });
      if (!outcome.ok) return refused(outcome);
      return redirectWithFlash(`${here}#${input.commentId ? `comment-${input.commentId}` : "comments"}`, {
        tone: "success",
        message: input.commentId ? FORUM_MESSAGES.accepted : FORUM_MESSAGES.unaccepted,
      });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

export type CommentAnswer = {
  intent: (typeof COMMENT_INTENTS)[number] | null;
  commentId: string | null;
  parentCommentId: string | null;
  result: import("@conform-to/react").SubmissionResult<string[]>;
  current: { content: string; version: number } | null;
};
