import type { Database, Queryable } from "@db/client";
import { queryRows } from "@db/client";
import {
  AWARD_LABELS,
  type Award,
  awardEligibility,
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  depthOfReply,
  type KarmaChange,
  karmaForAward,
  karmaForVote,
} from "@domain/community/comments";
import { checkContent, mentionsIn } from "@domain/community/content-rules";
import { FORUM_MESSAGES } from "@domain/community/forums";
import { POST_MESSAGES } from "@domain/community/posts";
import { applyVote, type VoteDirection, type VoteValue } from "@domain/community/votes";
import { sql } from "drizzle-orm";
import { consumeRateLimit } from "~/auth/user-action-limits.server";
import { assertMayPost } from "~/commands/moderation.server";
import { type NewNotification, notifyAll } from "~/commands/notifications.server";
import { signalPostChanged } from "~/live/post-signals.server";
import { mayReadPost, visibleTo } from "~/queries/community-posts.server";
import { moderationAllows } from "~/queries/moderation-visibility.server";

/** A comment moderators hid or removed is read (and so voted on, replied to...) by its author only. */
const commentAllowed = (db: Queryable, commentId: string, authorId: string, viewerId: string) =>
  moderationAllows(db, "comment", commentId, authorId, viewerId);

/**
 * Comments, comment votes, awards and karma (issue 29, parts 3 and 4; decision 066). A comment is
 * readable and writable exactly when its post is readable by the person (mayReadPost / visibleTo, on
 * every path). Counters move in the transaction that writes what they count, after the counted row is
 * locked (`for update`): the post for comments_count, the parent comment for replies_count, the comment
 * for its votes and awards; karma moves by one upsert in the same transaction, so concurrent votes and
 * awards add up (tests/integration/community-comments.test.ts, on PostgreSQL).
 */

export type CommentRefusal = {
  ok: false;
  kind: "validation" | "not_found" | "authorization" | "conflict";
  message: string;
  field?: "content" | "award";
  current?: { content: string; version: number };
};

const refuse = (
  kind: CommentRefusal["kind"],
  message: string,
  extra: Partial<CommentRefusal> = {},
): CommentRefusal => ({ ok: false, kind, message, ...extra });

/** The content rules for a comment (domain/community/content-rules.ts, kind "comment"). */
function checkComment(content: string): CommentRefusal | null {
  const [first] = checkContent("comment", content).errors;
  return first ? refuse("validation", first, { field: "content" }) : null;
}

const KARMA_COLUMN = { post: "post_karma", comment: "comment_karma", award: "award_karma" } as const;

/** Moves a person's karma (one upsert: concurrent changes add up). Call inside the change's transaction. */
export async function adjustKarma(db: Queryable, change: KarmaChange | null): Promise<void> {
  if (!change || change.delta === 0) return;
  const column = sql.raw(KARMA_COLUMN[change.kind]);
  await db.execute(
    sql`insert into user_karma (user_id, ${column}, total) values (${change.userId}, ${change.delta}, ${change.delta})
        on conflict (user_id) do update set ${column} = user_karma.${column} + excluded.${column},
          total = user_karma.total + excluded.total, updated_at = now()`,
  );
}

/** The display name of a person, for notification titles. */
const nameOf = (userId: string) =>
  sql`(select coalesce(nullif(trim(ap.display_name), ''), nullif(trim(ap.full_name), ''), 'Someone')
        from user_profiles ap where ap.id = ${userId})`;

/**
 * The people a comment @mentions by username who were not mentioned in it before, may read the post
 * and are not its author: notified. Returns every mentioned person's id (kept on the comment).
 */
async function mentionNotices(
  db: Queryable,
  input: { postId: string; commentId: string; authorId: string; content: string; already: readonly string[] },
): Promise<{ ids: string[]; notices: NewNotification[] }> {
  const usernames = mentionsIn(input.content).slice(0, COMMENT_LIMITS.mentionsMax);
  if (usernames.length === 0) return { ids: [], notices: [] };
  const people = await queryRows<{ id: string; readable: boolean; author_name: string }>(
    db,
    sql`select u.id,
          exists (select 1 from posts p where p.id = ${input.postId} and ${visibleTo(sql`u.id`)}) as readable,
          ${nameOf(input.authorId)} as author_name
        from user_profiles u
        where lower(u.username) in (select jsonb_array_elements_text(${JSON.stringify(usernames)}::jsonb))`,
  );
  const notices: NewNotification[] = [];
  for (const person of people) {
    if (person.id === input.authorId || !person.readable || input.already.includes(person.id)) continue;
    notices.push({
      userId: person.id,
      type: "comment_mention",
      title: `${person.author_name} mentioned you in a comment`,
      actionUrl: `/posts/${input.postId}#comment-${input.commentId}`,
      metadata: { postId: input.postId, commentId: input.commentId },
    });
  }
  return { ids: people.map((p) => p.id), notices };
}

