import { parseWithZod } from "@conform-to/zod";
import { CONTENT_MAX_LENGTH, contentMessage } from "@domain/community/content-rules";
import { refineContent } from "@domain/community/content-schema";
import {
  COMPOSER_POST_TYPES,
  FEED_VARIANTS,
  isPostId,
  POST_LIMITS,
  POST_MEDIA_RULES,
  POST_MESSAGES,
  POST_TYPES,
  POST_VISIBILITIES,
  parseFeedParams,
} from "@domain/community/posts";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { activeMembershipOf } from "~/auth/association.server";
import { pageNotFound, requireContext, requireViewer, type Viewer } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { isRateLimited, RateLimitedError, rateLimitRemaining } from "~/auth/user-action-limits.server";
import {
  createPost,
  deletePost,
  editPost,
  type PostRefusal,
  setPostMark,
  votePost,
} from "~/commands/community-posts.server";
import { wakeLinkPreviews } from "~/commands/link-previews.server";
import { isPostingSuspended } from "~/commands/moderation.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, isMultipart, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { feedPage, getPost, type PostingScope } from "~/queries/community-posts.server";
import { removeStoredFiles } from "~/storage/files.server";
import {
  type AcceptedFile,
  checkReceivedFiles,
  fitImages,
  type ReceivedFile,
  readFilesUpload,
} from "~/storage/uploads.server";

/**
 * /common-area (issue 29, parts 1 and 2): the community feed's loader and the posts' forms, which the
 * post page (/posts/{id}) posts to as well. Each form says where to come back to (`redirectTo`, a
 * safe same-site path); every form works without JavaScript.
 */

export const FEED_PATH = "/common-area";

/**
 * The post's text against the content rules. Not contentField("post"): Conform's type coercion turns
 * the piped, trimmed "" of a whitespace-only text into undefined, which then reads "Required" instead of
 * the spec's "Post content is required"; refining before trimming keeps the rules' own messages.
 */
const content = z
  .string({
    required_error: contentMessage("post", "CONTENT_REQUIRED"),
    invalid_type_error: contentMessage("post", "CONTENT_REQUIRED"),
  })
  .max(CONTENT_MAX_LENGTH.post * 4, contentMessage("post", "CONTENT_TOO_LONG"))
  .superRefine(refineContent("post"))
  .transform((v) => v.trim());
const postId = z.string().uuid();
const redirectTo = z.string().max(2000).optional();
const onOff = z.enum(["true", "false"]).transform((v) => v === "true");

/** The feed's and the post page's forms, told apart by their hidden intent. */
export const PostsActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    content,
    postType: z.enum(COMPOSER_POST_TYPES).default("text"),
    visibility: z.enum(POST_VISIBILITIES).default("public"),
    redirectTo,
    // Forums (issue 29, part 5): a post in a category, a question, forum tags (the rules: createPost).
    categoryId: z.string().uuid().optional(),
    isQuestion: z.literal("on").optional(),
    tags: z.string().max(1000).optional(),
    // A category's announcement (decision 085): createPost lets only its moderators post one.
    isAnnouncement: z.literal("on").optional(),
  }),
  z.object({
    intent: z.literal("edit"),
    postId,
    version: z.coerce.number().int().min(1).max(2_000_000_000),
    content,
    postType: z.enum(POST_TYPES),
    visibility: z.enum(POST_VISIBILITIES),
    redirectTo,
  }),
  z.object({ intent: z.literal("delete"), postId, redirectTo }),
  z.object({ intent: z.literal("vote"), postId, direction: z.enum(["up", "down"]), redirectTo }),
  z.object({ intent: z.literal("bookmark"), postId, on: onOff, redirectTo }),
  z.object({ intent: z.literal("share"), postId, on: onOff, redirectTo }),
]);
export const POSTS_INTENTS = ["create", "edit", "delete", "vote", "bookmark", "share"] as const;

/**
 * Where the person's organization posts go and come from (docs/decisions/065-feed-sorts-and-post-visibility.md): the
 * association of their active membership, else the company of their active context.
 */
export async function postingScope(viewer: Viewer): Promise<PostingScope & { name: string | null }> {
  const { membership } = await activeMembershipOf(viewer.user.id);
  if (membership)
    return {
      associationId: membership.associationId,
      organizationId: null,
      name: membership.associationName,
    };
  const organizationId = viewer.context?.organizationId ?? null;
  return {
    associationId: null,
    organizationId,
    name: organizationId ? (viewer.role?.organizationName ?? null) : null,
  };
}

