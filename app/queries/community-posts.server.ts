import { type Queryable, queryRows } from "@db/client";
import type { PostMedia } from "@db/schema";
import { EXPERT_MIN_KARMA } from "@domain/community/comments";
import { PINNED_ANNOUNCEMENTS_MAX } from "@domain/community/forums";
import {
  encodeCursor,
  type FeedParams,
  POST_LIMITS,
  type PostType,
  type PostVisibility,
} from "@domain/community/posts";
import { topWindowStart } from "@domain/community/sorts";
import type { VoteValue } from "@domain/community/votes";
import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { type SQL, sql } from "drizzle-orm";
import { moderationAllows, notModeratedFor } from "./moderation-visibility.server";
import { areConnected, isBlockedBetween } from "./network-access.server";

/**
 * The community feed's reads (issue 29, parts 1 and 2): the feed's variants, filters, sorts and
 * pages, one post, the Saved list. Every read path goes through `visibleTo` (lists, in SQL) or
 * `mayReadPost` (one post, through network-access.server's areConnected / isBlockedBetween); the
 * integration tests hold both to the same answers (tests/integration/community-posts.test.ts).
 */

/** The organization a person's active context posts to and reads: their association, else their company. */
export interface PostingScope {
  associationId: string | null;
  organizationId: string | null;
}

/**
 * Whether the person may read posts of visibility "professional": they hold a current role other than
 * homeowner (docs/decisions/065-feed-sorts-and-post-visibility.md).
 */
const isProfessional = (viewer: SQL) =>
  sql`exists (select 1 from user_professional_roles r
      where r.user_id = ${viewer} and r.is_current and r.role_type <> 'homeowner')`;

/**
 * Forums (issue 29, part 5; decision 067): a post in a private category is read only by the
 * category's active members (its author included), whatever its visibility.
 */
const categoryReadable = (
  v: SQL,
) => sql`(p.category_id is null or not exists (select 1 from forum_categories fc
  where fc.id = p.category_id and fc.is_private and not exists (select 1 from forum_memberships fm
    where fm.category_id = fc.id and fm.user_id = ${v} and fm.status = 'active')))`;

/**
 * The visibility rule in SQL, for post alias `p` and the reader `viewerId` (decision 065): the author
 * always; nobody across a block; then public, professional, organization or connections_only; and a
 * private forum category's posts only for its members (decision 067).
 */
export function visibleTo(viewerId: string | SQL): SQL {
  const v = typeof viewerId === "string" ? sql`${viewerId}::uuid` : viewerId;
  return sql`p.deleted_at is null and ${notModeratedFor("post", sql`p.id`, sql`p.author_id`, v)}
    and ${audienceOf(v)}`;
}

/**
 * The audience part of visibleTo: who the post is for, whether or not it was since deleted or
 * moderated (a live update tells the people who had it on screen that it went: decision 075).
 */
function audienceOf(v: SQL): SQL {
  return sql`${categoryReadable(v)} and (p.author_id = ${v} or (
    not exists (select 1 from connections b where b.status = 'blocked'
      and ((b.requester_id = p.author_id and b.addressee_id = ${v})
        or (b.addressee_id = p.author_id and b.requester_id = ${v})))
    and (
      p.visibility = 'public'
      or (p.visibility = 'professional' and ${isProfessional(v)})
      or (p.visibility = 'organization' and (
        (p.association_id is not null and exists (select 1 from association_members m
          where m.association_id = p.association_id and m.user_id = ${v} and m.status = 'active'))
        or (p.organization_id is not null and exists (select 1 from user_professional_roles r
          where r.organization_id = p.organization_id and r.user_id = ${v} and r.is_current))))
      or (p.visibility = 'connections_only' and exists (select 1 from connections c where c.status = 'accepted'
        and ((c.requester_id = p.author_id and c.addressee_id = ${v})
          or (c.addressee_id = p.author_id and c.requester_id = ${v}))))
    )))`;
}

