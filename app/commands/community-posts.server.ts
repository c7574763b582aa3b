import type { Database, Queryable } from "@db/client";
import { queryRows } from "@db/client";
import type { PostMedia } from "@db/schema";
import { karmaForVote } from "@domain/community/comments";
import { checkContent, hashtagsIn, mentionsIn } from "@domain/community/content-rules";
import { normalizeTags } from "@domain/community/forums";
import {
  POST_LIMITS,
  POST_MESSAGES,
  type PostType,
  type PostVisibility,
  postTitle,
} from "@domain/community/posts";
import { sortNumbers } from "@domain/community/sorts";
import { applyVote, type VoteDirection, type VoteValue } from "@domain/community/votes";
import { NOTIFICATIONS_CHANNEL } from "@domain/notifications";
import { sql } from "drizzle-orm";
import { consumeRateLimit } from "~/auth/user-action-limits.server";
import { adjustKarma } from "~/commands/community-comments.server";
import { queueLinkPreview } from "~/commands/link-previews.server";
import { assertMayPost } from "~/commands/moderation.server";
import { notify } from "~/commands/notifications.server";
import { signalPostChanged } from "~/live/post-signals.server";
import { mayReadPost, type PostingScope, visibleTo } from "~/queries/community-posts.server";
import { removeStoredFiles } from "~/storage/files.server";
import { lockCategoryForPosting, uncountCategoryPost } from "./community-forums.server";

/**
 * The community feed's writes (issue 29, parts 1 and 4): create, edit and delete one's own post, vote,
 * bookmark and share. Every counter moves in the transaction that writes what it counts, after the
 * post's row is locked (`for update`), so concurrent votes, bookmarks and shares on one post queue
 * and the counters always equal the rows (tests/integration/community-posts.test.ts, on PostgreSQL).
 * Mentions notify in the same transaction (a post exists exactly when its notifications do).
 */

export type PostRefusal = {
  ok: false;
  kind: "validation" | "not_found" | "authorization" | "conflict";
  message: string;
  field?: "content" | "visibility" | "media" | "tags";
  current?: { content: string; version: number; postType: PostType; visibility: PostVisibility };
};

const refuse = (
  kind: PostRefusal["kind"],
  message: string,
  extra: Partial<PostRefusal> = {},
): PostRefusal => ({
  ok: false,
  kind,
  message,
  ...extra,
});

/** The content rules of spec 002 section 5 (domain/community/content-rules.ts), on the server. */
function checkPost(content: string, extras: { mediaCount: number; postType: string }): PostRefusal | null {
  const [first] = checkContent("post", content, extras).errors;
  return first ? refuse("validation", first, { field: "content" }) : null;
}

/**
 * Notifies the people a post @mentions by username who were not mentioned in it before, may read it
 * and are not its author. Returns every mentioned person's id (kept on the post).
 */
async function notifyMentions(
  db: Queryable,
  input: { postId: string; authorId: string; content: string; alreadyMentioned: readonly string[] },
): Promise<string[]> {
  const usernames = mentionsIn(input.content).slice(0, POST_LIMITS.mentionsMax);
  if (usernames.length === 0) return [];
  const people = await queryRows<{ id: string; readable: boolean; author_name: string }>(
    db,
    sql`select u.id,
          exists (select 1 from posts p where p.id = ${input.postId} and ${visibleTo(sql`u.id`)}) as readable,
          (select coalesce(nullif(trim(ap.display_name), ''), nullif(trim(ap.full_name), ''), 'Someone')
             from user_profiles ap where ap.id = ${input.authorId}) as author_name
        from user_profiles u
        where lower(u.username) in (select jsonb_array_elements_text(${JSON.stringify(usernames)}::jsonb))`,
  );
  for (const person of people) {
    if (person.id === input.authorId || !person.readable || input.alreadyMentioned.includes(person.id))
      continue;
    await notify(db, {
      userId: person.id,
      type: "post_mention",
      title: `${person.author_name} mentioned you in a post`,
      actionUrl: `/posts/${input.postId}`,
      metadata: { postId: input.postId },
    });
  }
  return people.map((p) => p.id);
}

export interface NewPost {
  authorId: string;
  authorContextId: string | null;
  scope: PostingScope;
  postType: PostType;
  visibility: PostVisibility;
  content: string;
  media?: readonly PostMedia[];
  now?: Date;
  /**
   * Count it against the author's create_post limit (spec 002 section 9) in the post's transaction:
   * over the limit, RateLimitedError is thrown and nothing is written. The feed's action sets it; the
   * demo data does not.
   */
  rateLimited?: boolean;
  /** Forums (issue 29, part 5): a post in a category, by one of its members (forum tags as typed). */
  forum?: {
    categoryId: string;
    isQuestion: boolean;
    tags: string | readonly string[];
    /** Posted as the category's announcement: its moderators only (decision 085). */
    isAnnouncement?: boolean;
  };
}

