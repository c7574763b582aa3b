import { type Queryable, queryRows } from "@db/client";
import {
  AWARD_GIVER_MIN_KARMA,
  type Award,
  COMMENT_LIMITS,
  EXPERT_MIN_KARMA,
  isExpert,
  totalKarma,
} from "@domain/community/comments";
import { encodeCursor, type FeedCursor } from "@domain/community/posts";
import type { VoteValue } from "@domain/community/votes";
import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { sql } from "drizzle-orm";
import { visibleTo } from "./community-posts.server";
import { notModeratedFor } from "./moderation-visibility.server";

/**
 * The comments' reads (issue 29, parts 3 and 4; decision 066). Every read is held to its post's
 * visibility for the reader in SQL (`visibleTo`, the feed's own rule), so a comment is readable exactly
 * when its post is.
 */

export type AwardCounts = Partial<Record<Award, number>>;

export interface CommentView {
  id: string;
  postId: string;
  parentCommentId: string | null;
  threadDepth: number;
  authorId: string;
  authorName: string;
  authorUsername: string | null;
  authorAvatarUrl: string | null;
  /** The author's role when they wrote it (as the post card's badge), or null. */
  authorBadge: string | null;
  /** Expert status from karma (decision 066). */
  authorExpert: boolean;
  content: string;
  upvotes: number;
  downvotes: number;
  awards: AwardCounts;
  /** Whether the reader already gave this comment an award. */
  awardedByMe: boolean;
  myVote: VoteValue | null;
  version: number;
  editedAt: string | null;
  createdAt: string;
  /** Deleted with replies: shown as a placeholder. */
  deleted: boolean;
  mine: boolean;
  replies: CommentView[];
  /** The texts before each edit, newest first (the "(edited)" history). */
  edits: CommentEdit[];
  /** Whether the reader has reported it (the Report menu then reads "Reported"). */
  reportedByMe: boolean;
  /** What moderators did to it, for the readers who still see it (its author and administrators). */
  moderation: { state: "hidden" | "removed"; reason: string } | null;
}