export interface NewComment {
  authorId: string;
  /** The author's active context (spec 002: only people with one may write). */
  authorContextId: string;
  postId: string;
  parentCommentId?: string | null;
  content: string;
  now?: Date;
  /** Count it against create_comment (5 a minute) in the comment's transaction (the form sets it). */
  rateLimited?: boolean;
}

/** Writes a comment or a reply. Call inside once() (a double-submitted form writes once). */
export async function createComment(
  db: Database,
  input: NewComment,
): Promise<{ ok: true; commentId: string } | CommentRefusal> {
  const content = input.content.trim();
  const problem = checkComment(content);
  if (problem) return problem;
  return db.transaction(async (tx) => {
    const [post] = await queryRows<{ author_id: string }>(
      tx,
      sql`select author_id from posts where id = ${input.postId} and deleted_at is null for update`,
    );
    if (!post || !(await mayReadPost(tx, input.authorId, input.postId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    // A post of an archived category takes no comments: it is read-only (decision 085).
    const [category] = await queryRows<{ is_archived: boolean }>(
      tx,
      sql`select c.is_archived from posts p join forum_categories c on c.id = p.category_id where p.id = ${input.postId}`,
    );
    if (category?.is_archived) return refuse("conflict", FORUM_MESSAGES.archived);
    let depth = 1;
    let parentAuthor: string | null = null;
    if (input.parentCommentId) {
      const [parent] = await queryRows<{ author_id: string; thread_depth: number }>(
        tx,
        sql`select author_id, thread_depth from comments
            where id = ${input.parentCommentId} and post_id = ${input.postId} and deleted_at is null for update`,
      );
      if (!parent || !(await commentAllowed(tx, input.parentCommentId, parent.author_id, input.authorId)))
        return refuse("not_found", COMMENT_MESSAGES.notFound);
      const next = depthOfReply(Number(parent.thread_depth));
      if (next === null) return refuse("validation", COMMENT_MESSAGES.noReplyHere);
      depth = next;
      parentAuthor = parent.author_id;
    }
    // A suspended person writes no comments (decision 069); then the limit counts what is written.
    await assertMayPost(tx, input.authorId);
    if (input.rateLimited) await consumeRateLimit(tx, input.authorId, "create_comment");
    const at = (input.now ?? new Date()).toISOString();
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into comments (post_id, author_id, author_context_id, parent_comment_id, thread_depth, content,
            created_at, updated_at)
          values (${input.postId}, ${input.authorId}, ${input.authorContextId}, ${input.parentCommentId ?? null},
            ${depth}, ${content}, ${at}, ${at})
          returning id`,
    );
    if (!row) throw new Error("comment insert returned nothing");
    await tx.execute(sql`update posts set comments_count = comments_count + 1 where id = ${input.postId}`);
    if (input.parentCommentId)
      await tx.execute(
        sql`update comments set replies_count = replies_count + 1 where id = ${input.parentCommentId}`,
      );
    const mentions = await mentionNotices(tx, {
      postId: input.postId,
      commentId: row.id,
      authorId: input.authorId,
      content,
      already: [],
    });
    if (mentions.ids.length > 0)
      await tx.execute(
        sql`update comments set mentioned_users = ${JSON.stringify(mentions.ids)}::jsonb where id = ${row.id}`,
      );
    const notices = [...mentions.notices];
    const told = new Set([input.authorId, ...notices.map((n) => n.userId)]);
    const [names] = await queryRows<{ name: string }>(tx, sql`select ${nameOf(input.authorId)} as name`);
    const who = names?.name ?? "Someone";
    const actionUrl = `/posts/${input.postId}#comment-${row.id}`;
    const metadata = { postId: input.postId, commentId: row.id };
    if (parentAuthor && !told.has(parentAuthor) && (await mayReadPost(tx, parentAuthor, input.postId))) {
      notices.push({
        userId: parentAuthor,
        type: "comment_reply",
        title: `${who} replied to your comment`,
        actionUrl,
        metadata,
      });
      told.add(parentAuthor);
    }
    if (!told.has(post.author_id))
      notices.push({
        userId: post.author_id,
        type: "post_comment",
        title: `${who} commented on your post`,
        actionUrl,
        metadata,
      });
    if (notices.length > 0) await notifyAll(tx, notices);
    await signalPostChanged(tx, input.postId);
    return { ok: true as const, commentId: row.id };
  });
}

interface LockedComment {
  post_id: string;
  author_id: string;
  parent_comment_id: string | null;
  content: string;
  version: number;
  mentioned_users: string[];
}

/** The comment's row, locked, when it is not deleted and its post is readable by `userId`. */
async function lockComment(db: Queryable, userId: string, commentId: string): Promise<LockedComment | null> {
  const [row] = await queryRows<LockedComment>(
    db,
    sql`select c.post_id, c.author_id, c.parent_comment_id, c.content, c.version, c.mentioned_users
        from comments c where c.id = ${commentId} and c.deleted_at is null for update`,
  );
  if (!row || !(await mayReadPost(db, userId, row.post_id))) return null;
  if (!(await commentAllowed(db, commentId, row.author_id, userId))) return null;
  return row;
}

/**
 * The author edits their comment from the version the form was rendered from (stale: 409 with the
 * current text). The text before the edit is kept (the edit history); people newly mentioned are told.
 */
export async function editComment(
  db: Database,
  input: { userId: string; commentId: string; version: number; content: string },
): Promise<{ ok: true; postId: string } | CommentRefusal> {
  const content = input.content.trim();
  return db.transaction(async (tx) => {
    const comment = await lockComment(tx, input.userId, input.commentId);
    if (!comment) return refuse("not_found", COMMENT_MESSAGES.notFound);
    if (comment.author_id !== input.userId) return refuse("authorization", COMMENT_MESSAGES.editOwnOnly);
    if (Number(comment.version) !== input.version)
      return refuse("conflict", COMMENT_MESSAGES.stale, {
        current: { content: comment.content, version: Number(comment.version) },
      });
    const problem = checkComment(content);
    if (problem) return problem;
    if (content === comment.content) return { ok: true as const, postId: comment.post_id };
    await tx.execute(
      sql`insert into comment_edits (comment_id, content, version)
          values (${input.commentId}, ${comment.content}, ${comment.version})`,
    );
    const mentions = await mentionNotices(tx, {
      postId: comment.post_id,
      commentId: input.commentId,
      authorId: input.userId,
      content,
      already: comment.mentioned_users ?? [],
    });
    const all = [...new Set([...(comment.mentioned_users ?? []), ...mentions.ids])];
    await tx.execute(
      sql`update comments set content = ${content}, version = version + 1, edited_at = now(), updated_at = now(),
            mentioned_users = ${JSON.stringify(all)}::jsonb
          where id = ${input.commentId}`,
    );
    if (mentions.notices.length > 0) await notifyAll(tx, mentions.notices);
    await signalPostChanged(tx, comment.post_id);
    return { ok: true as const, postId: comment.post_id };
  });
}

/**
 * The author deletes their comment: its text goes; it shows as deleted while it has replies, and not
 * at all otherwise. The post's comment count (and the parent's reply count) drop in the same
 * transaction, post row locked first.
 */
export async function deleteComment(
  db: Database,
  input: { userId: string; commentId: string },
): Promise<{ ok: true; postId: string } | CommentRefusal> {
  return db.transaction(async (tx) => {
    const [found] = await queryRows<{ post_id: string }>(
      tx,
      sql`select post_id from comments where id = ${input.commentId}`,
    );
    if (!found) return refuse("not_found", COMMENT_MESSAGES.notFound);
    // The post first, then the comment (the order createComment takes them in).
    await tx.execute(sql`select 1 from posts where id = ${found.post_id} for update`);
    const comment = await lockComment(tx, input.userId, input.commentId);
    if (!comment) return refuse("not_found", COMMENT_MESSAGES.notFound);
    if (comment.author_id !== input.userId) return refuse("authorization", COMMENT_MESSAGES.deleteOwnOnly);
    if (comment.parent_comment_id)
      await tx.execute(sql`select 1 from comments where id = ${comment.parent_comment_id} for update`);
    await tx.execute(
      sql`update comments set deleted_at = now(), updated_at = now(), content = '', mentioned_users = '[]'::jsonb
          where id = ${input.commentId}`,
    );
    await tx.execute(sql`delete from comment_edits where comment_id = ${input.commentId}`);
    // A comment moderators hid has already left the counts (decision 073).
    const [moderated] = await queryRows(
      tx,
      sql`select 1 from moderated_content where target_kind = 'comment' and target_id = ${input.commentId}`,
    );
    if (!moderated) {
      await tx.execute(
        sql`update posts set comments_count = greatest(comments_count - 1, 0) where id = ${comment.post_id}`,
      );
      if (comment.parent_comment_id)
        await tx.execute(
          sql`update comments set replies_count = greatest(replies_count - 1, 0) where id = ${comment.parent_comment_id}`,
        );
    }
    await signalPostChanged(tx, comment.post_id);
    return { ok: true as const, postId: comment.post_id };
  });
}

/**
 * A vote on a comment, by the rules of votes on posts (spec 002 section 4): the same direction again
 * clears it, the opposite switches it, one per person; an up-vote is the comment's like. The comment's
 * row is locked first; the author's comment karma moves in the same transaction.
 */
export async function voteComment(
  db: Database,
  input: { userId: string; commentId: string; direction: VoteDirection; rateLimited?: boolean },
): Promise<
  { ok: true; postId: string; vote: VoteValue | null; upvotes: number; downvotes: number } | CommentRefusal
> {
  return db.transaction(async (tx) => {
    const [comment] = await queryRows<{
      post_id: string;
      author_id: string;
      upvotes: number;
      downvotes: number;
    }>(
      tx,
      sql`select post_id, author_id, upvotes, downvotes from comments
          where id = ${input.commentId} and deleted_at is null for update`,
    );
    if (
      !comment ||
      !(await mayReadPost(tx, input.userId, comment.post_id)) ||
      !(await commentAllowed(tx, input.commentId, comment.author_id, input.userId))
    )
      return refuse("not_found", COMMENT_MESSAGES.notFound);
    const [existing] = await queryRows<{ value: number }>(
      tx,
      sql`select value from comment_votes where comment_id = ${input.commentId} and user_id = ${input.userId}`,
    );
    if (input.rateLimited) await consumeRateLimit(tx, input.userId, "vote");
    const current = existing ? (Number(existing.value) === 1 ? 1 : -1) : null;
    const change = applyVote(current, input.direction);
    if (change.next === null) {
      await tx.execute(
        sql`delete from comment_votes where comment_id = ${input.commentId} and user_id = ${input.userId}`,
      );
    } else {
      await tx.execute(
        sql`insert into comment_votes (comment_id, user_id, value) values (${input.commentId}, ${input.userId}, ${change.next})
            on conflict (comment_id, user_id) do update set value = excluded.value, updated_at = now()`,
      );
    }
    const upvotes = Number(comment.upvotes) + change.upvotes;
    const downvotes = Number(comment.downvotes) + change.downvotes;
    await tx.execute(
      sql`update comments set upvotes = ${upvotes}, downvotes = ${downvotes}, score = ${upvotes - downvotes}
          where id = ${input.commentId}`,
    );
    await adjustKarma(
      tx,
      karmaForVote({
        kind: "comment",
        authorId: comment.author_id,
        voterId: input.userId,
        upvotes: change.upvotes,
        downvotes: change.downvotes,
      }),
    );
    await signalPostChanged(tx, comment.post_id);
    return { ok: true as const, postId: comment.post_id, vote: change.next, upvotes, downvotes };
  });
}

/** Whether the person holds a current administrator role (awards whatever their karma). */
async function isAdministrator(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from user_professional_roles r
          where r.user_id = ${userId} and r.role_type = 'admin' and r.is_current) as ok`,
  );
  return Boolean(row?.ok);
}

/** A person's karma total (0 when they have none yet). */
export async function karmaOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select total from user_karma where user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Gives an award to a post (commentId null) or a comment: by a member with enough karma or an
 * administrator, once per item per giver, never to one's own content. The item's row is locked; the
 * recipient's award karma and their notification are written in the same transaction.
 */
export async function giveAward(
  db: Database,
  input: { giverId: string; postId: string; commentId: string | null; award: Award },
): Promise<{ ok: true } | CommentRefusal> {
  return db.transaction(async (tx) => {
    const [item] = input.commentId
      ? await queryRows<{ author_id: string; post_id: string }>(
          tx,
          sql`select author_id, post_id from comments
              where id = ${input.commentId} and post_id = ${input.postId} and deleted_at is null for update`,
        )
      : await queryRows<{ author_id: string; post_id: string }>(
          tx,
          sql`select author_id, id as post_id from posts where id = ${input.postId} and deleted_at is null for update`,
        );
    if (
      !item ||
      !(await mayReadPost(tx, input.giverId, input.postId)) ||
      (input.commentId && !(await commentAllowed(tx, input.commentId, item.author_id, input.giverId)))
    )
      return refuse("not_found", input.commentId ? COMMENT_MESSAGES.notFound : POST_MESSAGES.notFound);
    const refusal = awardEligibility({
      giverId: input.giverId,
      recipientId: item.author_id,
      giverKarma: await karmaOf(tx, input.giverId),
      giverIsAdmin: await isAdministrator(tx, input.giverId),
    });
    if (refusal === "own") return refuse("authorization", COMMENT_MESSAGES.awardOwn);
    if (refusal === "not_allowed") return refuse("authorization", COMMENT_MESSAGES.awardNotAllowed);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into content_awards (post_id, comment_id, giver_id, recipient_id, award)
          values (${input.postId}, ${input.commentId}, ${input.giverId}, ${item.author_id}, ${input.award})
          on conflict do nothing returning id`,
    );
    if (inserted.length === 0) return refuse("conflict", COMMENT_MESSAGES.awardTwice);
    if (input.commentId)
      await tx.execute(
        sql`update comments set awards_count = awards_count + 1 where id = ${input.commentId}`,
      );
    await adjustKarma(tx, karmaForAward(item.author_id, input.award));
    const [names] = await queryRows<{ name: string }>(tx, sql`select ${nameOf(input.giverId)} as name`);
    await notifyAll(tx, [
      {
        userId: item.author_id,
        type: "award_received",
        title: `${names?.name ?? "Someone"} gave your ${input.commentId ? "comment" : "post"} the ${AWARD_LABELS[input.award]} award`,
        actionUrl: input.commentId
          ? `/posts/${input.postId}#comment-${input.commentId}`
          : `/posts/${input.postId}`,
        metadata: { postId: input.postId, commentId: input.commentId, award: input.award },
      },
    ]);
    await signalPostChanged(tx, input.postId);
    return { ok: true as const };
  });
}

