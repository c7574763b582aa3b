import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { posts } from "./community";
import { roleContexts } from "./roles";

/**
 * Comments on posts, their votes, edit history, awards and karma (spec 002 "Comment", "Comments";
 * issue 29, parts 3 and 4; docs/decisions/066-comments-karma-awards.md). Ordinary relational data: the
 * commands in app/commands/community-comments.server.ts move every counter in the transaction that
 * writes what it counts, with the counted row (post or comment) locked.
 */

/**
 * A comment (spec 002 section 3, Comment). thread_depth is 1 for a comment on the post and 2 for a
 * reply (Reply shows only below depth 2: replies nest one level). A deleted comment keeps its row
 * (deleted_at, content emptied) so replies and references (a forum's accepted answer) keep their id.
 */
export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorContextId: uuid("author_context_id").references(() => roleContexts.id, { onDelete: "set null" }),
    parentCommentId: uuid("parent_comment_id").references((): AnyPgColumn => comments.id, {
      onDelete: "cascade",
    }),
    threadDepth: smallint("thread_depth").notNull().default(1),
    content: text("content").notNull(),
    mentionedUsers: jsonb("mentioned_users").$type<string[]>().notNull().default([]),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    /** upvotes - downvotes (spec karma_score). */
    score: integer("score").notNull().default(0),
    /** Awards received (spec awards_received): content_awards rows on this comment. */
    awardsCount: integer("awards_count").notNull().default(0),
    /** Replies not deleted: a deleted comment with replies shows as a placeholder. */
    repliesCount: integer("replies_count").notNull().default(0),
    /** Rises with every edit: the edit form carries the version it was rendered from (409 when stale). */
    version: integer("version").notNull().default(1),
    editedAt: ts("edited_at"),
    deletedAt: ts("deleted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("comments_post_idx").on(t.postId, t.createdAt, t.id).where(sql`${t.parentCommentId} is null`),
    index("comments_parent_idx").on(t.parentCommentId, t.createdAt),
    index("comments_author_idx").on(t.authorId, t.createdAt.desc()),
    check("comments_depth", sql`${t.threadDepth} in (1, 2)`),
    check(
      "comments_counters_nonnegative",
      sql`${t.upvotes} >= 0 and ${t.downvotes} >= 0 and ${t.awardsCount} >= 0 and ${t.repliesCount} >= 0`,
    ),
  ],
);

/** The text a comment had before each edit (the "(edited)" history). */
export const commentEdits = pgTable(
  "comment_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    /** The text as it was before this edit. */
    content: text("content").notNull(),
    /** The version that text had. */
    version: integer("version").notNull(),
    editedAt: ts("edited_at").notNull().defaultNow(),
  },
  (t) => [index("comment_edits_comment_idx").on(t.commentId, t.version)],
);

/** One vote per person per comment: 1 up (a "like"), -1 down. No row: no vote. */
export const commentVotes = pgTable(
  "comment_votes",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: smallint("value").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("comment_votes_user_idx").on(t.userId),
    check("comment_votes_value", sql`${t.value} in (1, -1)`),
  ],
);

/**
 * An award (Helpful, Expert Insight, Problem Solver, Community Hero) on a post (comment_id null) or a
 * comment: once per item per giver, never to one's own content.
 */
export const contentAwards = pgTable(
  "content_awards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    giverId: uuid("giver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** helpful, expert_insight, problem_solver, community_hero. */
    award: text("award").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_awards_post_giver_idx").on(t.postId, t.giverId).where(sql`${t.commentId} is null`),
    uniqueIndex("content_awards_comment_giver_idx")
      .on(t.commentId, t.giverId)
      .where(sql`${t.commentId} is not null`),
    index("content_awards_recipient_idx").on(t.recipientId),
    check(
      "content_awards_kind",
      sql`${t.award} in ('helpful', 'expert_insight', 'problem_solver', 'community_hero')`,
    ),
  ],
);

/**
 * A person's karma (spec 002: kinds post, comment and award), kept by the vote and award commands in
 * their own transactions (one upsert statement each, so concurrent changes add up). total is the sum.
 */
export const userKarma = pgTable("user_karma", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  postKarma: integer("post_karma").notNull().default(0),
  commentKarma: integer("comment_karma").notNull().default(0),
  awardKarma: integer("award_karma").notNull().default(0),
  total: integer("total").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
