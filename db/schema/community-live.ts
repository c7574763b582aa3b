import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * Live discussions (spec 002 "Live discussion"; issue 29, part 6; decision 068). Public to signed-in
 * people. `participant_count` (people in the room now) and `message_count` move in the same
 * transaction as the rows they count, with the discussion row locked.
 */
export const liveDiscussions = pgTable(
  "live_discussions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** One of LIVE_CATEGORIES. */
    category: text("category").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    estimatedMinutes: integer("estimated_minutes").notNull(),
    participantCount: integer("participant_count").notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    startedAt: ts("started_at").notNull().defaultNow(),
    /** Null while it runs; set by the host's End discussion (then read-only). */
    endedAt: ts("ended_at"),
    lastMessageAt: ts("last_message_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("live_discussions_started_idx").on(t.startedAt),
    index("live_discussions_host_idx").on(t.hostId),
    check("live_discussions_counts", sql`${t.participantCount} >= 0 and ${t.messageCount} >= 0`),
  ],
);

/** Who is in a discussion: owner (the host), moderator or member; left or removed people keep their row. */
export const liveDiscussionParticipants = pgTable(
  "live_discussion_participants",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => liveDiscussions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of LIVE_ROLES. */
    role: text("role").notNull().default("member"),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    /** Null while in the room. */
    leftAt: ts("left_at"),
    /** Removed by a moderator or the host: cannot rejoin. */
    removedAt: ts("removed_at"),
    removedBy: uuid("removed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.discussionId, t.userId] }),
    index("live_discussion_participants_user_idx").on(t.userId),
    check("live_discussion_participants_role", sql`${t.role} in ('member', 'moderator', 'owner')`),
  ],
);

export const liveDiscussionMessages = pgTable(
  "live_discussion_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => liveDiscussions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** "message" or "system" (joined, left, ended...). */
    messageType: text("message_type").notNull().default("message"),
    replyTo: uuid("reply_to"),
    /** Removed by a moderator or the host: shown as removed, its text no longer sent. */
    removedAt: ts("removed_at"),
    removedBy: uuid("removed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("live_discussion_messages_discussion_idx").on(t.discussionId, t.createdAt),
    check("live_discussion_messages_type", sql`${t.messageType} in ('message', 'system')`),
  ],
);

export const liveDiscussionReactions = pgTable(
  "live_discussion_reactions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => liveDiscussionMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);