export async function feedLoader(request: Request) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const params = parseFeedParams(url.searchParams);
  const db = await getDb();
  const scope = await postingScope(viewer);
  // ?card={id}: one card as the reader may read it now (null when gone), for a card that Load More
  // Posts added and that was edited since (decision 087: the live feed refreshes it); no page is read.
  const cardId = url.searchParams.get("card");
  const refreshing = isPostId(cardId);
  const page = refreshing
    ? { posts: [], nextCursor: null }
    : await feedPage(db, viewer.user.id, scope, params);
  const refreshed = refreshing ? await getPost(db, viewer.user.id, cardId) : null;
  const editId = url.searchParams.get("edit");
  const editing = isPostId(editId) ? await getPost(db, viewer.user.id, editId) : null;
  const { cursor, ...shown } = params;
  const posting = viewer.context ? await rateLimitRemaining(db, viewer.user.id, "create_post") : null;
  return json({
    params: shown,
    /** The address of this page (forms come back to it). */
    here: `${url.pathname}${url.search}`,
    morePage: cursor !== null,
    posts: page.posts,
    nextCursor: page.nextCursor,
    canPost: Boolean(viewer.context),
    /** "N posts remaining" when fewer than 5 remain; Post is off while rate-limited. */
    postsRemainingHint: posting?.hint ?? null,
    postingLimited: posting?.limited ?? false,
    organization: scope.associationId || scope.organizationId ? { name: scope.name } : null,
    editing: editing?.mine ? editing : null,
    /** The card asked for with ?card={id} (null when not asked, or gone). */
    refreshed: refreshing ? { id: cardId, post: refreshed } : null,
    feeds: FEED_VARIANTS,
    now: new Date().toISOString(),
    /** The reader (the Personal feed's live "N new posts" counts their own posts from other tabs). */
    viewerId: viewer.user.id,
    /** The Organization feed's scope (its live "N new posts" counts posts from it). */
    scope: { associationId: scope.associationId, organizationId: scope.organizationId },
  });
}

export type FeedLoaderData = Awaited<ReturnType<typeof feedLoader>>;

/** Where a form comes back to: a same-site path (the feed by default), without a fragment. */
const backTo = (raw: string | undefined) => safeRedirect(raw, FEED_PATH).split("#")[0] as string;

/**
 * The composer's form: multipart (its text and up to 10 media files). The person's context is
 * required before a byte of the body is read; each file is streamed to private storage as it arrives
 * (app/storage/uploads.server.ts, with the post's rules: 10 files of 10 MB, by content).
 */
async function readPostsForm(request: Request) {
  if (!isMultipart(request)) return { ...(await parseSubmission(request, PostsActionSchema)), files: null };
  await requireContext(request);
  const { formData, files, tooMany } = await readFilesUpload(request, {
    area: "post-media",
    field: "media",
    rules: POST_MEDIA_RULES,
  });
  return {
    formData,
    submission: parseWithZod(formData, { schema: PostsActionSchema }),
    files: { received: files, tooMany },
  };
}