interface VisibilityFacts {
  author_id: string;
  visibility: PostVisibility;
  association_id: string | null;
  organization_id: string | null;
  deleted: boolean;
  category_readable: boolean;
}

/**
 * Whether `viewerId` may read the post (the post page, media, votes, bookmarks, shares): the same
 * rule as visibleTo, one post at a time, with the network's own areConnected / isBlockedBetween.
 * False for a missing or deleted post.
 */
export async function mayReadPost(db: Queryable, viewerId: string, postId: string): Promise<boolean> {
  const [post] = await queryRows<VisibilityFacts>(
    db,
    sql`select author_id, visibility, association_id, organization_id, deleted_at is not null as deleted,
          ${categoryReadable(sql`${viewerId}::uuid`)} as category_readable
        from posts p where id = ${postId}`,
  );
  if (!post || post.deleted || !post.category_readable) return false;
  if (post.author_id === viewerId) return true;
  // Hidden or removed by moderators: only the author and administrators (decision 069).
  if (!(await moderationAllows(db, "post", postId, post.author_id, viewerId))) return false;
  if (await isBlockedBetween(db, post.author_id, viewerId)) return false;
  switch (post.visibility) {
    case "public":
      return true;
    case "professional": {
      const [row] = await queryRows<{ ok: boolean }>(
        db,
        sql`select ${isProfessional(sql`${viewerId}::uuid`)} as ok`,
      );
      return Boolean(row?.ok);
    }
    case "organization": {
      const [row] = await queryRows<{ ok: boolean }>(
        db,
        sql`select (${post.association_id}::uuid is not null and exists (select 1 from association_members m
              where m.association_id = ${post.association_id}::uuid and m.user_id = ${viewerId} and m.status = 'active'))
            or (${post.organization_id}::uuid is not null and exists (select 1 from user_professional_roles r
              where r.organization_id = ${post.organization_id}::uuid and r.user_id = ${viewerId} and r.is_current)) as ok`,
      );
      return Boolean(row?.ok);
    }
    case "connections_only":
      return areConnected(db, post.author_id, viewerId);
    default:
      return false;
  }
}

export interface PostCard {
  id: string;
  authorId: string;
  authorName: string;
  authorUsername: string | null;
  authorAvatarUrl: string | null;
  /** The author's role when they posted (spec 002: the Board Member badge), or null. */
  authorBadge: string | null;
  postType: PostType;
  visibility: PostVisibility;
  content: string;
  hashtags: string[];
  /** The post's media in order; each is served at /posts/media/{post id}/{index}. */
  media: { name: string; contentType: string; size: number }[];
  upvotes: number;
  downvotes: number;
  score: number;
  bookmarksCount: number;
  sharesCount: number;
  commentsCount: number;
  version: number;
  editedAt: string | null;
  createdAt: string;
  myVote: VoteValue | null;
  bookmarked: boolean;
  shared: boolean;
  mine: boolean;
  /** Expert status of the author from karma, and the post's awards by kind (decision 066). */
  authorExpert: boolean;
  awards: Partial<Record<string, number>>;
  awardedByMe: boolean;
  /** Moderation (decision 069): hidden or removed, with the reason (the author and admins see these). */
  moderation: { state: "hidden" | "removed"; reason: string } | null;
  /** The reader reported this post. */
  reportedByMe: boolean;
  /** Forums (issue 29, part 5): the post's category, question flag and forum tags. */
  category: { name: string; slug: string; archived: boolean } | null;
  isQuestion: boolean;
  /** Posted as its category's announcement by a moderator (decision 085): labelled, pinned on its page. */
  isAnnouncement: boolean;
  /** A question's accepted answer (a comment id), or null. */
  acceptedCommentId: string | null;
  tags: string[];
  /**
   * The link preview fetched for the post's first URL (decision 071), or null: plain text shown escaped;
   * `domain` is the URL's host. `imageUrl` is the page's picture as this site stored it, on our own
   * origin (decision 087), or null: a stranger's image address is never sent to the reader.
   */
  linkPreview: {
    url: string;
    domain: string;
    title: string | null;
    description: string | null;
    siteName: string | null;
    imageUrl: string | null;
  } | null;
}

