import { parseWithZod } from "@conform-to/zod";
import { FORUM_MESSAGES, SLUG } from "@domain/community/forums";
import { type FeedParams, isPostId, parseFeedParams } from "@domain/community/posts";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { rateLimitRemaining } from "~/auth/user-action-limits.server";
import {
  decideJoinRequest,
  type ForumRefusal,
  isPlatformAdmin,
  mayModerateCategory,
  setCategoryArchived,
  setForumRole,
} from "~/commands/community-forums.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, readForm, withFormBody } from "~/forms.server";
import {
  getCategory,
  type JoinRequest,
  pendingRequests,
  plainMembers,
} from "~/queries/community-forums.server";
import { categoryAnnouncements, feedPage, getPost } from "~/queries/community-posts.server";
import { POSTS_INTENTS, postingScope, postsAction } from "./_app.common-area._index.server";
import { FORUMS_PATH, membershipAction } from "./_app.common-area.forums._index.server";

/**
 * /common-area/forums/{slug} (issue 29, part 5): one category: its rules, moderators and posts (members
 * only for a private one), the composer for its members, the join requests and roles for its
 * moderators. The post forms (create, vote, save, share, edit, delete) are the feed's own action.
 */

/** The category page's address for these sorts (defaults left out). */
export function categoryPageHref(
  slug: string,
  params: Pick<FeedParams, "sort" | "window">,
  cursor?: string | null,
) {
  const s = new URLSearchParams();
  if (params.sort !== "recent") s.set("sort", params.sort);
  if (params.sort === "top" && params.window !== "week") s.set("window", params.window);
  if (cursor) s.set("cursor", cursor);
  const q = s.toString();
  return `${FORUMS_PATH}/${slug}${q ? `?${q}` : ""}`;
}

const slugOf = (raw: string | undefined) =>
  raw && raw.length <= 80 && SLUG.test(raw) ? raw : pageNotFound();

export async function categoryLoader(request: Request, rawSlug: string | undefined) {
  const viewer = await requireViewer(request);
  const slug = slugOf(rawSlug);
  const db = await getDb();
  const category = await getCategory(db, viewer.user.id, slug);
  if (!category) pageNotFound();
  const url = new URL(request.url);
  const params = {
    ...parseFeedParams(url.searchParams),
    feed: "global" as const,
    type: null,
    visibility: null,
  };
  const member = category.myStatus === "active";
  const readable = !category.isPrivate || member;
  const moderator = await mayModerateCategory(db, viewer.user.id, category.id);
  const [page, announcements, requests, members, platformAdmin] = await Promise.all([
    readable
      ? feedPage(db, viewer.user.id, await postingScope(viewer), params, new Date(), category.id)
      : null,
    // Pinned above the posts on the first page (decision 085).
    readable && params.cursor === null ? categoryAnnouncements(db, viewer.user.id, category.id) : [],
    moderator ? pendingRequests(db, category.id) : Promise.resolve([] as JoinRequest[]),
    moderator ? plainMembers(db, category.id) : Promise.resolve([] as { userId: string; name: string }[]),
    isPlatformAdmin(db, viewer.user.id),
  ]);
  const editId = url.searchParams.get("edit");
  const editing = readable && isPostId(editId) ? await getPost(db, viewer.user.id, editId) : null;
  // An archived category is read-only: no composer, no join (decision 085).
  const canPost = member && Boolean(viewer.context) && !category.isArchived;
  const posting = canPost ? await rateLimitRemaining(db, viewer.user.id, "create_post") : null;
  const scope = await postingScope(viewer);
  return json({
    category,
    readable,
    moderator,
    /** Only the category's admin (or a platform admin) gives roles: mayModerate covers both for the form. */
    canGiveRoles: category.myRole === "admin" || (moderator && category.myRole !== "moderator"),
    requests,
    members,
    params: { sort: params.sort, window: params.window },
    here: `${url.pathname}${url.search}`,
    morePage: params.cursor !== null,
    posts: page?.posts ?? [],
    announcements,
    /** The composer's Announcement checkbox: the category's moderators (spec 002: shown when enabled). */
    canAnnounce: moderator,
    /** Archive and restore: platform administrators. */
    canArchive: platformAdmin,
    nextCursor: page?.nextCursor ?? null,
    canPost,
    hasContext: Boolean(viewer.context),
    postsRemainingHint: posting?.hint ?? null,
    postingLimited: posting?.limited ?? false,
    organization: scope.associationId || scope.organizationId ? { name: scope.name } : null,
    editing: editing?.mine ? editing : null,
    now: new Date().toISOString(),
  });
}

const userId = z.string().uuid();
export const CategoryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), userId }),
  z.object({ intent: z.literal("decline"), userId }),
  z.object({ intent: z.literal("role"), userId, role: z.enum(["member", "moderator", "admin"]) }),
  z.object({ intent: z.literal("join") }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("unarchive") }),
]);
const CATEGORY_INTENTS = ["approve", "decline", "role", "join", "leave", "archive", "unarchive"] as const;

/**
 * The category page's forms: the posts' own (to the feed's action, which checks membership through
 * createPost), join and leave, and the moderators' approve, decline and role forms.
 */
export async function categoryAction(request: Request, rawSlug: string | undefined) {
  const viewer = await requireViewer(request);
  const slug = slugOf(rawSlug);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (typeof intent === "string" && (POSTS_INTENTS as readonly string[]).includes(intent))
    return postsAction(withFormBody(request, formData));
  const submission = parseWithZod(formData, { schema: CategoryActionSchema });
  if (submission.status !== "success")
    return json(
      { intent: intentOf(submission.payload, CATEGORY_INTENTS), result: submission.reply(), error: null },
      { status: 400 },
    );
  const db = await getDb();
  const category = await getCategory(db, viewer.user.id, slug);
  if (!category) pageNotFound();
  const input = submission.value;
  const here = `${FORUMS_PATH}/${slug}`;
  const reply = (refusal: ForumRefusal) => {
    if (refusal.kind === "not_found") pageNotFound();
    return json(
      { intent: input.intent, result: null, error: refusal.message },
      { status: domainErrorStatus(refusal.kind) },
    );
  };
  if (input.intent === "join" || input.intent === "leave")
    return membershipAction(
      viewer,
      { intent: input.intent, categoryId: category.id, redirectTo: here },
      reply,
    );
  if (input.intent === "archive" || input.intent === "unarchive") {
    const outcome = await setCategoryArchived(db, {
      actorId: viewer.user.id,
      categoryId: category.id,
      archived: input.intent === "archive",
    });
    if (!outcome.ok) return reply(outcome);
    return redirectWithFlash(here, {
      tone: "success",
      message: input.intent === "archive" ? FORUM_MESSAGES.archivedDone : FORUM_MESSAGES.unarchivedDone,
    });
  }
  if (input.intent === "role") {
    const outcome = await setForumRole(db, {
      actorId: viewer.user.id,
      categoryId: category.id,
      userId: input.userId,
      role: input.role,
    });
    if (!outcome.ok) return reply(outcome);
    return redirectWithFlash(here, { tone: "success", message: "Role updated" });
  }
  const outcome = await decideJoinRequest(db, {
    actorId: viewer.user.id,
    categoryId: category.id,
    userId: input.userId,
    approve: input.intent === "approve",
  });
  if (!outcome.ok) return reply(outcome);
  return redirectWithFlash(here, {
    tone: "success",
    message: input.intent === "approve" ? FORUM_MESSAGES.approved : FORUM_MESSAGES.declined,
  });
}
