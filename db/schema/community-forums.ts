import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { roleContexts } from "./roles";

/**
 * Forums (spec 002 "Forum categories grid", "Forum category and membership", section 4 "Forums"; issue
 * 29, part 5): categories (communities) and their memberships. Ordinary relational data. The ten
 * default categories are written by the migration that creates the table, so they exist on every
 * fresh database. `member_count` (active memberships) and `post_count` (live posts with the category)
 * move in the transaction that changes what they count, with the category's row locked
 * (app/commands/community-forums.server.ts, app/commands/community-posts.server.ts).
 */
export const forumCategories = pgTable(
  "forum_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The address: /common-area/forums/{slug}. */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The category's rules, one a line, shown on its page and its card. */
    rules: jsonb("rules").$type<string[]>().notNull().default([]),
    color: text("color"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Visible and readable only to its members. */
    isPrivate: boolean("is_private").notNull().default(false),
    /** Joining creates a pending request that a moderator or admin of the category decides. */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    /** Q&A (spec 002: the default category). */
    isDefault: boolean("is_default").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    isArchived: boolean("is_archived").notNull().default(false),
    memberCount: integer("member_count").notNull().default(0),
    postCount: integer("post_count").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(100),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("forum_categories_name_idx").on(sql`lower(${t.name})`),
    check("forum_categories_counters", sql`${t.memberCount} >= 0 and ${t.postCount} >= 0`),
  ],
);

/**
 * One person in one category (spec 002: role moderator, admin or member). `pending`: a join request of
 * an approval-required category, not a member yet (not counted, reads nothing private).
 */
export const forumMemberships = pgTable(
  "forum_memberships",
  {
    categoryId: uuid("category_id")
      .notNull()
      .references(() => forumCategories.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** member, moderator, admin. */
    role: text("role").notNull().default("member"),
    /** active, pending. */
    status: text("status").notNull().default("active"),
    /** The active context the person joined with (spec 002: the join call carries contextId). */
    contextId: uuid("context_id").references(() => roleContexts.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.userId] }),
    index("forum_memberships_user_idx").on(t.userId, t.status),
    check("forum_memberships_role", sql`${t.role} in ('member', 'moderator', 'admin')`),
    check("forum_memberships_status", sql`${t.status} in ('active', 'pending')`),
  ],
);
