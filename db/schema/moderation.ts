import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * Reports and moderation (issue 29, part 10; docs/decisions/069-reports-and-moderation.md). Generic
 * over what is reported: `target_kind` is an open list (post today; comment, live_message, message as
 * their areas wire in) and `target_id` the item's id, so no foreign key to one table.
 */

/** One person's report of one item: once per person per item (a second report updates it). */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetKind: text("target_kind").notNull(),
    targetId: uuid("target_id").notNull(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of REPORT_CATEGORIES (spec 002). */
    category: text("category").notNull(),
    details: text("details").notNull().default(""),
    /** open, then closed by a moderator's action (actioned) or dismissal (dismissed). */
    status: text("status", { enum: ["open", "actioned", "dismissed"] })
      .notNull()
      .default("open"),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: ts("closed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_reports_once").on(t.targetKind, t.targetId, t.reporterId),
    index("content_reports_open_idx").on(t.targetKind, t.targetId).where(sql`${t.status} = 'open'`),
    check("content_reports_status", sql`${t.status} in ('open', 'actioned', 'dismissed')`),
  ],
);

/**
 * An item moderators hid or removed (no row: untouched). Read paths leave these items out for everyone
 * but their author and administrators; the author sees the state and the reason.
 */
export const moderatedContent = pgTable(
  "moderated_content",
  {
    targetKind: text("target_kind").notNull(),
    targetId: uuid("target_id").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["hidden", "removed"] }).notNull(),
    /** Shown to the author (required for a removal). */
    reason: text("reason").notNull().default(""),
    moderatorId: uuid("moderator_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.targetKind, t.targetId] }),
    index("moderated_content_author_idx").on(t.authorId),
    check("moderated_content_state", sql`${t.state} in ('hidden', 'removed')`),
  ],
);

/** A period during which a person may not post (posts, comments, live messages, community events). */
export const postingSuspensions = pgTable(
  "posting_suspensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    moderatorId: uuid("moderator_id").references(() => users.id, { onDelete: "set null" }),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    /** Set when an appeal reversed it. */
    liftedAt: ts("lifted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("posting_suspensions_user_idx").on(t.userId, t.endsAt.desc())],
);

/**
 * The author's appeal of a hidden or removed item (subject_kind = the item's kind) or of a suspension
 * (subject_kind 'suspension', subject_id the suspension): once per subject, whatever the answer.
 */
export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    appellantId: uuid("appellant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    status: text("status", { enum: ["open", "upheld", "reversed"] })
      .notNull()
      .default("open"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("moderation_appeals_once").on(t.subjectKind, t.subjectId),
    index("moderation_appeals_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    check("moderation_appeals_status", sql`${t.status} in ('open', 'upheld', 'reversed')`),
  ],
);

/** Every moderation action, append-only (a trigger refuses UPDATE and DELETE): who, what, target, reason, when. */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** One of MODERATION_ACTIONS. */
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: uuid("target_id").notNull(),
    /** The person the action concerns (the item's author). */
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    /** A suspension's end. */
    endsAt: ts("ends_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("moderation_actions_recent_idx").on(t.createdAt.desc()),
    index("moderation_actions_target_idx").on(t.targetKind, t.targetId),
  ],
);