/**
 * The author of a question marks one of its comments as the accepted answer, or clears it (forums,
 * issue 29 part 5). Not for a deleted comment, nor a comment of another post.
 */
export async function acceptAnswer(
  db: Database,
  input: { userId: string; postId: string; commentId: string | null },
): Promise<{ ok: true } | CommentRefusal> {
  return db.transaction(async (tx) => {
    const [post] = await queryRows<{ author_id: string; is_question: boolean }>(
      tx,
      sql`select author_id, is_question from posts where id = ${input.postId} and deleted_at is null for update`,
    );
    if (!post || !(await mayReadPost(tx, input.userId, input.postId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    if (post.author_id !== input.userId) return refuse("authorization", FORUM_MESSAGES.acceptOwnOnly);
    if (!post.is_question) return refuse("validation", FORUM_MESSAGES.notAQuestion);
    if (input.commentId) {
      const [comment] = await queryRows<{ id: string }>(
        tx,
        sql`select id from comments where id = ${input.commentId} and post_id = ${input.postId} and deleted_at is null`,
      );
      if (!comment) return refuse("validation", FORUM_MESSAGES.answerNotFound);
    }
    await tx.execute(
      sql`update posts set accepted_comment_id = ${input.commentId}, updated_at = now() where id = ${input.postId}`,
    );
    await signalPostChanged(tx, input.postId);
    return { ok: true as const };
  });
}