interface CardRow {
  id: string;
  author_id: string;
  author_name: string | null;
  author_username: string | null;
  author_avatar_url: string | null;
  author_context_type: string | null;
  post_type: PostType;
  visibility: PostVisibility;
  content: string;
  hashtags: string[];
  media: PostMedia[] | null;
  upvotes: number;
  downvotes: number;
  score: number;
  hot_score: number;
  controversy: number;
  bookmarks_count: number;
  shares_count: number;
  comments_count: number;
  version: number;
  edited_at: string | null;
  created_at: string;
  my_vote: number | null;
  bookmarked: boolean;
  shared: boolean;
  author_expert: boolean;
  awards: Partial<Record<string, number>> | null;
  awarded_by_me: boolean;
  moderation_state: "hidden" | "removed" | null;
  moderation_reason: string | null;
  reported_by_me: boolean;
  category_name: string | null;
  category_slug: string | null;
  category_archived: boolean | null;
  is_question: boolean;
  is_announcement: boolean;
  accepted_comment_id: string | null;
  tags: string[] | null;
  link_url: string | null;
  link_title: string | null;
  link_description: string | null;
  link_site_name: string | null;
  link_image_key: string | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * The accepted answer as readers see it: none while that comment is hidden or removed by a moderator
 * (the choice is kept, so it returns if the comment is restored on appeal).
 */
const ACCEPTED_ANSWER = sql`case when exists (select 1 from moderated_content am where am.target_kind = 'comment'
    and am.target_id = p.accepted_comment_id) then null else p.accepted_comment_id end`;

/** The card's columns for reader `viewerId` (post alias p). */
const cardColumns = (viewerId: string) => sql`
  p.id, p.author_id,
  coalesce(nullif(trim(a.display_name), ''), nullif(trim(a.full_name), ''), 'Anonymous User') as author_name,
  a.username as author_username, a.avatar_url as author_avatar_url, rc.context_type as author_context_type,
  p.post_type, p.visibility, p.content, p.hashtags, p.media, p.upvotes, p.downvotes, p.score,
  p.hot_score, p.controversy, p.bookmarks_count, p.shares_count, p.comments_count, p.version,
  ${iso("p.edited_at")} as edited_at, ${iso("p.created_at")} as created_at,
  (select v.value from post_votes v where v.post_id = p.id and v.user_id = ${viewerId}) as my_vote,
  exists (select 1 from post_bookmarks k where k.post_id = p.id and k.user_id = ${viewerId}) as bookmarked,
  exists (select 1 from post_shares s where s.post_id = p.id and s.user_id = ${viewerId}) as shared,
  coalesce((select uk.total from user_karma uk where uk.user_id = p.author_id), 0) >= ${EXPERT_MIN_KARMA} as author_expert,
  (select coalesce(jsonb_object_agg(x.award, x.n), '{}'::jsonb) from (select aw.award, count(*)::int as n
    from content_awards aw where aw.post_id = p.id and aw.comment_id is null group by aw.award) x) as awards,
  exists (select 1 from content_awards g where g.post_id = p.id and g.comment_id is null
    and g.giver_id = ${viewerId}) as awarded_by_me,
  pmod.state as moderation_state, pmod.reason as moderation_reason,
  exists (select 1 from content_reports cr where cr.target_kind = 'post' and cr.target_id = p.id
    and cr.reporter_id = ${viewerId}) as reported_by_me,
  cat.name as category_name, cat.slug as category_slug, cat.is_archived as category_archived, p.is_question, p.is_announcement, ${ACCEPTED_ANSWER} as accepted_comment_id, p.tags,
  p.link_url, p.link_title, p.link_description, p.link_site_name, p.link_image_key`;

const cardFrom = sql`from posts p
  join user_profiles a on a.id = p.author_id
  left join role_contexts rc on rc.id = p.author_context_id
  left join moderated_content pmod on pmod.target_kind = 'post' and pmod.target_id = p.id
  left join forum_categories cat on cat.id = p.category_id`;

function toCard(r: CardRow, viewerId: string): PostCard {
  const badgeType = r.author_context_type as RoleType | null;
  return {
    id: r.id,
    authorId: r.author_id,
    authorName: r.author_name ?? "Anonymous User",
    authorUsername: r.author_username,
    authorAvatarUrl: r.author_avatar_url,
    authorBadge: badgeType && badgeType in ROLE_LABELS ? ROLE_LABELS[badgeType] : null,
    postType: r.post_type,
    visibility: r.visibility,
    content: r.content,
    hashtags: r.hashtags ?? [],
    media: (r.media ?? []).map((m) => ({ name: m.name, contentType: m.contentType, size: m.size })),
    upvotes: Number(r.upvotes),
    downvotes: Number(r.downvotes),
    score: Number(r.score),
    bookmarksCount: Number(r.bookmarks_count),
    sharesCount: Number(r.shares_count),
    commentsCount: Number(r.comments_count),
    version: Number(r.version),
    editedAt: r.edited_at,
    createdAt: r.created_at,
    myVote: r.my_vote === 1 ? 1 : r.my_vote === -1 ? -1 : null,
    bookmarked: Boolean(r.bookmarked),
    shared: Boolean(r.shared),
    mine: r.author_id === viewerId,
    authorExpert: Boolean(r.author_expert),
    awards: r.awards ?? {},
    awardedByMe: Boolean(r.awarded_by_me),
    moderation: r.moderation_state ? { state: r.moderation_state, reason: r.moderation_reason ?? "" } : null,
    reportedByMe: Boolean(r.reported_by_me),
    category:
      r.category_name && r.category_slug
        ? { name: r.category_name, slug: r.category_slug, archived: Boolean(r.category_archived) }
        : null,
    isQuestion: Boolean(r.is_question),
    isAnnouncement: Boolean(r.is_announcement),
    acceptedCommentId: r.accepted_comment_id ?? null,
    tags: r.tags ?? [],
    linkPreview: linkPreviewOf(r),
  };
}

/**
 * Where a post's stored preview picture is served (routes/posts.link-image.$postId.$name.ts): the
 * storage key's random name is in the address, so a replaced picture never shows from a cache.
 */
export function linkImagePath(postId: string, key: string | null): string | null {
  const name = key?.split("/").at(-1);
  return name ? `/posts/link-image/${postId}/${name}` : null;
}

/** The card's preview: only a stored http(s) URL with a title or a description. */
function linkPreviewOf(
  r: Pick<
    CardRow,
    "id" | "link_url" | "link_title" | "link_description" | "link_site_name" | "link_image_key"
  >,
): PostCard["linkPreview"] {
  if (!r.link_url || !(r.link_title || r.link_description)) return null;
  let domain: string;
  try {
    const url = new URL(r.link_url);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    domain = url.hostname.replace(/^www\./u, "");
  } catch {
    return null;
  }
  return {
    url: r.link_url,
    domain,
    title: r.link_title,
    description: r.link_description,
    siteName: r.link_site_name,
    imageUrl: linkImagePath(r.id, r.link_image_key),
  };
}

const SORT_COLUMN = {
  recent: "p.created_at",
  hot: "p.hot_score",
  top: "p.score",
  controversial: "p.controversy",
} as const;

/** The sort's value of a row, as its cursor carries it. */
function sortValue(r: CardRow, sort: FeedParams["sort"]): string | number {
  switch (sort) {
    case "recent":
      return r.created_at;
    case "hot":
      return Number(r.hot_score);
    case "top":
      return Number(r.score);
    case "controversial":
      return Number(r.controversy);
  }
}

/** People whose posts and shares fill "My Network": the viewer's accepted connections. */
const connectionIds = (
  v: SQL,
) => sql`(select case when c.requester_id = ${v} then c.addressee_id else c.requester_id end
  from connections c where c.status = 'accepted' and (c.requester_id = ${v} or c.addressee_id = ${v}))`;

export interface FeedPage {
  posts: PostCard[];
  nextCursor: string | null;
}

/**
 * One page of a feed variant for the reader, filtered and sorted on the server, after `params.cursor`
 * (keyset: the sort's value, then the id). 20 a page (spec 002 section 9).
 */
export async function feedPage(
  db: Queryable,
  viewerId: string,
  scope: PostingScope,
  params: FeedParams,
  now = new Date(),
  /** Forums (issue 29, part 5): only this category's posts (its page). */
  categoryId: string | null = null,
): Promise<FeedPage> {
  const rows = await queryRows<CardRow>(db, feedQuery(viewerId, scope, params, now, categoryId));
  const more = rows.length > POST_LIMITS.pageSize;
  const shown = rows.slice(0, POST_LIMITS.pageSize);
  const last = shown[shown.length - 1];
  return {
    posts: shown.map((r) => toCard(r, viewerId)),
    nextCursor: more && last ? encodeCursor({ value: sortValue(last, params.sort), id: last.id }) : null,
  };
}

/** feedPage's one statement (a page and one more row, to tell whether there is a next page). */
export function feedQuery(
  viewerId: string,
  scope: PostingScope,
  params: FeedParams,
  now: Date,
  categoryId: string | null,
): SQL {
  const v = sql`${viewerId}::uuid`;
  const where: SQL[] = [visibleTo(viewerId)];
  // A category's page pins its announcements above this list (categoryAnnouncements).
  if (categoryId) where.push(sql`p.category_id = ${categoryId}::uuid and not p.is_announcement`);
  switch (params.feed) {
    case "global":
      break;
    case "organization":
      where.push(
        sql`((${scope.associationId}::uuid is not null and p.association_id = ${scope.associationId}::uuid)
          or (${scope.organizationId}::uuid is not null and p.organization_id = ${scope.organizationId}::uuid))`,
      );
      break;
    case "connections":
      where.push(
        sql`(p.author_id in ${connectionIds(v)}
          or exists (select 1 from post_shares s where s.post_id = p.id and s.user_id in ${connectionIds(v)}))`,
      );
      break;
    case "personal":
      where.push(
        sql`(p.author_id = ${v} or exists (select 1 from post_shares s where s.post_id = p.id and s.user_id = ${v}))`,
      );
      break;
    case "saved":
      where.push(sql`exists (select 1 from post_bookmarks k where k.post_id = p.id and k.user_id = ${v})`);
      break;
  }
  if (params.type) where.push(sql`p.post_type = ${params.type}`);
  if (params.visibility) where.push(sql`p.visibility = ${params.visibility}`);
  if (params.sort === "top") {
    const start = topWindowStart(params.window, now);
    if (start) where.push(sql`p.created_at >= ${start.toISOString()}::timestamptz`);
  }
  const column = sql.raw(SORT_COLUMN[params.sort]);
  if (params.cursor) {
    const value =
      params.sort === "recent"
        ? sql`${String(params.cursor.value)}::timestamptz`
        : params.sort === "top"
          ? sql`${Number(params.cursor.value)}::int`
          : sql`${Number(params.cursor.value)}::float8`;
    where.push(sql`(${column}, p.id) < (${value}, ${params.cursor.id}::uuid)`);
  }
  // "desc nulls last", as the sort indexes are declared (db/schema/community.ts: drizzle's .desc() is
  // DESC NULLS LAST): a plain "desc" means NULLS FIRST, which no index gives, and at 1,000,000 posts
  // every first page became a full scan and sort (20-30 s; decision 074). The columns are not null,
  // so the order is the same.
  return sql`select ${cardColumns(viewerId)} ${cardFrom}
        where ${sql.join(where, sql` and `)}
        order by ${column} desc nulls last, p.id desc nulls last
        limit ${POST_LIMITS.pageSize + 1}`;
}

/**
 * A category's announcements for the reader (decision 085): pinned at the top of its page, the newest
 * first, read by the same visibility rule as every post.
 */
export async function categoryAnnouncements(
  db: Queryable,
  viewerId: string,
  categoryId: string,
): Promise<PostCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns(viewerId)} ${cardFrom}
        where ${visibleTo(viewerId)} and p.category_id = ${categoryId}::uuid and p.is_announcement
        order by p.created_at desc, p.id desc
        limit ${PINNED_ANNOUNCEMENTS_MAX}`,
  );
  return rows.map((r) => toCard(r, viewerId));
}

/** One post as its page shows it, or null when the reader may not read it (or it is gone). */
export async function getPost(db: Queryable, viewerId: string, postId: string): Promise<PostCard | null> {
  if (!(await mayReadPost(db, viewerId, postId))) return null;
  const [row] = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns(viewerId)} ${cardFrom} where p.id = ${postId} and p.deleted_at is null`,
  );
  return row ? toCard(row, viewerId) : null;
}