export async function postsAction(request: Request) {
  const viewer = await requireViewer(request);
  const me = viewer.user.id;
  const { formData, submission, files } = await readPostsForm(request);
  // Files come only with a new post; anything else sent as multipart keeps none of them.
  if (files && (submission.status !== "success" || submission.value.intent !== "create"))
    await removeStoredFiles(files.received.map((f) => f.key));
  if (submission.status !== "success") {
    return json(
      {
        intent: intentOf(submission.payload, POSTS_INTENTS),
        postId: typeof submission.payload.postId === "string" ? submission.payload.postId : null,
        result: submission.reply(),
        current: null,
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const db = await getDb();
  const refused = (outcome: PostRefusal, id: string | null) => {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      {
        intent: input.intent,
        postId: id,
        result: submission.reply({
          formErrors: outcome.field ? [] : [outcome.message],
          fieldErrors: outcome.field ? { [outcome.field]: [outcome.message] } : {},
        }),
        current: outcome.current ?? null,
      },
      { status: domainErrorStatus(outcome.kind) },
    );
  };
  const rateLimited = (error: RateLimitedError) =>
    json(
      {
        intent: input.intent,
        postId: "postId" in input ? input.postId : null,
        result: submission.reply({ formErrors: [error.message] }),
        current: null,
      },
      { status: 429, headers: { "Retry-After": String(error.retryAfter) } },
    );
  switch (input.intent) {
    case "create": {
      const active = await requireContext(request);
      const scope = await postingScope(active);
      let media: Awaited<ReturnType<typeof acceptedMedia>>;
      try {
        media = await acceptedMedia(files, me);
      } catch (error) {
        if (isRateLimited(error)) return rateLimited(error);
        throw error;
      }
      if (!media.ok)
        return json(
          {
            intent: input.intent,
            postId: null,
            result: submission.reply({ fieldErrors: { media: media.errors } }),
            current: null,
          },
          { status: 400 },
        );
      let outcome: Awaited<ReturnType<typeof createPost>>;
      try {
        // create_post, 10 an hour (spec 002 section 9), counted in the post's own transaction.
        outcome = await once(request, me, formData, (tx) =>
          createPost(tx, {
            authorId: me,
            authorContextId: active.context.id,
            scope,
            postType: input.postType,
            visibility: input.visibility,
            content: input.content,
            media: media.files,
            rateLimited: true,
            forum: input.categoryId
              ? {
                  categoryId: input.categoryId,
                  isQuestion: input.isQuestion === "on",
                  tags: input.tags ?? "",
                  isAnnouncement: input.isAnnouncement === "on",
                }
              : undefined,
          }),
        );
      } catch (error) {
        await removeStoredFiles(media.files.map((f) => f.key));
        if (isRateLimited(error)) return rateLimited(error);
        // Posting suspended (decision 069): a 403 with the end date.
        if (isPostingSuspended(error))
          return json(
            {
              intent: input.intent,
              postId: null,
              result: submission.reply({ formErrors: [error.message] }),
              current: null,
            },
            { status: 403 },
          );
        throw error;
      }
      if (!outcome.ok) {
        await removeStoredFiles(media.files.map((f) => f.key));
        return refused(outcome, null);
      }
      // Committed: its link preview (if any) is fetched now, outside the request (decision 071).
      wakeLinkPreviews();
      return redirectWithFlash(backTo(input.redirectTo), { tone: "success", message: POST_MESSAGES.created });
    }
    case "edit": {
      const outcome = await editPost(db, {
        userId: me,
        postId: input.postId,
        version: input.version,
        content: input.content,
        postType: input.postType,
        visibility: input.visibility,
        scope: await postingScope(viewer),
      });
      if (!outcome.ok) return refused(outcome, input.postId);
      wakeLinkPreviews();
      const to = backTo(input.redirectTo)
        .replace(/([?&])edit=[^&#]*&?/, "$1")
        .replace(/[?&]$/, "");
      return redirectWithFlash(`${to}#post-${input.postId}`, {
        tone: "success",
        message: POST_MESSAGES.updated,
      });
    }
    case "delete": {
      const outcome = await deletePost(db, { userId: me, postId: input.postId });
      if (!outcome.ok) return refused(outcome, input.postId);
      const to = backTo(input.redirectTo);
      return redirectWithFlash(to.startsWith("/posts/") ? FEED_PATH : to, {
        tone: "success",
        message: POST_MESSAGES.deleted,
      });
    }
    case "vote": {
      let outcome: Awaited<ReturnType<typeof votePost>>;
      try {
        outcome = await votePost(db, {
          userId: me,
          postId: input.postId,
          direction: input.direction,
          rateLimited: true,
        });
      } catch (error) {
        if (isRateLimited(error)) return rateLimited(error);
        throw error;
      }
      if (!outcome.ok) return refused(outcome, input.postId);
      return redirect(`${backTo(input.redirectTo)}#post-${input.postId}`);
    }
    case "bookmark":
    case "share": {
      const outcome = await setPostMark(db, {
        userId: me,
        postId: input.postId,
        mark: input.intent,
        on: input.on,
      });
      if (!outcome.ok) return refused(outcome, input.postId);
      const message =
        input.intent === "bookmark"
          ? input.on
            ? POST_MESSAGES.saved
            : POST_MESSAGES.unsaved
          : input.on
            ? POST_MESSAGES.shared
            : POST_MESSAGES.unshared;
      return redirectWithFlash(`${backTo(input.redirectTo)}#post-${input.postId}`, {
        tone: "success",
        message,
      });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

export type PostsActionData = Awaited<ReturnType<typeof postsAction>>;

/**
 * A new post's media: every file checked by its content before any is kept (the per-file messages of
 * spec 002 section 8), refused while the person is over create_post's limit (before any picture is
 * decoded), then pictures downscaled and re-encoded. On any refusal no file is kept.
 */
async function acceptedMedia(
  files: { received: ReceivedFile[]; tooMany: boolean } | null,
  userId: string,
): Promise<{ ok: true; files: AcceptedFile[] } | { ok: false; errors: string[] }> {
  if (!files || (files.received.length === 0 && !files.tooMany)) return { ok: true, files: [] };
  const checked = await checkReceivedFiles(files.received, files.tooMany, POST_MEDIA_RULES);
  if (checked.errors.length > 0) return { ok: false, errors: checked.errors };
  const posting = await rateLimitRemaining(await getDb(), userId, "create_post");
  if (posting.limited) {
    await removeStoredFiles(checked.accepted.map((f) => f.key));
    throw new RateLimitedError("create_post", posting.retryAfter);
  }
  const fitted = await fitImages(checked.accepted, "post-media", POST_LIMITS.mediaMaxBytes);
  if (fitted.errors.length > 0) return { ok: false, errors: fitted.errors };
  return { ok: true, files: fitted.accepted };
}