interface CommentRow {
  id: string;
  post_id: string;
  parent_comment_id: string | null;
  thread_depth: number;
  author_id: string;
  author_name: string | null;
  author_username: string | null;
  author_avatar_url: string | null;
  author_context_type: string | null;
  author_karma: number;
  content: string;
  upvotes: number;
  downvotes: number;
  awards: AwardCounts | null;
  awarded_by_me: boolean;
  my_vote: number | null;
  version: number;
  edited_at: string | null;
  created_at: string;
  deleted: boolean;
  reported_by_me: boolean;
  mod_state: "hidden" | "removed" | null;
  mod_reason: string | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Award counts by kind of an item, as jsonb ({"helpful": 2}). */
export const awardCountsOf = (where: ReturnType<typeof sql>) =>
  sql`(select coalesce(jsonb_object_agg(x.award, x.n), '{}'::jsonb)
        from (select aw.award, count(*)::int as n from content_awards aw where ${where} group by aw.award) x)`;

const commentColumns = (viewerId: string) => sql`
  c.id, c.post_id, c.parent_comment_id, c.thread_depth, c.author_id,
  coalesce(nullif(trim(a.display_name), ''), nullif(trim(a.full_name), ''), 'Anonymous User') as author_name,
  a.username as author_username, a.avatar_url as author_avatar_url, rc.context_type as author_context_type,
  coalesce((select k.total from user_karma k where k.user_id = c.author_id), 0) as author_karma,
  c.content, c.upvotes, c.downvotes, c.version,
  ${awardCountsOf(sql`aw.comment_id = c.id`)} as awards,
  exists (select 1 from content_awards g where g.comment_id = c.id and g.giver_id = ${viewerId}) as awarded_by_me,
  (select v.value from comment_votes v where v.comment_id = c.id and v.user_id = ${viewerId}) as my_vote,
  ${iso("c.edited_at")} as edited_at, ${iso("c.created_at")} as created_at,
  -- Hidden or removed by moderators: a placeholder like a deleted comment for everyone else (decision 073).
  (c.deleted_at is not null or not ${readable(viewerId)}) as deleted,
  exists (select 1 from content_reports cr where cr.target_kind = 'comment' and cr.target_id = c.id
    and cr.reporter_id = ${viewerId}) as reported_by_me,
  cm.state as mod_state, cm.reason as mod_reason`;

/** The comment `c` is not hidden from the reader by moderators (decision 069's shared clause). */
const readable = (viewerId: string) =>
  notModeratedFor("comment", sql`c.id`, sql`c.author_id`, sql`${viewerId}::uuid`);

const commentFrom = (viewerId: string) => sql`from comments c
  join posts p on p.id = c.post_id and ${visibleTo(viewerId)}
  join user_profiles a on a.id = c.author_id
  left join role_contexts rc on rc.id = c.author_context_id
  left join moderated_content cm on cm.target_kind = 'comment' and cm.target_id = c.id`;

function toView(r: CommentRow, viewerId: string): CommentView {
  const badgeType = r.author_context_type as RoleType | null;
  const deleted = Boolean(r.deleted);
  return {
    id: r.id,
    postId: r.post_id,
    parentCommentId: r.parent_comment_id,
    threadDepth: Number(r.thread_depth),
    authorId: deleted ? "" : r.author_id,
    authorName: deleted ? "" : (r.author_name ?? "Anonymous User"),
    authorUsername: deleted ? null : r.author_username,
    authorAvatarUrl: deleted ? null : r.author_avatar_url,
    authorBadge: !deleted && badgeType && badgeType in ROLE_LABELS ? ROLE_LABELS[badgeType] : null,
    authorExpert: !deleted && isExpert(Number(r.author_karma)),
    content: deleted ? "" : r.content,
    upvotes: Number(r.upvotes),
    downvotes: Number(r.downvotes),
    awards: r.awards ?? {},
    awardedByMe: Boolean(r.awarded_by_me),
    myVote: r.my_vote === 1 ? 1 : r.my_vote === -1 ? -1 : null,
    version: Number(r.version),
    editedAt: r.edited_at,
    createdAt: r.created_at,
    deleted,
    mine: !deleted && r.author_id === viewerId,
    replies: [],
    edits: [],
    reportedByMe: Boolean(r.reported_by_me),
    moderation: !deleted && r.mod_state ? { state: r.mod_state, reason: r.mod_reason ?? "" } : null,
  };
}

export interface CommentsPage {
  comments: CommentView[];
  nextCursor: string | null;
}

/**
 * One page of a post's comments for the reader: 50 comments on the post, oldest first (keyset after
 * `cursor`: created_at, then id), each with all its replies. A deleted comment (or one moderators hid,
 * for everyone but its author and administrators) shows as a placeholder
 * while it has replies and not at all otherwise. Empty when the reader may not read the post.
 */
export async function commentsPage(
  db: Queryable,
  viewerId: string,
  postId: string,
  cursor: FeedCursor | null = null,
): Promise<CommentsPage> {
  const after = cursor
    ? sql`and (c.created_at, c.id) > (${String(cursor.value)}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const rows = await queryRows<CommentRow>(
    db,
    sql`select ${commentColumns(viewerId)} ${commentFrom(viewerId)}
        where c.post_id = ${postId} and c.parent_comment_id is null
          and ((c.deleted_at is null and ${readable(viewerId)}) or c.replies_count > 0) ${after}
        order by c.created_at, c.id
        limit ${COMMENT_LIMITS.pageSize + 1}`,
  );
  const more = rows.length > COMMENT_LIMITS.pageSize;
  const shown = rows.slice(0, COMMENT_LIMITS.pageSize).map((r) => toView(r, viewerId));
  if (shown.length > 0) {
    const replies = await queryRows<CommentRow>(
      db,
      sql`select ${commentColumns(viewerId)} ${commentFrom(viewerId)}
          where c.parent_comment_id in (select jsonb_array_elements_text(${JSON.stringify(shown.map((c) => c.id))}::jsonb)::uuid)
            and c.deleted_at is null and ${readable(viewerId)}
          order by c.created_at, c.id`,
    );
    const byParent = new Map(shown.map((c) => [c.id, c]));
    const all = [...shown];
    for (const r of replies) {
      const view = toView(r, viewerId);
      byParent.get(r.parent_comment_id as string)?.replies.push(view);
      all.push(view);
    }
    const edited = all.filter((c) => c.editedAt && !c.deleted);
    if (edited.length > 0) {
      const byId = new Map(edited.map((c) => [c.id, c]));
      const edits = await queryRows<{
        comment_id: string;
        content: string;
        version: number;
        edited_at: string;
      }>(
        db,
        sql`select comment_id, content, version, ${iso("edited_at")} as edited_at from comment_edits
            where comment_id in (select jsonb_array_elements_text(${JSON.stringify([...byId.keys()])}::jsonb)::uuid)
            order by version desc`,
      );
      for (const e of edits)
        byId
          .get(e.comment_id)
          ?.edits.push({ content: e.content, version: Number(e.version), editedAt: e.edited_at });
    }
  }
  const last = rows[Math.min(rows.length, COMMENT_LIMITS.pageSize) - 1];
  return {
    comments: shown,
    nextCursor: more && last ? encodeCursor({ value: last.created_at, id: last.id }) : null,
  };
}

/** One comment as the reader sees it (null when missing, deleted, or its post is not readable). */
export async function getComment(
  db: Queryable,
  viewerId: string,
  commentId: string,
): Promise<CommentView | null> {
  const [row] = await queryRows<CommentRow>(
    db,
    sql`select ${commentColumns(viewerId)} ${commentFrom(viewerId)}
        where c.id = ${commentId} and c.deleted_at is null and ${readable(viewerId)}`,
  );
  return row ? toView(row, viewerId) : null;
}

export interface CommentEdit {
  content: string;
  version: number;
  editedAt: string;
}

/** The texts a comment had before its edits, newest first (null when the reader may not read it). */
export async function commentHistory(
  db: Queryable,
  viewerId: string,
  commentId: string,
): Promise<{ comment: CommentView; edits: CommentEdit[] } | null> {
  const comment = await getComment(db, viewerId, commentId);
  if (!comment) return null;
  const edits = await queryRows<{ content: string; version: number; edited_at: string }>(
    db,
    sql`select content, version, ${iso("edited_at")} as edited_at from comment_edits
        where comment_id = ${commentId} order by version desc`,
  );
  return {
    comment,
    edits: edits.map((e) => ({ content: e.content, version: Number(e.version), editedAt: e.edited_at })),
  };
}

export interface Karma {
  post: number;
  comment: number;
  award: number;
  total: number;
  expert: boolean;
}

/** A person's karma by kind, and whether it gives them expert status. */
export async function karmaSummary(db: Queryable, userId: string): Promise<Karma> {
  const [row] = await queryRows<{ post_karma: number; comment_karma: number; award_karma: number }>(
    db,
    sql`select post_karma, comment_karma, award_karma from user_karma where user_id = ${userId}`,
  );
  const k = {
    post: Number(row?.post_karma ?? 0),
    comment: Number(row?.comment_karma ?? 0),
    award: Number(row?.award_karma ?? 0),
  };
  const total = totalKarma(k);
  return { ...k, total, expert: total >= EXPERT_MIN_KARMA };
}

/** Whether the person may give awards: enough karma, or a current administrator role. */
export async function mayGiveAwards(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select coalesce((select total from user_karma where user_id = ${userId}), 0) >= ${AWARD_GIVER_MIN_KARMA}
          or exists (select 1 from user_professional_roles r
            where r.user_id = ${userId} and r.role_type = 'admin' and r.is_current) as ok`,
  );
  return Boolean(row?.ok);
}