/** One of a post's media files for a reader who may read the post (the media route), or null. */
/**
 * The storage key of a post's link preview picture named `name` (its address), for a reader who may
 * read the post; null otherwise (another name is an old picture: gone).
 */
export async function getLinkPreviewImage(
  db: Queryable,
  viewerId: string,
  postId: string,
  name: string,
): Promise<string | null> {
  if (!(await mayReadPost(db, viewerId, postId))) return null;
  const [row] = await queryRows<{ key: string | null }>(
    db,
    sql`select link_image_key as key from posts where id = ${postId} and deleted_at is null`,
  );
  return row?.key && row.key.split("/").at(-1) === name ? row.key : null;
}

export async function getPostMedia(
  db: Queryable,
  viewerId: string,
  postId: string,
  index: number,
): Promise<PostMedia | null> {
  if (!(await mayReadPost(db, viewerId, postId))) return null;
  const [row] = await queryRows<{ media: PostMedia[] }>(
    db,
    sql`select media from posts where id = ${postId} and deleted_at is null`,
  );
  return row?.media?.[index] ?? null;
}

/** What a live "post" event tells a reader: enough for the feed to tell whether it matches its filters. */
export interface NewPostSignal {
  id: string;
  authorId: string;
  postType: PostType;
  visibility: PostVisibility;
  /** The author is a connection of this reader (the Connections feed counts it). */
  fromConnection: boolean;
  /** Where it was posted from (the Organization feed of that association or company counts it). */
  associationId: string | null;
  organizationId: string | null;
}