/** Publishes a post. Call inside once() (a double-submitted form publishes once). */
export async function createPost(
  db: Database,
  input: NewPost,
): Promise<{ ok: true; postId: string } | PostRefusal> {
  const content = input.content.trim();
  const media = input.media ?? [];
  const problem = checkPost(content, { mediaCount: media.length, postType: input.postType });
  if (problem) return problem;
  if (input.visibility === "organization" && !input.scope.associationId && !input.scope.organizationId)
    return refuse("validation", POST_MESSAGES.noOrganization, { field: "visibility" });
  const tags = input.forum ? normalizeTags(input.forum.tags) : { tags: [], error: null };
  if (tags.error) return refuse("validation", tags.error, { field: "tags" });
  const createdAt = input.now ?? new Date();
  const numbers = sortNumbers(0, 0, createdAt);
  const postType: PostType =
    media.some((m) => m.contentType.startsWith("image/")) && input.postType === "text"
      ? "image"
      : input.postType;
  return db.transaction(async (tx) => {
    // A suspended author posts nothing (PostingSuspendedError, a 403: decision 069).
    await assertMayPost(tx, input.authorId, createdAt);
    // Forums: only the category's active members post in it; its row is locked for post_count.
    const categoryId = input.forum
      ? await lockCategoryForPosting(tx, input.forum.categoryId, input.authorId, {
          announcement: Boolean(input.forum.isAnnouncement),
        })
      : null;
    if (categoryId && typeof categoryId !== "string") return refuse(categoryId.kind, categoryId.message);
    if (input.rateLimited) await consumeRateLimit(tx, input.authorId, "create_post");
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into posts (author_id, author_context_id, association_id, organization_id, post_type, visibility,
            title, content, hashtags, media, hot_score, created_at, updated_at, category_id, is_question, tags,
            is_announcement)
          values (${input.authorId}, ${input.authorContextId}, ${input.scope.associationId},
            ${input.scope.associationId ? null : input.scope.organizationId}, ${postType}, ${input.visibility},
            ${postTitle(content)}, ${content}, ${JSON.stringify(hashtagsIn(content))}::jsonb,
            ${JSON.stringify(media)}::jsonb, ${numbers.hotScore}, ${createdAt.toISOString()}, ${createdAt.toISOString()},
            ${categoryId}, ${Boolean(input.forum?.isQuestion)}, ${JSON.stringify(tags.tags)}::jsonb,
            ${Boolean(categoryId && input.forum?.isAnnouncement)})
          returning id`,
    );
    if (!row) throw new Error("post insert returned nothing");
    if (categoryId)
      await tx.execute(sql`update forum_categories set post_count = post_count + 1 where id = ${categoryId}`);
    const mentioned = await notifyMentions(tx, {
      postId: row.id,
      authorId: input.authorId,
      content,
      alreadyMentioned: [],
    });
    if (mentioned.length > 0)
      await tx.execute(
        sql`update posts set mentioned_users = ${JSON.stringify(mentioned)}::jsonb where id = ${row.id}`,
      );
    // The link preview is fetched after commit (decision 071): only its request is written here.
    await queueLinkPreview(tx, row.id, content);
    // The feed's "N new posts" (delivered on commit, to every app server; each tells only the readers).
    await tx.execute(
      sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('user', '*', 'kind', 'post', 'id', ${row.id}::uuid)::text)`,
    );
    return { ok: true as const, postId: row.id };
  });
}

interface LockedPost {
  author_id: string;
  content: string;
  post_type: PostType;
  visibility: PostVisibility;
  version: number;
  mentioned_users: string[];
  deleted: boolean;
}

async function lockPost(db: Queryable, postId: string) {
  const [row] = await queryRows<LockedPost>(
    db,
    sql`select author_id, content, post_type, visibility, version, mentioned_users, deleted_at is not null as deleted
        from posts where id = ${postId} for update`,
  );
  return row && !row.deleted ? row : null;
}

/**
 * The author edits their post's text, type and visibility, from the version the form was rendered
 * from (stale: 409 with the current values). People newly mentioned are notified.
 */
