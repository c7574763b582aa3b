import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { associations } from "./associations";
import { ts } from "./columns";
import { forumCategories } from "./community-forums";
import { organizations, roleContexts } from "./roles";

/**
 * The community feed of spec 002 (issue 29, parts 1, 2 and the votes of part 4): posts, votes,
 * bookmarks and shares. Ordinary relational data (DESIGN.md); the commands in
 * app/commands/community-posts.server.ts keep every counter in the transaction that changes what it
 * counts, with the post's row locked, so the counters stay equal to the rows under concurrency.
 */

/** A media file attached to a post: stored privately, served through /posts/media/{postId}/{index}. */
export interface PostMedia {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** A post (spec 002 section 3, Social post). Deleted posts keep their row (deleted_at) and show nowhere. */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The author's active context when posting (the card's role badge). */
    authorContextId: uuid("author_context_id").references(() => roleContexts.id, { onDelete: "set null" }),
    /** The association of the author's active context, if any (organization visibility and feed). */
    associationId: uuid("association_id").references(() => associations.id, { onDelete: "set null" }),
    /** The company of the author's active context when it has no association. */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    /** text, image, link, event, rfp_announcement, property_update, industry_news (document: API only). */
    postType: text("post_type").notNull().default("text"),
    /** public, professional, organization, connections_only. */
    visibility: text("visibility").notNull().default("public"),
    /** The first 100 characters of the content (spec 002 section 3). */
    title: text("title").notNull().default(""),
    content: text("content").notNull(),
    hashtags: jsonb("hashtags").$type<string[]>().notNull().default([]),
    /** User ids of the people mentioned (notified once, when first mentioned). */
    mentionedUsers: jsonb("mentioned_users").$type<string[]>().notNull().default([]),
    media: jsonb("media").$type<PostMedia[]>().notNull().default([]),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    /** upvotes - downvotes (Top). */
    score: integer("score").notNull().default(0),
    /** domain/community/sorts.ts hotScore, kept with the votes (Hot). */
    hotScore: doublePrecision("hot_score").notNull().default(0),
    /** domain/community/sorts.ts controversy, kept with the votes (Controversial). */
    controversy: doublePrecision("controversy").notNull().default(0),
    bookmarksCount: integer("bookmarks_count").notNull().default(0),
    sharesCount: integer("shares_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    /** Forums (issue 29, part 5): the post's category, whether it is a question, its forum tags. */
    categoryId: uuid("category_id").references(() => forumCategories.id, { onDelete: "set null" }),
    isQuestion: boolean("is_question").notNull().default(false),
    /** Forums (decision 085): posted by a moderator as the category's announcement, pinned on its page. */
    isAnnouncement: boolean("is_announcement").notNull().default(false),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /**
     * The link preview (spec 002: link_url, link_title, link_description, link_image_url; decision 071):
     * the first http(s) URL of the content, fetched after commit by the link preview job
     * (app/commands/link-previews.server.ts). All null until fetched, and when nothing could be read.
     */
    linkUrl: text("link_url"),
    linkTitle: text("link_title"),
    linkDescription: text("link_description"),
    linkSiteName: text("link_site_name"),
    /** The page's og:image address as the page named it (never shown: readers never reach the third party). */
    linkImageUrl: text("link_image_url"),
    /**
     * That picture as this server fetched, checked and downscaled it (decision 087): a key of the private
     * storage area "link-preview-images", served from our own origin to the post's readers. Null when
     * the page named none or it could not be read.
     */
    linkImageKey: text("link_image_key"),
    /** A question's accepted answer: a comment id, no foreign key yet (comments come at merge); unused. */
    acceptedCommentId: uuid("accepted_comment_id"),
    /** Rises with every edit: the edit form carries the version it was rendered from (409 when stale). */
    version: integer("version").notNull().default(1),
    editedAt: ts("edited_at"),
    deletedAt: ts("deleted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("posts_recent_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index("posts_hot_idx").on(t.hotScore.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index("posts_controversy_idx").on(t.controversy.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index("posts_top_idx").on(t.score.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index("posts_author_idx").on(t.authorId, t.createdAt.desc()),
    index("posts_association_idx").on(t.associationId, t.createdAt.desc()),
    index("posts_organization_idx").on(t.organizationId, t.createdAt.desc()),
    index("posts_category_idx").on(t.categoryId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`),
    // The storage sweep asks which stored preview pictures a post still names (decision 087).
    index("posts_link_image_idx").on(t.linkImageKey).where(sql`${t.linkImageKey} is not null`),
    check(
      "posts_counters_nonnegative",
      sql`${t.upvotes} >= 0 and ${t.downvotes} >= 0
      and ${t.bookmarksCount} >= 0 and ${t.sharesCount} >= 0`,
    ),
  ],
);

/** One vote per person per post (spec 002 section 3, Vote): 1 up, -1 down. No row: no vote. */
export const postVotes = pgTable(
  "post_votes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: smallint("value").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_votes_user_idx").on(t.userId),
    check("post_votes_value", sql`${t.value} in (1, -1)`),
  ],
);

/** A post a person saved (the "Saved" list). */
export const postBookmarks = pgTable(
  "post_bookmarks",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_bookmarks_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * A repost to one's own feed: once per person per post. shares_count counts people, not rows: those
 * with a repost here or a send in post_message_shares, each once (decision 072).
 */
export const postShares = pgTable(
  "post_shares",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_shares_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * The link preview outbox (decision 071): a post created or edited with a new first URL gets a row in
 * its own transaction; the background job (app/jobs.server.ts, nudged after the request commits) claims
 * it with the shared outbox round (app/mail/outbox.server.ts), fetches the page with no transaction
 * open, and stores the preview on the post if the post still links there. Rows are deleted once handled.
 */
export const linkPreviewRequests = pgTable(
  "link_preview_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** pending, or sending (claimed by an app server's job). */
    state: text("state", { enum: ["pending", "sending"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: ts("claimed_at"),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("link_preview_requests_created_idx").on(t.createdAt),
    index("link_preview_requests_post_idx").on(t.postId),
  ],
);

/**
 * A person sent the post in a message (issue 29, part 1; decision 072): one row per person per post,
 * however many times they send it. With post_shares it makes shares_count:
 * a person who reposted and sent, or sent several times, counts once.
 */
export const postMessageShares = pgTable(
  "post_message_shares",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);