/**
 * Which of `userIds` may read a new post (the live feed, issue 29, part 2), each with whether its
 * author is their connection: one query for every stream an app server holds, however many there are.
 */
export async function readersOfPost(
  db: Queryable,
  postId: string,
  userIds: readonly string[],
): Promise<{
  post: Omit<NewPostSignal, "fromConnection"> | null;
  readers: { id: string; fromConnection: boolean }[];
}> {
  const [post] = await queryRows<{
    author_id: string;
    post_type: PostType;
    visibility: PostVisibility;
    association_id: string | null;
    organization_id: string | null;
  }>(
    db,
    sql`select author_id, post_type, visibility, association_id, organization_id from posts
        where id = ${postId} and deleted_at is null`,
  );
  if (!post || userIds.length === 0) return { post: null, readers: [] };
  const readers: { id: string; fromConnection: boolean }[] = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const batch = userIds.slice(i, i + 1000);
    const rows = await queryRows<{ id: string; from_connection: boolean }>(
      db,
      sql`select r.id, ${post.author_id}::uuid in ${connectionIds(sql`r.id`)} as from_connection
          from (select jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb)::uuid as id) r
          where exists (select 1 from posts p where p.id = ${postId} and ${visibleTo(sql`r.id`)})`,
    );
    readers.push(...rows.map((r) => ({ id: r.id, fromConnection: Boolean(r.from_connection) })));
  }
  return {
    post: {
      id: postId,
      authorId: post.author_id,
      postType: post.post_type,
      visibility: post.visibility,
      associationId: post.association_id,
      organizationId: post.organization_id,
    },
    readers,
  };
}