export async function editPost(
  db: Database,
  input: {
    userId: string;
    postId: string;
    version: number;
    content: string;
    postType: PostType;
    visibility: PostVisibility;
    scope: PostingScope;
  },
): Promise<{ ok: true } | PostRefusal> {
  const content = input.content.trim();
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, input.postId);
    if (!post || !(await mayReadPost(tx, input.userId, input.postId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    if (post.author_id !== input.userId) return refuse("authorization", POST_MESSAGES.editOwnOnly);
    if (post.version !== input.version)
      return refuse("conflict", POST_MESSAGES.stale, {
        current: {
          content: post.content,
          version: post.version,
          postType: post.post_type,
          visibility: post.visibility,
        },
      });
    const problem = checkPost(content, { mediaCount: 0, postType: input.postType });
    if (problem) return problem;
    if (input.visibility === "organization" && !input.scope.associationId && !input.scope.organizationId) {
      const [has] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select association_id is not null or organization_id is not null as ok from posts where id = ${input.postId}`,
      );
      if (!has?.ok) return refuse("validation", POST_MESSAGES.noOrganization, { field: "visibility" });
    }
    await tx.execute(
      sql`update posts set content = ${content}, title = ${postTitle(content)}, post_type = ${input.postType},
            visibility = ${input.visibility}, hashtags = ${JSON.stringify(hashtagsIn(content))}::jsonb,
            version = version + 1, edited_at = now(), updated_at = now()
          where id = ${input.postId}`,
    );
    // A new first URL: the old preview goes and the new one is fetched after commit (decision 071).
    await queueLinkPreview(tx, input.postId, content, post.content);
    const mentioned = await notifyMentions(tx, {
      postId: input.postId,
      authorId: input.userId,
      content,
      alreadyMentioned: post.mentioned_users ?? [],
    });
    const all = [...new Set([...(post.mentioned_users ?? []), ...mentioned])];
    await tx.execute(
      sql`update posts set mentioned_users = ${JSON.stringify(all)}::jsonb where id = ${input.postId}`,
    );
    await signalPostChanged(tx, input.postId);
    return { ok: true as const };
  });
}

/** The author deletes their post: it shows nowhere any more, and its files (media, preview picture) go. */
export async function deletePost(
  db: Database,
  input: { userId: string; postId: string },
): Promise<{ ok: true } | PostRefusal> {
  const outcome = await db.transaction(async (tx) => {
    const post = await lockPost(tx, input.postId);
    if (!post || !(await mayReadPost(tx, input.userId, input.postId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    if (post.author_id !== input.userId) return refuse("authorization", POST_MESSAGES.deleteOwnOnly);
    const [row] = await queryRows<{ media: PostMedia[]; link_image_key: string | null }>(
      tx,
      sql`select media, link_image_key from posts where id = ${input.postId}`,
    );
    const [gone] = await queryRows<{ category_id: string | null }>(
      tx,
      sql`update posts set deleted_at = now(), updated_at = now(), media = '[]'::jsonb, link_image_key = null
          where id = ${input.postId}
          returning category_id`,
    );
    if (gone?.category_id) await uncountCategoryPost(tx, gone.category_id);
    await signalPostChanged(tx, input.postId);
    // Its files go: the media, and the link preview's stored picture (decision 087).
    const keys = (row?.media ?? []).map((m) => m.key);
    if (row?.link_image_key) keys.push(row.link_image_key);
    return { ok: true as const, keys };
  });
  if (!outcome.ok) return outcome;
  await removeStoredFiles(outcome.keys);
  return { ok: true };
}

/**
 * A vote (spec 002 section 4): the same direction again clears it, the opposite switches it, one per
 * person. The post's row is locked first, so the counters and the sort numbers are computed from the
 * current counts and concurrent votes queue.
 */
export async function votePost(
  db: Database,
  input: { userId: string; postId: string; direction: VoteDirection; rateLimited?: boolean },
): Promise<{ ok: true; vote: VoteValue | null; upvotes: number; downvotes: number } | PostRefusal> {
  return db.transaction(async (tx) => {
    const [post] = await queryRows<{
      author_id: string;
      upvotes: number;
      downvotes: number;
      created_at: string;
    }>(
      tx,
      sql`select author_id, upvotes, downvotes, created_at from posts where id = ${input.postId} and deleted_at is null for update`,
    );
    if (!post || !(await mayReadPost(tx, input.userId, input.postId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    const [existing] = await queryRows<{ value: number }>(
      tx,
      sql`select value from post_votes where post_id = ${input.postId} and user_id = ${input.userId}`,
    );
    // The vote limit (spec 002 section 9) counts votes that happen: after the post was found.
    if (input.rateLimited) await consumeRateLimit(tx, input.userId, "vote");
    const current = existing ? (existing.value === 1 ? 1 : -1) : null;
    const change = applyVote(current, input.direction);
    if (change.next === null) {
      await tx.execute(
        sql`delete from post_votes where post_id = ${input.postId} and user_id = ${input.userId}`,
      );
    } else {
      await tx.execute(
        sql`insert into post_votes (post_id, user_id, value) values (${input.postId}, ${input.userId}, ${change.next})
            on conflict (post_id, user_id) do update set value = excluded.value, updated_at = now()`,
      );
    }
    const upvotes = Number(post.upvotes) + change.upvotes;
    const downvotes = Number(post.downvotes) + change.downvotes;
    const numbers = sortNumbers(upvotes, downvotes, new Date(post.created_at));
    await tx.execute(
      sql`update posts set upvotes = ${upvotes}, downvotes = ${downvotes}, score = ${numbers.score},
            hot_score = ${numbers.hotScore}, controversy = ${numbers.controversy}
          where id = ${input.postId}`,
    );
    // The author's post karma (decision 066), in the vote's transaction.
    await adjustKarma(
      tx,
      karmaForVote({ kind: "post", authorId: post.author_id, voterId: input.userId, ...change }),
    );
    await signalPostChanged(tx, input.postId);
    return { ok: true as const, vote: change.next, upvotes, downvotes };
  });
}

/**
 * Saves a post to (or takes it off) the person's Saved list, or shares it to (or takes it off) their
 * feed: once per person, the post's counter kept in the same transaction (shares_count counts a
 * person who reposted or sent it in a message once: decision 072).
 */
export async function setPostMark(
  db: Database,
  input: { userId: string; postId: string; mark: "bookmark" | "share"; on: boolean },
): Promise<{ ok: true; changed: boolean } | PostRefusal> {
  const table = sql.raw(input.mark === "bookmark" ? "post_bookmarks" : "post_shares");
  const counter = sql.raw(input.mark === "bookmark" ? "bookmarks_count" : "shares_count");
  return db.transaction(async (tx) => {
    const [post] = await queryRows<{ id: string }>(
      tx,
      sql`select id from posts where id = ${input.postId} and deleted_at is null for update`,
    );
    if (!post || !(await mayReadPost(tx, input.userId, input.postId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    const rows = input.on
      ? await queryRows<{ one: number }>(
          tx,
          sql`insert into ${table} (post_id, user_id) values (${input.postId}, ${input.userId})
              on conflict do nothing returning 1 as one`,
        )
      : await queryRows<{ one: number }>(
          tx,
          sql`delete from ${table} where post_id = ${input.postId} and user_id = ${input.userId} returning 1 as one`,
        );
    if (rows.length === 0) return { ok: true as const, changed: false };
    // A share counts the person once (decision 072): a repost moves shares_count only for someone
    // who has not sent the post in a message.
    if (input.mark === "share" && (await sentInMessage(tx, input.postId, input.userId)))
      return { ok: true as const, changed: true };
    await tx.execute(
      sql`update posts set ${counter} = ${counter} + ${input.on ? 1 : -1} where id = ${input.postId}`,
    );
    await signalPostChanged(tx, input.postId);
    return { ok: true as const, changed: true };
  });
}

async function sentInMessage(db: Queryable, postId: string, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from post_message_shares where post_id = ${postId} and user_id = ${userId}`,
  );
  return Boolean(row);
}

/**
 * The post a person sends in a message (decision 072), locked for its share count: null when it is
 * missing, deleted, or not theirs to read (the same rule as the post page), which the caller answers
 * as 404. Call inside the message's transaction.
 */
export async function lockPostToShare(db: Queryable, userId: string, postId: string): Promise<boolean> {
  const [post] = await queryRows<{ id: string }>(
    db,
    sql`select id from posts where id = ${postId} and deleted_at is null for update`,
  );
  return Boolean(post) && (await mayReadPost(db, userId, postId));
}

/**
 * Counts a send in a message (decision 072), after lockPostToShare in the same transaction: the
 * person's first send of the post writes their post_message_shares row, and moves shares_count only
 * when they had not reposted it either. Later sends change nothing: a person counts once.
 */
export async function countMessageShare(db: Queryable, postId: string, userId: string): Promise<void> {
  const first = await queryRows<{ one: number }>(
    db,
    sql`insert into post_message_shares (post_id, user_id) values (${postId}, ${userId})
        on conflict do nothing returning 1 as one`,
  );
  if (first.length === 0) return;
  await db.execute(
    sql`update posts set shares_count = shares_count + 1
        where id = ${postId}
          and not exists (select 1 from post_shares s where s.post_id = ${postId} and s.user_id = ${userId})`,
  );
  await signalPostChanged(db, postId);
}