/**
 * A post's numbers for an open feed or post page (decision 075): its counters and version, or `gone`
 * when the reader may no longer read it (deleted, or hidden or removed by a moderator).
 */
export type PostUpdate =
  | {
      id: string;
      gone: false;
      upvotes: number;
      downvotes: number;
      score: number;
      commentsCount: number;
      sharesCount: number;
      bookmarksCount: number;
      version: number;
      acceptedCommentId: string | null;
      /** The link preview, which the background job may store after the post was shown. */
      linkPreview: PostCard["linkPreview"];
    }
  | { id: string; gone: true };

/**
 * The live updates of changed posts for the people of an app server's streams, in one query per
 * thousand people however many posts changed: each reader gets the posts they may read now, with their
 * numbers, and `gone` for those they could read before they were deleted or moderated. Nobody hears of
 * a post outside its audience.
 */
export async function postUpdatesFor(
  db: Queryable,
  postIds: readonly string[],
  userIds: readonly string[],
): Promise<Map<string, PostUpdate[]>> {
  const out = new Map<string, PostUpdate[]>();
  if (postIds.length === 0 || userIds.length === 0) return out;
  const ids = JSON.stringify([...new Set(postIds)]);
  for (let i = 0; i < userIds.length; i += 1000) {
    const batch = JSON.stringify(userIds.slice(i, i + 1000));
    const rows = await queryRows<{
      reader: string;
      id: string;
      readable: boolean;
      upvotes: number;
      downvotes: number;
      score: number;
      comments_count: number;
      shares_count: number;
      bookmarks_count: number;
      version: number;
      accepted_comment_id: string | null;
      link_url: string | null;
      link_title: string | null;
      link_description: string | null;
      link_site_name: string | null;
      link_image_key: string | null;
    }>(
      db,
      sql`select r.id as reader, p.id, (${visibleTo(sql`r.id`)}) as readable, p.upvotes, p.downvotes, p.score,
            p.comments_count, p.shares_count, p.bookmarks_count, p.version, ${ACCEPTED_ANSWER} as accepted_comment_id,
            p.link_url, p.link_title, p.link_description, p.link_site_name, p.link_image_key
          from (select jsonb_array_elements_text(${batch}::jsonb)::uuid as id) r
          cross join posts p
          where p.id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid) and ${audienceOf(sql`r.id`)}`,
    );
    for (const row of rows) {
      const update: PostUpdate = row.readable
        ? {
            id: row.id,
            gone: false,
            upvotes: Number(row.upvotes),
            downvotes: Number(row.downvotes),
            score: Number(row.score),
            commentsCount: Number(row.comments_count),
            sharesCount: Number(row.shares_count),
            bookmarksCount: Number(row.bookmarks_count),
            version: Number(row.version),
            acceptedCommentId: row.accepted_comment_id,
            linkPreview: linkPreviewOf(row),
          }
        : { id: row.id, gone: true };
      const list = out.get(row.reader);
      if (list) list.push(update);
      else out.set(row.reader, [update]);
    }
  }
  return out;
}
